export { cellText, splitOptions } from './cells';
export { convertSheet, looksLikePhoneHeader } from './convert';
export { inferColumns } from './infer';
export { isEmptyCell, normaliseHeader, sheetFromJson, sheetFromJsonText, sheetFromRows } from './sheet';
export type {
  ConvertedImport,
  ImportCell,
  ImportColumn,
  ImportFieldKind,
  ImportFieldSpec,
  ImportOptions,
  RawSheet,
} from './types';
export { IMPORT_FIELD_KINDS } from './types';
