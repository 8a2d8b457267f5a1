import { useWorkspaceTranslation } from '../services/i18n/workspace';
import { showError } from './errors';

const MAX_DETAILS = 8;

/** A catalogued error: code, translated message, and where (row / column) it happened. */
export function ErrorBox({ error, extra }: { error: unknown; extra?: string }) {
  const { t } = useWorkspaceTranslation();
  const shown = showError(error, t);
  return (
    <div className="ws-error" role="alert" data-testid="error-box">
      <p>
        {shown.code !== undefined && <span className="ws-code">{String(shown.code)}</span>}{' '}
        <strong>{shown.message}</strong>
        {extra && <> {extra}</>}
      </p>
      {shown.details.length > 0 && (
        <ul>
          {shown.details.slice(0, MAX_DETAILS).map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
