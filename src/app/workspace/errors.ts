import type { TFunction } from 'i18next';
import { type ErrorName, isQuireError } from '../../core/errors';
import english from '../../i18n/locales/en-US/workspace.json';

/** A catalogued error the workspace words in its own way (`errors.<Name>` of its namespace). */
const hasOwnText = (name: ErrorName): name is ErrorName & keyof typeof english.errors =>
  Object.hasOwn(english.errors, name);

/**
 * Import issues come from core in a fixed English form (`row 12, column "Amount"`, `"x" is not a
 * number`); the common ones are shown in the user's language, anything else as it is.
 */
function issuePath(path: string, t: TFunction<'workspace'>): string {
  const cell = /^row (\d+), column "(.*)"$/.exec(path);
  if (cell) return t('issues.rowColumn', { row: cell[1], column: cell[2] });
  const row = /^row (\d+)$/.exec(path);
  if (row) return t('issues.row', { row: row[1] });
  const column = /^column "(.*)"$/.exec(path);
  if (column) return t('issues.column', { column: column[1] });
  return path;
}

function issueReason(reason: string, t: TFunction<'workspace'>): string {
  const misfit = /^"(.*)" is not (.+)$/s.exec(reason);
  if (misfit) return t('issues.misfit', { value: misfit[1] });
  if (reason === 'binary content') return t('issues.binary');
  if (reason === 'unsupported file type') return t('import.unsupported');
  return reason;
}

interface ShownError {
  code?: string | number;
  message: string;
  details: string[];
}

/**
 * An error as the workspace shows it: catalogue code, translated message (the app's `errors.*` key
 * when it has one, else ours) and located details such as `row 12: …` or `column "Price": …`.
 */
export function showError(error: unknown, t: TFunction<'workspace'>): ShownError {
  if (isQuireError(error)) {
    const name = error.errorName;
    const own = hasOwnText(name) ? t(`errors.${name}`, { ...error.params, defaultValue: '' }) : '';
    const app = t(`errors.${name}`, { ...error.params, ns: 'translation', defaultValue: '' });
    return {
      code: error.code,
      message: app || own || t('errors.unknown'),
      details: error.issues.map((issue) => {
        const path = issuePath(issue.path, t);
        const reason = issueReason(issue.reason, t);
        return path ? `${path}: ${reason}` : reason;
      }),
    };
  }
  return { message: error instanceof Error ? error.message : String(error), details: [] };
}
