import { useTranslation } from 'react-i18next';
import { isQuireError } from '../../../core/errors';
import { formatErrorForDisplay, toTranslate } from '../../../i18n';
import en from '../../../i18n/locales/en-US/office.json';
import { useOfficeTranslation } from '../i18n/office';

type Refusal = keyof typeof en.refused;
const isRefusal = (problem: unknown): problem is Refusal => typeof problem === 'string' && problem in en.refused;

/**
 * Why a file was refused, in the user's language (the catalogue message says only that it was).
 * The render worker sends issues but not params across, so the problem is also read from the
 * issue's reason, which render/office writes as `<problem>: <detail>`.
 */
export function refusalOf(error: unknown): Refusal | undefined {
  if (!isQuireError(error, 'TemplateParseError')) return undefined;
  if (isRefusal(error.params.problem)) return error.params.problem;
  const problem = /^([a-z-]+):/.exec(error.issues[0]?.reason ?? '')?.[1];
  return isRefusal(problem) ? problem : undefined;
}

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
  // A refusal explained in the user's language needs no English detail under it.
  const details = refusal ? [] : [...display.details, ...extra];
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
