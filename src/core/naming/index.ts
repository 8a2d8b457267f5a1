export type { FileNameInput, FileNameVariables } from './filename';
export {
  DEFAULT_FILE_NAME_TEMPLATE,
  EMPTY_FILE_NAME,
  ERROR_FILE_NAME,
  FILE_NAME_MAX_LENGTH,
  FILE_NAME_VARIABLES,
  PRINT_TIME_FORMAT,
  renderFileName,
  sanitizeFileName,
  uniqueFileNames,
} from './filename';
export type { Dependency, SuggestionEntry } from './names';
export {
  assertVariableName,
  formatDependency,
  formatSuggestionEntry,
  isSuggestionEntry,
  isValidDependency,
  isValidVariableName,
  legalizeVariableName,
  parseDependency,
  parseSuggestionEntry,
} from './names';
