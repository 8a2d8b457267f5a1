export { buildPrintInput, type PrintSettings } from './build';
export { type FileNameContext, printFileName } from './fileName';
export { emptyPrintInput, type PrintInput, type RecordLinks } from './input';
export {
  type ParsedPrintSource,
  type PrintSource,
  type PrintSourceKind,
  parsePrintSource,
  printSourceSchema,
} from './sources';
