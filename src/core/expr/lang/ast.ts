/** The syntax tree of one expression. Plain JSON, so it can be cached and sent to workers. */

export type ExprNode =
  | { type: 'lit'; value: string | number | boolean | null }
  | { type: 'undef' }
  | { type: 'tmpl'; quasis: string[]; exprs: ExprNode[] }
  | { type: 'id'; name: string }
  | { type: 'member'; object: ExprNode; name: string }
  | { type: 'index'; object: ExprNode; index: ExprNode }
  | { type: 'call'; callee: ExprNode; args: ExprNode[] }
  | { type: 'unary'; op: '!' | '-' | '+'; arg: ExprNode }
  | { type: 'binary'; op: BinaryOp; left: ExprNode; right: ExprNode }
  | { type: 'logical'; op: '&&' | '||' | '??'; left: ExprNode; right: ExprNode }
  | { type: 'cond'; test: ExprNode; then: ExprNode; else: ExprNode }
  | { type: 'array'; items: ExprNode[] }
  | { type: 'object'; entries: { key: string; value: ExprNode }[] }
  | { type: 'arrow'; params: string[]; body: ExprNode }
  /** `...list` inside an array literal or a call's arguments only. */
  | { type: 'spread'; arg: ExprNode };

export type BinaryOp = '+' | '-' | '*' | '/' | '%' | '**' | '==' | '!=' | '===' | '!==' | '<' | '<=' | '>' | '>=';
