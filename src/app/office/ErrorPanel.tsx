import { useTranslation } from 'react-i18next';
import { formatErrorForDisplay, toTranslate } from '../../i18n';

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
  const display = formatErrorForDisplay(error, toTranslate(t));
  const extra = !display.code && error instanceof Error && error.message ? [error.message] : [];
  const details = [...display.details, ...extra];
  return (
    <div className="of-error" role="alert">
      <h2>
        {display.title} {display.code !== undefined ? <code>{String(display.code)}</code> : null}
      </h2>
      <p>{display.message}</p>
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
