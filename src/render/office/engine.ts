/**
 * The fill engine for WordprocessingML and DrawingML text (docx parts, pptx slides): compiles one
 * XML part into a tree of untouched XML and tags, once per template, then renders that tree per
 * record.
 *
 * Compiling:
 * 1. Tags split across runs by Word's editing are joined: per paragraph, the text of all its text
 *    elements is scanned for tags, and each tag's characters move into the text element where the
 *    tag starts (the formatting of the tag's first character wins).
 * 2. Loops are widened to whole elements when their tags sit in different paragraphs: to the
 *    children of the nearest common ancestor (paragraphs, table rows, cells), to the whole row when
 *    that ancestor is a table row. A loop tag alone in its paragraph takes the paragraph with it,
 *    so no empty paragraph is left. Tags in one paragraph loop over the runs between them.
 * 3. The result is a tree of XML text, value tags, image tags and sections.
 * Rendering evaluates tags with core/expr over the print input; record text is always escaped.
 */
import { type ErrorIssue, QuireError } from '../../core/errors';
import type { TagExpression } from '../../core/expr/ast';
import { type EvalOptions, evaluateExpression, type Scope, withItem } from '../../core/expr/evaluate';
import { isKnownFilter } from '../../core/expr/filters';
import { MAX_SECTION_DEPTH, parseTagExpression } from '../../core/expr/parse';
import { defaultToPlain, isEmptyValue, isTruthy, toText } from '../../core/expr/values';
import { CHECKBOX_GLYPHS } from '../../core/format/text';
import { OFFICE_FILTER_NAMES } from './filters';
import { isRichValue, type RichLine, richLines } from './rich';
import { findTags, sectionName, type TagRole, type TagSpan, tagRole } from './tags';
import { decodeXml, escapeXml, setAttr, tagName, tokenize, tokenKind } from './xml';

export interface Dialect {
  paragraph: string;
  run: string;
  text: string;
  runProps: string;
  /** Table row: a loop whose tags are in two cells of one row repeats the row. */
  row: string;
  /** Elements that keep a paragraph even when it holds only a loop tag (section breaks, drawings). */
  keep: ReadonlySet<string>;
  /** docx needs xml:space="preserve" on text that starts or ends with spaces. */
  preserveSpace: boolean;
  /** Markup that ends a line inside a text element and reopens it, given the run's properties. */
  lineBreak(runProps: string): string;
  tab(runProps: string): string;
  /** Formatted runs of a rich value, replacing the tag inside its text element. */
  rich(lines: RichLine[], runProps: string): string;
  /**
   * Containers that must end with a paragraph (a table cell, a text box): a loop that ran zero
   * times may have emptied them, and Word then reports the file as damaged.
   */
  mustEndWithParagraph: readonly string[];
  /** An empty paragraph, to put in such a container. */
  emptyParagraph: string;
  /** Block elements that may end such a container instead of a paragraph (content controls). */
  paragraphWrappers: readonly string[];
  /** Check box glyphs for booleans printed without filters (Word, spec 001 §9.2). */
  checkboxes: boolean;
  /** A loop whose common ancestor is this element repeats the whole part (a slide). */
  partLoopAncestor?: string;
}

export type CompiledNode =
  | { t: 'xml'; s: string }
  | { t: 'tag'; expr: TagExpression; runProps: string }
  | { t: 'image'; expr: TagExpression; runProps: string; source: string }
  | {
      t: 'section';
      expr: TagExpression;
      inverted: boolean;
      children: CompiledNode[];
      /** After `{:else}`: printed (in the outer scope) when the section printed nothing. */
      alternate?: CompiledNode[];
    };

export interface CompiledPart {
  nodes: CompiledNode[];
  /** Set when a loop spans the whole part (pptx: repeat the slide). */
  partLoop?: { expr: TagExpression; inverted: boolean };
  /** Whether the part has any tag at all (parts without are copied byte for byte). */
  hasTags: boolean;
}

interface Ancestor {
  name: string;
  start: number;
}

interface FlatTag {
  k: 'tag';
  role: TagRole;
  rest: string;
  body: string;
  path: Ancestor[];
  /** Flat index of the innermost paragraph's start tag, -1 outside paragraphs. */
  para: number;
  runProps: string;
  /** Text around the tag, for messages. */
  around: string;
  unclosed?: true;
}

type Flat = string | FlatTag;

export const OFFICE_FILTERS_KNOWN = (name: string) => isKnownFilter(name) || OFFICE_FILTER_NAMES.has(name);
/** How Office tags parse: Quire's and Office's filters, and expressions (`{qty * price}`). */
export const OFFICE_PARSE = { isKnownFilter: OFFICE_FILTERS_KNOWN, expressions: true } as const;

/** Joins split tags: returns, per text token index, its new content (text pieces and tags). */
function joinSplitTags(tokens: string[], dialect: Dialect, delimiters: EvalOptions['delimiters']) {
  const replaced = new Map<number, Array<string | TagSpan>>();
  const stack: number[][] = [];
  let inText = 0;
  const flushParagraph = (textTokens: number[]) => {
    if (textTokens.length === 0) return;
    const texts = textTokens.map((i) => decodeXml(tokens[i]!));
    const full = texts.join('');
    if (!full.includes('{')) return;
    const spans = findTags(full, delimiters);
    if (spans.length === 0) return;
    const ends: number[] = [];
    let acc = 0;
    for (const t of texts) ends.push((acc += t.length));
    const outs: Array<Array<string | TagSpan>> = texts.map(() => []);
    let node = 0;
    let si = 0;
    let k = 0;
    let buffer = '';
    const push = (piece: string | TagSpan) => {
      if (typeof piece === 'string') buffer += piece;
      else {
        if (buffer) outs[node]!.push(buffer);
        buffer = '';
        outs[node]!.push(piece);
      }
    };
    while (k < full.length) {
      while (k >= ends[node]!) {
        if (buffer) outs[node]!.push(buffer);
        buffer = '';
        node++;
      }
      const span = spans[si];
      if (span && span.start === k) {
        push(span);
        si++;
        k = span.end;
        continue;
      }
      push(full[k]!);
      k++;
    }
    if (buffer) outs[node]!.push(buffer);
    textTokens.forEach((tokenIndex, n) => {
      replaced.set(tokenIndex, outs[n]!);
    });
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const kind = tokenKind(token);
    if (kind === 'text') {
      if (inText > 0 && stack.length > 0) stack[stack.length - 1]!.push(i);
      continue;
    }
    const name = tagName(token);
    if (name === dialect.paragraph) {
      if (kind === 'open') stack.push([]);
      else if (kind === 'close') flushParagraph(stack.pop() ?? []);
    } else if (name === dialect.text) {
      if (kind === 'open') inText++;
      else if (kind === 'close') inText = Math.max(0, inText - 1);
    }
  }
  return replaced;
}

export class TemplateIssues {
  readonly issues: ErrorIssue[] = [];
  add(part: string, tag: string, reason: string, around: string) {
    this.issues.push({ path: `${part} ${tag}`.trim(), reason: around ? `${reason} — near "${around}"` : reason });
  }
  throwIfAny(): void {
    if (this.issues.length === 0) return;
    throw new QuireError('TemplateError', {
      detail: this.issues.map((i) => `${i.path}: ${i.reason}`).join('; '),
      issues: this.issues,
    });
  }
}

function aroundText(full: string, span: TagSpan): string {
  const before = full.slice(Math.max(0, span.start - 20), span.start);
  const after = full.slice(span.end, span.end + 20);
  return `${before}${full.slice(span.start, span.end)}${after}`.replace(/\s+/g, ' ').trim();
}

/** Compiles one part. Problems are added to `issues` (the caller throws once for all parts). */
export function compilePart(
  xml: string,
  part: string,
  dialect: Dialect,
  issues: TemplateIssues,
  delimiters: EvalOptions['delimiters'] = 'single',
): CompiledPart {
  if (!xml.includes('{')) return { nodes: [{ t: 'xml', s: xml }], hasTags: false };
  const tokens = tokenize(xml);
  const replaced = joinSplitTags(tokens, dialect, delimiters);
  if (replaced.size === 0) return { nodes: [{ t: 'xml', s: xml }], hasTags: false };

  // Flatten: XML tokens and tags, each tag knowing its ancestors.
  const flat: Flat[] = [];
  const closeOf = new Map<number, number>();
  const stack: Ancestor[] = [];
  const paraStack: number[] = [];
  let runProps = '';
  let rPrStart = -1;
  let rPrDepth = 0;
  const tagIndices: number[] = [];
  // Flat indices of visible text and of elements that keep a paragraph or row (drawings…).
  const textAt = new Set<number>();
  const keepAt = new Set<number>();
  const unescapeBraces =
    delimiters === 'double' ? (t: string) => t.replace(/\\\{\{/g, '{{') : (t: string) => t.replace(/\\\{/g, '{');
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const kind = tokenKind(token);
    const para = paraStack[paraStack.length - 1] ?? -1;
    if (kind === 'text') {
      const pieces = replaced.get(i);
      if (!pieces) {
        if (token.trim() && stack.some((a) => a.name === dialect.text)) {
          textAt.add(flat.length);
        }
        flat.push(token);
        continue;
      }
      const full = pieces.map((p) => (typeof p === 'string' ? p : shownTag(p))).join('');
      let offset = 0;
      for (const piece of pieces) {
        if (typeof piece === 'string') {
          if (piece.trim()) {
            textAt.add(flat.length);
          }
          // `\{` is how a template prints a brace (as in core/expr).
          flat.push(escapeXml(unescapeBraces(piece)));
          offset += piece.length;
          continue;
        }
        const span = { start: offset, end: offset + shownTag(piece).length, body: piece.body };
        offset = span.end;
        const { role, rest } = tagRole(piece.body);
        tagIndices.push(flat.length);
        flat.push({
          k: 'tag',
          role,
          rest,
          body: piece.body,
          path: stack.slice(),
          para,
          runProps,
          around: aroundText(full, span),
          ...(piece.unclosed ? { unclosed: true as const } : {}),
        });
      }
      continue;
    }
    if (kind === 'other') {
      flat.push(token);
      continue;
    }
    const name = tagName(token);
    if (dialect.keep.has(name)) {
      keepAt.add(flat.length);
    }
    if (kind === 'open') {
      let out = token;
      if (name === dialect.text && dialect.preserveSpace && replaced.has(i + 1)) {
        out = setAttr(token, 'xml:space', 'preserve');
      }
      stack.push({ name, start: flat.length });
      if (name === dialect.paragraph) {
        paraStack.push(flat.length);
      } else if (name === dialect.run) {
        runProps = '';
      } else if (name === dialect.runProps && rPrDepth === 0) {
        rPrStart = i;
      }
      if (rPrStart >= 0) rPrDepth++;
      flat.push(out);
    } else if (kind === 'close') {
      const open = stack.pop();
      if (open) closeOf.set(open.start, flat.length);
      if (name === dialect.paragraph) paraStack.pop();
      if (rPrStart >= 0) {
        rPrDepth--;
        if (rPrDepth === 0) {
          runProps = tokens.slice(rPrStart, i + 1).join('');
          rPrStart = -1;
        }
      }
      flat.push(token);
    } else {
      if (name === dialect.runProps && rPrStart < 0) runProps = token;
      flat.push(token);
    }
  }

  // Pair the sections.
  const pairs: Array<[number, number]> = [];
  const open: number[] = [];
  const before = new Map<number, number[]>();
  const after = new Map<number, number[]>();
  const moved = new Set<number>();
  const deleted = new Uint8Array(flat.length);
  let partLoop: [number, number] | undefined;
  // Problems of the loop structure, by the tag's position; reported with every tag's own problems.
  const structural = new Map<number, string>();
  // `{:else}` tags by position → the position of their section's opening tag.
  const elseOf = new Map<number, number>();
  for (const index of tagIndices) {
    const tag = flat[index] as FlatTag;
    if (tag.role === 'else') {
      const owner = open[open.length - 1];
      if (owner === undefined) structural.set(index, '{:else} outside any loop or condition');
      else if ([...elseOf.values()].includes(owner)) structural.set(index, 'a second {:else} in one section');
      else elseOf.set(index, owner);
      continue;
    }
    if (tag.unclosed) {
      structural.set(index, `tag is not closed: '${delimiters === 'double' ? '}}' : '}'}' missing`);
      continue;
    }
    if (tag.role === 'open' || tag.role === 'inverted') {
      if (open.length >= MAX_SECTION_DEPTH) {
        issues.add(part, `{${tag.body}}`, `loops nested deeper than ${MAX_SECTION_DEPTH}`, tag.around);
        return { nodes: [], hasTags: true };
      }
      open.push(index);
    } else if (tag.role === 'close') {
      const start = open.pop();
      if (start === undefined) {
        structural.set(index, 'closes no loop');
        continue;
      }
      const opener = flat[start] as FlatTag;
      if (tag.rest && tag.rest !== sectionName(opener.rest)) structural.set(index, `closes '{${opener.body}}'`);
      pairs.push([start, index]);
    }
  }
  for (const index of open) structural.set(index, 'loop is not closed');
  if (structural.size > 0) {
    // Nothing is compiled, but the designer hears of every problem in one go, in reading order.
    for (const index of tagIndices) {
      const tag = flat[index] as FlatTag;
      const reason =
        structural.get(index) ??
        (tag.role === 'close' || tag.role === 'else' ? undefined : expressionProblem(tag.rest, part));
      if (reason) issues.add(part, shownTag(tag), reason, tag.around);
    }
    return { nodes: [], hasTags: true };
  }

  const addAnchor = (map: Map<number, number[]>, at: number, tag: number) => {
    const list = map.get(at);
    if (list) list.push(tag);
    else map.set(at, [tag]);
    moved.add(tag);
  };
  // A paragraph or table row holding nothing but one loop tag goes away with the tag.
  const isAlone = (_tag: FlatTag, element: Ancestor) => {
    if (element.name !== dialect.paragraph && element.name !== dialect.row) return false;
    const end = closeOf.get(element.start) ?? element.start;
    let tags = 0;
    for (const t of tagIndices) if (t > element.start && t < end) tags++;
    if (tags !== 1) return false;
    for (let i = element.start; i <= end; i++) if (textAt.has(i) || keepAt.has(i)) return false;
    return true;
  };
  // Whether a loop tag's own paragraph (when it is the element the loop widens to) has content
  // before and after the tag: text, other tags, drawings.
  const tagSet = new Set(tagIndices);
  const hasContent = (from: number, to: number) => {
    for (let i = from + 1; i < to; i++) if (textAt.has(i) || keepAt.has(i) || tagSet.has(i)) return true;
    return false;
  };
  const sides = (index: number, element: Ancestor, tag: FlatTag) => {
    if (element.name !== dialect.paragraph || element.start !== tag.para) return undefined;
    const end = closeOf.get(element.start) ?? element.start;
    return { before: hasContent(element.start, index), after: hasContent(index, end) };
  };
  const remove = (element: Ancestor) => {
    deleted.fill(1, element.start, (closeOf.get(element.start) ?? element.start) + 1);
  };

  const elsesOf = new Map<number, number[]>();
  for (const [e, o] of elseOf) elsesOf.set(o, [...(elsesOf.get(o) ?? []), e]);
  for (const [o, c] of pairs) {
    const a = flat[o] as FlatTag;
    const b = flat[c] as FlatTag;
    const elses = elsesOf.get(o) ?? [];
    let k = 0;
    while (k < a.path.length && k < b.path.length && a.path[k]!.start === b.path[k]!.start) k++;
    const ancestor = a.path[k - 1];
    if (dialect.partLoopAncestor && ancestor?.name === dialect.partLoopAncestor && !partLoop) {
      // The loop tags vanish; the caller repeats the whole part.
      partLoop = [o, c];
      for (const e of elses) {
        structural.set(e, '{:else} is not supported in a loop that repeats the slide');
        issues.add(part, '{:else}', structural.get(e)!, (flat[e] as FlatTag).around);
      }
      for (const tag of [a, b]) {
        const para = tag.path.find((p) => p.start === tag.para);
        if (para && isAlone(tag, para)) remove(para);
      }
      moved.add(o);
      moved.add(c);
      continue;
    }
    if (a.para === b.para && a.para >= 0) {
      const namesA = a.path.slice(k).map((p) => p.name);
      const namesB = b.path.slice(k).map((p) => p.name);
      for (const e of elses) {
        if ((flat[e] as FlatTag).para !== a.para) {
          issues.add(
            part,
            '{:else}',
            'put {:else} in the same paragraph as its loop tags',
            (flat[e] as FlatTag).around,
          );
        }
      }
      if (namesA.join('/') === namesB.join('/')) continue;
      // Runs of different kinds (a link and a plain run): loop over the whole paragraph.
      const para = a.path.find((p) => p.start === a.para)!;
      addAnchor(before, para.start, o);
      addAnchor(after, closeOf.get(para.start)!, c);
      continue;
    }
    let first = a.path[k];
    let last = b.path[k];
    if (ancestor && ancestor.name === dialect.row) {
      first = ancestor;
      last = ancestor;
    }
    if (!first || !last) continue;
    // `{:else}` between whole paragraphs (rows): its paragraph starts the else part; alone, it goes.
    for (const e of elses) {
      const tag = flat[e] as FlatTag;
      const element = tag.path[k];
      if (!element || element.start === first.start || element.start === last.start) {
        issues.add(part, '{:else}', 'put {:else} in a paragraph of its own between the loop tags', tag.around);
        continue;
      }
      if (isAlone(tag, element)) {
        remove(element);
        addAnchor(after, closeOf.get(element.start)!, e);
      } else addAnchor(before, element.start, e);
    }
    // Paragraph loops as docxtemplater does them: what stands before `{#items}` in its paragraph
    // (or after `{/items}` in its) prints once, not once per item.
    const openSide = first !== last ? sides(o, first, a) : undefined;
    const closeSide = first !== last ? sides(c, last, b) : undefined;
    const split = (openSide?.before && openSide.after) || (closeSide?.before && closeSide.after);
    const samePath =
      a.path
        .slice(k)
        .map((p) => p.name)
        .join('/') ===
      b.path
        .slice(k)
        .map((p) => p.name)
        .join('/');
    if (split && samePath) {
      // Text on both sides of a tag: the loop repeats exactly what lies between its tags (the
      // XML between them closes and reopens the same elements, so every copy is balanced).
      continue;
    }
    if (first !== last && isAlone(a, first)) {
      remove(first);
      addAnchor(after, closeOf.get(first.start)!, o);
    } else if (openSide?.before && !openSide.after) addAnchor(after, closeOf.get(first.start)!, o);
    else addAnchor(before, first.start, o);
    if (first !== last && isAlone(b, last)) {
      remove(last);
      addAnchor(before, last.start, c);
    } else if (closeSide?.after && !closeSide.before) addAnchor(before, last.start, c);
    else addAnchor(after, closeOf.get(last.start)!, c);
  }

  // Emit the final order and build the tree.
  const root: CompiledNode[] = [];
  const sections: Array<{ node: CompiledNode & { t: 'section' }; tag: number }> = [];
  const target = () => {
    const top = sections[sections.length - 1]?.node;
    return top ? (top.alternate ?? top.children) : root;
  };
  const pairOf = new Map<number, number>();
  for (const [o, c] of pairs) pairOf.set(c, o);
  let xmlBuffer = '';
  const flushXml = () => {
    if (!xmlBuffer) return;
    target().push({ t: 'xml', s: xmlBuffer });
    xmlBuffer = '';
  };
  const emitTag = (index: number) => {
    const tag = flat[index] as FlatTag;
    if (partLoop && (index === partLoop[0] || index === partLoop[1])) return;
    const where = `${part} {${tag.body}}`;
    let expr: TagExpression | undefined;
    if (tag.role === 'else') {
      const top = sections[sections.length - 1];
      if (!top || top.tag !== elseOf.get(index)) {
        issues.add(part, '{:else}', 'loops overlap: {:else} must be inside its own section', tag.around);
        return;
      }
      flushXml();
      top.node.alternate = [];
      return;
    }
    if (tag.role !== 'close') {
      try {
        expr = parseTagExpression(tag.rest, where, OFFICE_PARSE);
      } catch (error) {
        const reason = error instanceof QuireError ? (error.issues[0]?.reason ?? error.message) : String(error);
        issues.add(part, `{${tag.body}}`, reason, tag.around);
        return;
      }
    }
    flushXml();
    if (tag.role === 'value') target().push({ t: 'tag', expr: expr!, runProps: tag.runProps });
    else if (tag.role === 'image') target().push({ t: 'image', expr: expr!, runProps: tag.runProps, source: tag.body });
    else if (tag.role === 'open' || tag.role === 'inverted') {
      const node = { t: 'section' as const, expr: expr!, inverted: tag.role === 'inverted', children: [] };
      target().push(node);
      sections.push({ node, tag: index });
    } else {
      const top = sections.pop();
      if (!top || top.tag !== pairOf.get(index)) {
        issues.add(part, `{${tag.body}}`, 'loops overlap: close the inner loop first', tag.around);
      }
    }
  };
  for (let i = 0; i < flat.length; i++) {
    for (const t of before.get(i) ?? []) emitTag(t);
    const item = flat[i]!;
    if (!deleted[i]) {
      if (typeof item === 'string') xmlBuffer += item;
      else if (!moved.has(i)) emitTag(i);
    }
    for (const t of after.get(i) ?? []) emitTag(t);
  }
  flushXml();

  let loop: CompiledPart['partLoop'];
  if (partLoop) {
    const tag = flat[partLoop[0]] as FlatTag;
    try {
      loop = {
        expr: parseTagExpression(tag.rest, part, OFFICE_PARSE),
        inverted: tag.role === 'inverted',
      };
    } catch (error) {
      const reason = error instanceof QuireError ? (error.issues[0]?.reason ?? error.message) : String(error);
      issues.add(part, `{${tag.body}}`, reason, tag.around);
    }
  }
  return { nodes: root, partLoop: loop, hasTags: true };
}

/** A tag as the designer wrote it (an unclosed one without its closing brace). */
function shownTag(tag: { body: string; unclosed?: true }): string {
  return tag.unclosed ? `{${tag.body}` : `{${tag.body}}`;
}

/** Why a tag's expression does not parse (unknown filter, invalid variable name…); none when it does. */
function expressionProblem(rest: string, where: string): string | undefined {
  try {
    parseTagExpression(rest, where, OFFICE_PARSE);
    return undefined;
  } catch (error) {
    return error instanceof QuireError ? (error.issues[0]?.reason ?? error.message) : String(error);
  }
}

const REPAIR_PATTERNS = new Map<string, RegExp>();

/** Puts an empty paragraph into containers a loop left without one. */
export function repairContainers(xml: string, dialect: Dialect): string {
  const key = dialect.paragraph;
  let pattern = REPAIR_PATTERNS.get(key);
  if (!pattern) {
    const p = dialect.paragraph;
    const names = dialect.mustEndWithParagraph.join('|');
    const wrappers = dialect.paragraphWrappers.map((w) => `|</${w}>`).join('');
    pattern = new RegExp(`(?<!</${p}>|<${p}\\b[^<>]*/>${wrappers})(</(?:${names})>)`, 'g');
    REPAIR_PATTERNS.set(key, pattern);
  }
  return xml.replace(pattern, `${dialect.emptyParagraph}$1`);
}

/** An image tag met while rendering; the caller turns it into a picture. */
export interface ImageSlot {
  value: unknown;
  runProps: string;
  source: string;
}

export type RenderedPiece = string | ImageSlot;

export interface RenderContext {
  options: EvalOptions;
  dialect: Dialect;
  /** Counts repeated items against the cap. */
  budget: { items: number; max: number };
}

const { checked: CHECKED, unchecked: UNCHECKED } = CHECKBOX_GLYPHS;

function valueText(value: unknown, expr: TagExpression, ctx: RenderContext): string {
  const toPlain = ctx.options.toPlain ?? defaultToPlain;
  if (ctx.dialect.checkboxes && expr.filters.length === 0) {
    const plain = toPlain(value);
    if (typeof plain === 'boolean') return plain ? CHECKED : UNCHECKED;
  }
  return toText(value, toPlain);
}

function textMarkup(text: string, runProps: string, dialect: Dialect): string {
  if (!/[\r\n\t]/.test(text)) return escapeXml(text);
  return text
    .split(/\r\n|\r|\n/)
    .map((line) =>
      line
        .split('\t')
        .map((s) => escapeXml(s))
        .join(dialect.tab(runProps)),
    )
    .join(dialect.lineBreak(runProps));
}

export function sectionItems(expr: TagExpression, inverted: boolean, scope: Scope, ctx: RenderContext): Scope[] {
  const raw = evaluateExpression(expr, undefined, ctx.options, scope);
  const value = (ctx.options.toPlain ?? defaultToPlain)(raw);
  if (inverted) return !isTruthy(value) || isEmptyValue(value) ? [scope] : [];
  if (Array.isArray(value)) {
    ctx.budget.items += value.length;
    if (ctx.budget.items > ctx.budget.max) {
      throw new QuireError('DocGenerationError', { detail: `more than ${ctx.budget.max} repeated items` });
    }
    return value.map((item, index) => withItem(scope, item, index));
  }
  return isTruthy(value) ? [withItem(scope, raw)] : [];
}

export function renderNodes(nodes: readonly CompiledNode[], scope: Scope, ctx: RenderContext, out: RenderedPiece[]) {
  for (const node of nodes) {
    switch (node.t) {
      case 'xml':
        out.push(node.s);
        break;
      case 'tag': {
        const value = evaluateExpression(node.expr, undefined, ctx.options, scope);
        if (isRichValue(value)) out.push(ctx.dialect.rich(richLines(value), node.runProps));
        else out.push(textMarkup(valueText(value, node.expr, ctx), node.runProps, ctx.dialect));
        break;
      }
      case 'image':
        out.push({
          value: evaluateExpression(node.expr, undefined, ctx.options, scope),
          runProps: node.runProps,
          source: node.source,
        });
        break;
      case 'section': {
        const items = sectionItems(node.expr, node.inverted, scope, ctx);
        for (const inner of items) renderNodes(node.children, inner, ctx, out);
        if (items.length === 0 && node.alternate) renderNodes(node.alternate, scope, ctx, out);
        break;
      }
    }
  }
}
