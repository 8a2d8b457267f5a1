export type { Delimiters, FilterCall, SectionNode, TagExpression, TagNode, TemplateNode, TextNode } from './ast';
export { collectDeps, collectTextDeps } from './deps';
export type { DocumentDeps } from './document-deps';
export { collectDocumentDeps } from './document-deps';
export type { EvalOptions, Scope } from './evaluate';
export {
  evaluateExpression,
  parseCached,
  renderTemplate,
  resolvePath,
  rootScope,
  withItem,
} from './evaluate';
export type { FilterContext, FilterFn } from './filters';
export { FILTER_NAMES, FILTERS, isKnownFilter } from './filters';
// The expression language (`{qty * price}`, pdfme's `{orders.reduce(…)}`): see lang/ and CONTEXT.md.
export type { ExprNode, ExprOptions } from './lang';
export {
  evaluateAst,
  evaluateExpressionText,
  GLOBAL_FUNCTIONS as EXPR_FUNCTIONS,
  parseCachedExpression,
  parseExpression,
  recordLookup,
} from './lang';
export type { ListFilter, ListFilterCondition, ListFilterOperator, ListFilterOptions } from './list-filter';
export { applyListFilter, LIST_FILTER_OPERATORS, matchesCondition, matchesListFilter } from './list-filter';
export type { ParseOptions } from './parse';
export { parseFilters, parseTagExpression, parseTemplate } from './parse';
export type { VariablePath } from './path';
export { escapeSegment, FORBIDDEN_SEGMENTS, formatPath, isForbiddenSegment, parsePath, splitPath } from './path';
export type { ImageValue, ToPlain } from './values';
export {
  defaultToPlain,
  getChild,
  isEmptyValue,
  isImageValue,
  isPlainObject,
  isTruthy,
  numberText,
  toText,
} from './values';
