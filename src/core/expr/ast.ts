/** The syntax tree of text with tags. Plain JSON: it can be cached and sent to workers. */
import type { VariablePath } from './path';

export interface FilterCall {
  name: string;
  /** Arguments as written; quoted arguments have their quotes removed and escapes applied. */
  args: string[];
}

export interface TagExpression {
  path: VariablePath;
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
}

export type TemplateNode = TextNode | TagNode | SectionNode;

export type Delimiters = 'single' | 'double';
