/** Data mapping: open values, data sources, table records, approval instances, sample data. */
export * from './approval/index';
export * from './attachments';
export * from './dataSource';
export { htmlToText, safeUrl, sanitizeHtml } from './html/sanitize';
export { decodeEntities } from './html/tokenize';
export * from './openValue';
export * from './sampleData';
export * from './table/index';
