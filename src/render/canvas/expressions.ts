/**
 * pdfme's placeholders in canvas text: `{orders.reduce((sum, item) => sum + parseFloat(item[1]), 0)}`,
 * `{date.split('/')[0]}`, `{price * qty}`. A text Quire's tag language reads (`{amount | currency}`,
 * sections) stays Quire's; a text it cannot read is split into literal text and `{…}` placeholders,
 * each an expression of core/expr's safe language (no globals, prototypes or `constructor`; a step
 * budget) — or a Quire tag when it has a filter pipe or only the tag language reads it. An expression that is refused or fails prints
 * ERROR_MARK — never its source, never anything it could reach.
 */
import { QuireError } from '../../core/errors';
import type { TemplateNode } from '../../core/expr/ast';
import { type EvalOptions, parseCached, renderTemplate, type Scope } from '../../core/expr/evaluate';
import { type ExprNode, evaluateAst, parseCachedExpression } from '../../core/expr/lang';
import { defaultToPlain, getChild, isPlainObject, toText } from '../../core/expr/values';

/** What a placeholder that cannot be evaluated prints (pdfme would print the raw placeholder). */
export const ERROR_MARK = '#ERROR';

export type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'tag'; nodes: TemplateNode[] }
  | { kind: 'expr'; ast: ExprNode }
  | { kind: 'error'; reason: string };

/** Literal runs and `{…}` placeholders; braces nest and quoted text hides braces, as in JavaScript. */
export function splitPlaceholders(text: string): Array<{ literal: string } | { placeholder: string }> {
  const out: Array<{ literal: string } | { placeholder: string }> = [];
  let literal = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && text[i + 1] === '{') {
      literal += '{';
      i += 2;
      continue;
    }
    const end = ch === '{' ? closingBrace(text, i) : -1;
    if (end < 0) {
      literal += ch;
      i++;
      continue;
    }
    if (literal) out.push({ literal });
    literal = '';
    out.push({ placeholder: text.slice(i + 1, end) });
    i = end + 1;
  }
  if (literal) out.push({ literal });
  return out;
}

/** Index of the brace closing the one at `open`, or -1 when it is never closed. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  return -1;
}

const FILTER_PIPE = /(^|[^|])\|(?!\|)/;

const reasonOf = (error: unknown) =>
  error instanceof QuireError ? (error.issues[0]?.reason ?? error.message) : String(error);

/**
 * The pieces of a text Quire's tag language could not read as a whole, or an error naming the
 * placeholders refused (said in the template's warnings; they print ERROR_MARK).
 */
export function planPieces(text: string, options: EvalOptions): { pieces: Piece[]; refused: string[] } {
  const refused: string[] = [];
  const pieces = splitPlaceholders(text).map((part): Piece => {
    if ('literal' in part) return { kind: 'text', text: part.literal };
    const tag = () => ({ kind: 'tag' as const, nodes: parseCached(`{${part.placeholder}}`, options) });
    // A lone `|` is Quire's filter pipe (JavaScript's `|` is not in the language): a tag, whose
    // own error (an unknown filter) is the one to report.
    if (FILTER_PIPE.test(part.placeholder)) return tag();
    // Otherwise pdfme's meaning first: `{orders.length}` reads the table input's JSON rows.
    try {
      return { kind: 'expr', ast: parseCachedExpression(part.placeholder) };
    } catch (error) {
      try {
        // Only what the expression syntax cannot read may be a tag (`{Order no}`); a refused name stays refused.
        if (!(error instanceof QuireError && error.errorName === 'ExprSyntaxError')) throw error;
        return tag();
      } catch {
        const reason = reasonOf(error);
        refused.push(reason);
        return { kind: 'error', reason };
      }
    }
  });
  return { pieces, refused };
}

/** A JSON text of an object or list as its value (pdfme parses inputs so, for `orders.reduce`). */
function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  if (!(t.startsWith('[') || t.startsWith('{'))) return value;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return value;
  }
}

/** pdfme's `{date}` and `{dateTime}`: today as YYYY/MM/DD (and HH:mm) in the template's zone. */
export function pdfmeDates(now: number, timeZone: string | undefined): { date: string; dateTime: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZone ?? 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${get('year')}/${get('month')}/${get('day')}`;
  return { date, dateTime: `${date} ${get('hour')}:${get('minute')}` };
}

export interface PieceContext {
  /** Scope of Quire tags among the placeholders. */
  scope: Scope;
  /** Names read before the record (pdfme's page numbers win over a field of the same name). */
  first: Record<string, unknown>;
  /** The record's values by name (pdfme: the inputs; JSON texts read as their values). */
  record: unknown;
  /** Names read when the record has none (pdfme's `date`, `dateTime`). */
  last: Record<string, unknown>;
  options: EvalOptions;
}

function lookupIn(ctx: PieceContext): (name: string) => unknown {
  return (name) => {
    if (Object.hasOwn(ctx.first, name)) return ctx.first[name];
    const value = getChild(ctx.record, name, defaultToPlain);
    if (value !== undefined) return parsedJson(value);
    return Object.hasOwn(ctx.last, name) ? ctx.last[name] : undefined;
  };
}

/** The text of pieces for one record. Expressions read data only; a failure prints ERROR_MARK. */
export function renderPieces(pieces: readonly Piece[], ctx: PieceContext): string {
  let out = '';
  for (const piece of pieces) {
    if (piece.kind === 'text') out += piece.text;
    else if (piece.kind === 'error') out += ERROR_MARK;
    else if (piece.kind === 'tag') out += renderTemplate(piece.nodes, undefined, ctx.options, ctx.scope);
    else {
      try {
        const value = evaluateAst(piece.ast, {
          lookup: lookupIn(ctx),
          ...(ctx.options.locale ? { locale: ctx.options.locale } : {}),
          ...(ctx.options.timeZone ? { timeZone: ctx.options.timeZone } : {}),
          maxSteps: 200_000,
        });
        out += isPlainObject(value) ? JSON.stringify(value) : toText(value);
      } catch {
        out += ERROR_MARK;
      }
    }
  }
  return out;
}
