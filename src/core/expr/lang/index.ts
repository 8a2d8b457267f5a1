export type { BinaryOp, ExprNode } from './ast';
export { expressionPaths } from './deps';
export type { ExprOptions } from './evaluate';
export {
  DEFAULT_MAX_STEPS,
  evaluateAst,
  evaluateExpressionText,
  parseCachedExpression,
  recordLookup,
} from './evaluate';
export { GLOBAL_FUNCTIONS, NAMESPACES } from './library';
export { MAX_SOURCE_LENGTH, parseExpression } from './parser';
