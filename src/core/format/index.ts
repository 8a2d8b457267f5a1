export {
  toChineseFinancial as cnFinancial,
  toChineseFinancial,
  toChineseLower as cnLower,
  toChineseLower,
  toChineseUpper as cnUpper,
  toChineseUpper,
} from './chinese';
export type { ComputeCommand, ComputeFormat } from './compute';
export { aggregate, COMPUTE_COMMANDS, formatComputeValue } from './compute';
export type { DateStyle, DateStyleOptions } from './date';
export {
  DATE_FORMATS,
  DATE_STYLES,
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateStyle,
  guessDate,
  isValidTimeZone,
  resolveTimeZone,
  toEpochMs,
  zonedTimeToEpoch,
  zoneOffsetMs,
} from './date';
export type { CurrencyFormatOptions, NumberFormatOptions, PercentFormatOptions } from './number';
export {
  fixedDigits,
  formatCurrency,
  formatNumber,
  formatPercent,
  groupThousands,
  parseNumber,
  roundTo,
  toNumber,
} from './number';
export { formatWithPattern } from './pattern';
export type { BooleanFormat, BooleanFormatOptions, TextCase } from './text';
export {
  BOOLEAN_FORMATS,
  formatBoolean,
  formatCase,
  isTruthyValue,
  TEXT_CASES,
  toBooleanFormat,
} from './text';
