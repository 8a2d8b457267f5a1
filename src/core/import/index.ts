export { cellText, splitOptions } from './cells';
export { convertSheet, looksLikePhoneHeader } from './convert';
export { isZip, looksLikeText } from './fileCheck';
export { inferColumns, looksLikeOption } from './infer';
export { failedSamples, type RetypeResult, retypeValues } from './retype';
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
