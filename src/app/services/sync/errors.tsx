/** A failure as the sync screens show it: the catalogue's translated message (spec 000 §8). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatErrorForDisplay, toTranslate } from '../../../i18n';

export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback((error: unknown) => formatErrorForDisplay(error, toTranslate(t)).message, [t]);
}

/** A failure under a form or a row, announced to screen readers. */
export function ErrorLine({ error }: { error: string | null }) {
  return error ? (
    <p className="sync-error" role="alert">
      {error}
    </p>
  ) : null;
}
