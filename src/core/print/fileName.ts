/** The one place an output file's name is made from a print input (spec 001 §9.3). */
import { type FileNameVariables, renderFileName } from '../naming/filename';
import type { PrintInput } from './input';

export interface FileNameContext {
  /** The template's file-name rule, e.g. `{NAME}_{FIRST_FIELD}`; none → `{NAME}`. */
  rule?: string;
  /** The template's name (NAME, and DOC_NAME when the source names no document). */
  templateName: string;
  printTime: number;
  timeZone?: string;
  locale?: string;
}

/** One document's file name without extension; never throws (falls back as the spec says). */
export function printFileName(input: PrintInput, context: FileNameContext): string {
  const variables: FileNameVariables = {
    NAME: context.templateName,
    DOC_NAME: context.templateName,
    TABLE_NAME: '',
    FIRST_FIELD: '',
    ...input.names,
    PRINT_TIME: context.printTime,
  };
  return renderFileName({
    template: context.rule,
    record: input.scope,
    variables,
    options: {
      ...(context.timeZone ? { timeZone: context.timeZone } : {}),
      ...(context.locale ? { locale: context.locale } : {}),
    },
  });
}
