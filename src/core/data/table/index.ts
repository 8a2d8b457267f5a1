export { CONVERTERS, type ConvertOptions, convertCell, isLinkField, linkedRecordIds, segmentsText } from './convert';
export {
  type ChildTableOptions,
  type ChildTableResult,
  type LinkedTables,
  loadChildTable,
  recordToOpenValues,
  recordToScope,
  type ScopeOptions,
} from './scope';
export * from './status';
export * from './types';
