import { renderFileName } from '../../core/naming';

export interface PreviewNameInput {
  /** The template's file-name rule (spec 001 §9.3), e.g. `{NAME}_{FIRST_FIELD}`. */
  rule: string;
  templateName: string;
  tableName?: string;
  /** The record's primary field value, when the record comes from a table. */
  firstField?: unknown;
  scope: Record<string, unknown>;
  printTime: number;
  timeZone?: string;
}

/** The downloaded PDF's name: the rule rendered for this record, with the extension. */
export function previewFileName(input: PreviewNameInput): string {
  const first = input.firstField;
  const name = renderFileName({
    template: input.rule,
    record: input.scope,
    variables: {
      NAME: input.templateName,
      TABLE_NAME: input.tableName ?? '',
      FIRST_FIELD: typeof first === 'string' || typeof first === 'number' ? String(first) : '',
      PRINT_TIME: input.printTime,
      DOC_NAME: input.templateName,
    },
    ...(input.timeZone ? { options: { timeZone: input.timeZone } } : {}),
  });
  return `${name}.pdf`;
}
