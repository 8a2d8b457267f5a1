import { useTranslation } from 'react-i18next';
import { isQuireError } from '../../core/errors';
import { formatErrorForDisplay, toTranslate } from '../../i18n';
import en from './i18n/en-US';
import { useOfficeTranslation } from './i18n/useOfficeTranslation';

/** Why a file was refused, in the user's language (the catalogue message says only that it was). */
function refusalOf(error: unknown): keyof typeof en.refused | undefined {
  if (!isQuireError(error, 'TemplateParseError')) return undefined;
  const problem = error.params.problem;
  return typeof problem === 'string' && problem in en.refused ? (problem as keyof typeof en.refused) : undefined;
}

/** A catalogued error: its translated message, code and located issues (part and text around). */
export function ErrorPanel({
  error,
  onRetry,
  retryLabel,
}: {
  error: unknown;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  const { t } = useTranslation();
  const { t: tOffice } = useOfficeTranslation();
  const refusal = refusalOf(error);
  const display = formatErrorForDisplay(error, toTranslate(t));
  const extra = !display.code && error instanceof Error && error.message ? [error.message] : [];
  const details = [...display.details, ...extra];
  return (
    <div className="of-error" role="alert">
      <h2>
        {display.title} {display.code !== undefined ? <code>{String(display.code)}</code> : null}
      </h2>
      <p>{display.message}</p>
      {refusal ? <p data-testid="office-refused">{tOffice(`refused.${refusal}`)}</p> : null}
      {details.length > 0 ? (
        <ul>
          {details.slice(0, 12).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {onRetry ? (
        <button type="button" className="button secondary small" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}
