import { renderFileName } from '../../../core/naming';
import type { Storage } from '../../../storage';

/**
 * A template's file-name rule (spec 001 §9.3) lives in settings under the template id: the template
 * content has no slot for it, and the rule belongs to how this device prints, not to the design.
 */
const KEY_PREFIX = 'print.fileName:';
export const DEFAULT_RULE = '{NAME}_{FIRST_FIELD}';

export function fileNameRuleKey(templateId: string): string {
  return `${KEY_PREFIX}${templateId}`;
}

export function loadFileNameRule(storage: Storage, templateId: string): Promise<string> {
  return storage.settings.get<string>(fileNameRuleKey(templateId), DEFAULT_RULE);
}

export function saveFileNameRule(storage: Storage, templateId: string, rule: string): Promise<void> {
  return storage.settings.set(fileNameRuleKey(templateId), rule);
}

export interface NameContext {
  rule: string;
  templateName: string;
  tableName: string;
  printTime: number;
  timeZone?: string;
  locale?: string;
}

/** One record's file name (no extension) from the rule; FIRST_FIELD is the primary field's value. */
export function fileNameFor(scope: Record<string, unknown>, firstField: unknown, ctx: NameContext): string {
  return renderFileName({
    template: ctx.rule,
    record: scope,
    variables: {
      NAME: ctx.templateName,
      TABLE_NAME: ctx.tableName,
      FIRST_FIELD: typeof firstField === 'string' || typeof firstField === 'number' ? String(firstField) : '',
      PRINT_TIME: ctx.printTime,
      DOC_NAME: ctx.templateName,
    },
    options: { ...(ctx.timeZone ? { timeZone: ctx.timeZone } : {}), ...(ctx.locale ? { locale: ctx.locale } : {}) },
  });
}
