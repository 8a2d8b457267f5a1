import type { TFunction } from 'i18next';
import { isQuireError } from '../../core/errors';

export interface ShownError {
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
    const own = t(`errors.${error.errorName}` as never, { defaultValue: '' }) as string;
    const app = t(error.i18nKey as never, { ns: 'translation', defaultValue: '' }) as string;
    return {
      code: error.code,
      message: app || own || (t('errors.unknown') as string),
      details: error.issues.map((issue) => (issue.path ? `${issue.path}: ${issue.reason}` : issue.reason)),
    };
  }
  return { message: error instanceof Error ? error.message : String(error), details: [] };
}
