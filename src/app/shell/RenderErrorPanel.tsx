import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactUsButton } from './ContactUsButton';

/** What a screen that failed to render shows instead (spec 000 §2): reload and contact-us. */
export function RenderErrorPanel({ error }: { error?: unknown }) {
  const { t } = useTranslation();
  if (error) console.error(error);
  return (
    <section className="render-error" role="alert">
      <h2>{t('renderError.title')}</h2>
      <p>{t('renderError.message')}</p>
      <div className="actions">
        <button type="button" className="button primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </button>
        <ContactUsButton />
      </div>
    </section>
  );
}

interface BoundaryState {
  error: unknown;
}

/** Catches render errors outside the router (e.g. the header) so the page never goes blank. */
export class RenderErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error('render error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RenderErrorPanel /> : this.props.children;
  }
}
