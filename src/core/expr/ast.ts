/** The syntax tree of text with tags. Plain JSON: it can be cached and sent to workers. */
import type { ExprNode } from './lang/ast';
import type { VariablePath } from './path';

export interface FilterCall {
  name: string;
  /** Arguments as written; quoted arguments have their quotes removed and escapes applied. */
  args: string[];
}

export interface TagExpression {
  /** The field the tag reads; no segments when the tag is an expression (`code`). */
  path: VariablePath;
  /** Set when the tag is an expression (`qty * price`, `#qty > 1`) rather than a field path. */
  code?: ExprNode;
  filters: FilterCall[];
  /** The tag body as written, for messages. */
  source: string;
}

export interface TextNode {
  type: 'text';
  value: string;
}

export interface TagNode {
  type: 'tag';
  expr: TagExpression;
}

export interface SectionNode {
  type: 'section';
  /** `{^x}`: shows its content when x is empty. */
  inverted: boolean;
  expr: TagExpression;
  children: TemplateNode[];
  /** After `{:else}`: shown (in the outer scope) when the section showed nothing. */
  alternate?: TemplateNode[];
}

export type TemplateNode = TextNode | TagNode | SectionNode;

export type Delimiters = 'single' | 'double';
