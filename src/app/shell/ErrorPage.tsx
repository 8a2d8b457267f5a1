import { useTranslation } from 'react-i18next';
import { isQuireError } from '../../core/errors';
import { formatErrorForDisplay, toTranslate } from '../../i18n';
import { ContactUsButton } from './ContactUsButton';

interface ErrorPageProps {
  error: unknown;
  onRefresh?: () => void;
}

/** Full-page error (spec 000 §2): title, message, refresh; code 3020 adds contact-us and demotes refresh. */
export function ErrorPage({ error, onRefresh }: ErrorPageProps) {
  const { t } = useTranslation();
  const shown = formatErrorForDisplay(error, toTranslate(t));
  const refresh = onRefresh ?? (() => window.location.reload());
  return (
    <section className="error-page" role="alert">
      <div className="error-icon" aria-hidden="true">
        !
      </div>
      <h1>{shown.title}</h1>
      <p className="error-message">{shown.message}</p>
      {/* A catalogued error's code, so a host developer or support can name it (body codes are in the message). */}
      {typeof shown.code === 'string' && (
        <p className="error-code" data-testid="error-code">
          [{shown.code}]
        </p>
      )}
      {shown.details.length > 0 && (
        <ul className="error-details">
          {shown.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
      <div className="actions">
        {shown.showContactUs && <ContactUsButton variant="primary" />}
        <button type="button" className={`button ${shown.showContactUs ? 'secondary' : 'primary'}`} onClick={refresh}>
          {t('common.refresh')}
        </button>
      </div>
    </section>
  );
}

/**
 * Errors the user should read about (catalogued errors, API body codes, HTTP statuses) get the
 * error page; anything else thrown while rendering is a bug and gets the render-error panel.
 */
export function isUserFacingError(error: unknown): boolean {
  if (isQuireError(error)) return true;
  if (typeof error !== 'object' || error === null) return false;
  const shape = error as Record<string, unknown>;
  return typeof shape.bodyCode === 'number' || typeof shape.status === 'number';
}
