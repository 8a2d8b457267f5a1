/**
 * Expression text → AST by recursive descent. The grammar is a small, side-effect-free part of
 * JavaScript (what docxtemplater's angular parser and pdfme's expressions accept): no assignment,
 * no `new`, no `this`, no statements besides an arrow body's `return`. Nesting is capped so hostile
 * text cannot exhaust the stack.
 */
import type { BinaryOp, ExprNode } from './ast';
import { syntaxError, type Token, tokenize } from './lexer';

/** Brackets, calls and operators nested deeper than this are refused. */
const MAX_DEPTH = 48;
/** Longer expression text is refused: templates hold short expressions, not programs. */
export const MAX_SOURCE_LENGTH = 8000;

const RESERVED = new Set([
  'new',
  'this',
  'function',
  'class',
  'delete',
  'void',
  'typeof',
  'instanceof',
  'in',
  'of',
  'import',
  'export',
  'await',
  'yield',
  'async',
  'var',
  'let',
  'const',
  'return',
  'if',
  'else',
  'for',
  'while',
  'do',
  'switch',
  'case',
  'break',
  'continue',
  'throw',
  'try',
  'catch',
  'finally',
  'with',
  'debugger',
  'super',
]);

const BINARY_LEVELS: readonly (readonly string[])[] = [
  ['??'],
  ['||'],
  ['&&'],
  ['==', '!=', '===', '!=='],
  ['<', '<=', '>', '>='],
  ['+', '-'],
  ['*', '/', '%'],
];

class Parser {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly offset: number,
    private depth = 0,
  ) {}

  /** A method, not a getter: TypeScript would otherwise keep a narrowed kind across advances. */
  private tok(): Token {
    return this.tokens[this.i]!;
  }
  private peek(n = 1): Token {
    return this.tokens[Math.min(this.i + n, this.tokens.length - 1)]!;
  }
  private isOp(value: string, t: Token = this.tok()): boolean {
    return t.kind === 'op' && t.value === value;
  }
  private fail(reason: string, t: Token = this.tok()): never {
    throw syntaxError(t.pos + this.offset, reason);
  }
  private expect(value: string): void {
    if (!this.isOp(value)) this.fail(`expected “${value}”`);
    this.i++;
  }
  private describe(t: Token): string {
    if (t.kind === 'eof') return 'end of expression';
    if (t.kind === 'op' || t.kind === 'id') return `“${t.value}”`;
    return t.kind === 'num' ? 'a number' : 'text';
  }

  parseAll(): ExprNode {
    if (this.tok().kind === 'eof') this.fail('empty expression');
    const node = this.parseExpr();
    if (this.tok().kind !== 'eof') this.fail(`unexpected ${this.describe(this.tok())}`);
    return node;
  }

  private parseExpr(): ExprNode {
    if (++this.depth > MAX_DEPTH) this.fail('expression nested too deeply');
    try {
      const arrow = this.tryArrow();
      if (arrow) return arrow;
      const test = this.parseBinary(0);
      if (!this.isOp('?')) return test;
      this.i++;
      const then = this.parseExpr();
      this.expect(':');
      return { type: 'cond', test, then, else: this.parseExpr() };
    } finally {
      this.depth--;
    }
  }

  /** `x => …`, `(a, b) => …`, `() => …`; the body is an expression or `{ return … }`. */
  private tryArrow(): ExprNode | undefined {
    let params: string[] | undefined;
    if (this.tok().kind === 'id' && this.isOp('=>', this.peek())) {
      params = [this.identName(this.tok())];
      this.i += 2;
    } else if (this.isOp('(')) {
      // `(a, b) =>`: names separated by commas, then `) =>`; anything else is a bracketed expression.
      let j = 1;
      const names: string[] = [];
      while (this.peek(j).kind === 'id') {
        names.push((this.peek(j) as { value: string }).value);
        if (!this.isOp(',', this.peek(j + 1))) {
          j++;
          break;
        }
        j += 2;
      }
      if (!this.isOp(')', this.peek(j)) || !this.isOp('=>', this.peek(j + 1))) return undefined;
      for (let k = 1; k < j; k += 2) this.identName(this.peek(k));
      params = names;
      this.i += j + 2;
    } else return undefined;
    if (new Set(params).size !== params.length) this.fail('a parameter name is repeated');
    if (!this.isOp('{')) return { type: 'arrow', params, body: this.parseExpr() };
    this.i++;
    const keyword = this.tok();
    if (!(keyword.kind === 'id' && keyword.value === 'return')) this.fail('an arrow body in braces must be “return …”');
    this.i++;
    const body = this.parseExpr();
    if (this.isOp(';')) this.i++;
    this.expect('}');
    return { type: 'arrow', params, body };
  }

  private identName(t: Token): string {
    if (t.kind !== 'id') this.fail(`expected a name, found ${this.describe(t)}`, t);
    if (RESERVED.has(t.value)) this.fail(`“${t.value}” is not supported in expressions`, t);
    return t.value;
  }

  private parseBinary(level: number): ExprNode {
    if (level >= BINARY_LEVELS.length) return this.parseExponent();
    const ops = BINARY_LEVELS[level]!;
    let left = this.parseBinary(level + 1);
    for (let t = this.tok(); t.kind === 'op' && ops.includes(t.value); t = this.tok()) {
      const op = t.value;
      this.i++;
      const right = this.parseBinary(level + 1);
      left =
        op === '&&' || op === '||' || op === '??'
          ? { type: 'logical', op, left, right }
          : { type: 'binary', op: op as BinaryOp, left, right };
    }
    return left;
  }

  private parseExponent(): ExprNode {
    const base = this.parseUnary();
    if (!this.isOp('**')) return base;
    this.i++;
    if (++this.depth > MAX_DEPTH) this.fail('expression nested too deeply');
    try {
      return { type: 'binary', op: '**', left: base, right: this.parseExponent() };
    } finally {
      this.depth--;
    }
  }

  private parseUnary(): ExprNode {
    const t = this.tok();
    if (t.kind === 'op' && (t.value === '!' || t.value === '-' || t.value === '+')) {
      this.i++;
      if (++this.depth > MAX_DEPTH) this.fail('expression nested too deeply');
      try {
        return { type: 'unary', op: t.value, arg: this.parseUnary() };
      } finally {
        this.depth--;
      }
    }
    return this.parsePostfix(this.parsePrimary());
  }

  private parsePostfix(node: ExprNode): ExprNode {
    for (;;) {
      if (this.isOp('.') || this.isOp('?.')) {
        const optional = this.isOp('?.');
        this.i++;
        if (optional && (this.isOp('[') || this.isOp('('))) continue;
        const name = this.tok();
        if (name.kind !== 'id') this.fail(`expected a name after “${optional ? '?.' : '.'}”`);
        this.i++;
        node = { type: 'member', object: node, name: name.value };
      } else if (this.isOp('[')) {
        this.i++;
        const index = this.parseExpr();
        this.expect(']');
        node = { type: 'index', object: node, index };
      } else if (this.isOp('(')) {
        this.i++;
        node = { type: 'call', callee: node, args: this.parseList(')') };
      } else return node;
    }
  }

  /** Comma-separated expressions (spread allowed) up to `close`; a trailing comma is fine. */
  private parseList(close: string): ExprNode[] {
    const items: ExprNode[] = [];
    while (!this.isOp(close)) {
      if (this.isOp('...')) {
        this.i++;
        items.push({ type: 'spread', arg: this.parseExpr() });
      } else items.push(this.parseExpr());
      if (!this.isOp(',')) break;
      this.i++;
    }
    this.expect(close);
    return items;
  }

  private parsePrimary(): ExprNode {
    const t = this.tok();
    switch (t.kind) {
      case 'num':
        this.i++;
        return { type: 'lit', value: t.value };
      case 'str':
        this.i++;
        return { type: 'lit', value: t.value };
      case 'tmpl':
        this.i++;
        return {
          type: 'tmpl',
          quasis: t.quasis,
          exprs: t.parts.map((part) => parseExpressionAt(part.source, this.offset + part.pos, this.depth)),
        };
      case 'id':
        this.i++;
        if (t.value === 'true' || t.value === 'false') return { type: 'lit', value: t.value === 'true' };
        if (t.value === 'null') return { type: 'lit', value: null };
        if (t.value === 'undefined') return { type: 'undef' };
        return { type: 'id', name: this.identName(t) };
      case 'eof':
        return this.fail('the expression ends too early');
    }
    if (this.isOp('(')) {
      this.i++;
      const inner = this.parseExpr();
      this.expect(')');
      return inner;
    }
    if (this.isOp('[')) {
      this.i++;
      if (++this.depth > MAX_DEPTH) this.fail('expression nested too deeply');
      try {
        return { type: 'array', items: this.parseList(']') };
      } finally {
        this.depth--;
      }
    }
    if (this.isOp('{')) return this.parseObject();
    return this.fail(`unexpected ${this.describe(t)}`);
  }

  private parseObject(): ExprNode {
    this.i++;
    const entries: { key: string; value: ExprNode }[] = [];
    while (!this.isOp('}')) {
      const k = this.tok();
      let key: string;
      if (k.kind === 'id' || k.kind === 'str') key = k.value;
      else if (k.kind === 'num') key = String(k.value);
      else this.fail(`expected a key, found ${this.describe(k)}`);
      this.i++;
      if (this.isOp(':')) {
        this.i++;
        entries.push({ key, value: this.parseExpr() });
      } else if (k.kind === 'id') entries.push({ key, value: { type: 'id', name: this.identName(k) } });
      else this.fail('expected “:”');
      if (!this.isOp(',')) break;
      this.i++;
    }
    this.expect('}');
    return { type: 'object', entries };
  }
}

function parseExpressionAt(source: string, offset: number, depth: number): ExprNode {
  if (depth > MAX_DEPTH) throw syntaxError(offset, 'expression nested too deeply');
  return new Parser(tokenize(source), offset, depth).parseAll();
}

/** Parses one expression; bad text throws `ExprSyntaxError` with the offset of the problem. */
export function parseExpression(source: string): ExprNode {
  if (source.length > MAX_SOURCE_LENGTH) throw syntaxError(MAX_SOURCE_LENGTH, 'expression too long');
  return new Parser(tokenize(source), 0).parseAll();
}
