import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_FORMAT_LIST, FILE_FORMATS } from '../../core/outputs/catalogue';
import type { MessageKey } from '../../i18n';
import { appConfig } from '../services/config';

// Every file format Quire makes, by its product name (the output catalogue).
const FORMATS = FILE_FORMAT_LIST.map((ext) => ({ name: FILE_FORMATS[ext].name, ext }));

const ICONS: Record<string, ReactNode> = {
  local: <path d="M4 7l8-4 8 4v10l-8 4-8-4zM4 7l8 4 8-4M12 11v10" />,
  formats: <path d="M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6" />,
  embed: <path d="M3 5h18v14H3zM3 9h18M9 13l-2 2 2 2M15 13l2 2-2 2" />,
  privacy: <path d="M12 3l8 3v6c0 5-3.4 8-8 9-4.6-1-8-4-8-9V6zM9 12l2 2 4-4" />,
};

function Icon({ name }: { name: string }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className="feature-icon-svg">
      <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        {ICONS[name]}
      </g>
    </svg>
  );
}

/** A drawn invoice, so the hero shows what Quire makes without loading any image. */
function DocumentPreview() {
  const { t } = useTranslation();
  return (
    <div className="hero-visual" role="img" aria-label={t('landing.previewLabel')}>
      <div className="data-card" aria-hidden="true">
        <span className="code-line">
          <b>"customer"</b>: "Hanna Berg"
        </span>
        <span className="code-line">
          <b>"items"</b>: [ 3 ]
        </span>
        <span className="code-line">
          <b>"total"</b>: 1280.00
        </span>
      </div>
      <div className="paper" aria-hidden="true">
        <div className="paper-head">
          <span className="paper-logo" />
          <span className="bar w40 strong" />
        </div>
        <div className="paper-meta">
          <span className="bar w30" />
          <span className="bar w20" />
        </div>
        <div className="paper-table">
          {[70, 55, 62].map((width) => (
            <div className="paper-row" key={width}>
              <span className="bar" style={{ width: `${width}%` }} />
              <span className="bar w10" />
            </div>
          ))}
          <div className="paper-row total">
            <span className="bar w20 strong" />
            <span className="bar w15 accent" />
          </div>
        </div>
        <div className="paper-foot">
          <span className="paper-qr" />
          <div className="paper-sign">
            <svg viewBox="0 0 120 40" width="96" height="32">
              <path
                d="M4 30c12-18 20-22 24-14s-6 14 2 10 14-20 22-16-4 18 6 14 16-12 24-10 10 6 30 2"
                fill="none"
                stroke="#3186FD"
                strokeWidth="2.4"
                strokeLinecap="round"
              />
            </svg>
          </div>
        </div>
      </div>
      <ul className="format-stack" aria-hidden="true">
        {FORMATS.map((format) => (
          <li key={format.ext} className={`format-chip ${format.ext}`}>
            .{format.ext}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function LandingScreen() {
  const { t } = useTranslation();
  const open = appConfig.defaultRoute === 'open';
  const features = ['local', 'formats', 'embed', 'privacy'] as const;
  const start: { to: string; title: MessageKey; body: MessageKey; tone: string }[] = [
    { to: '/o', title: 'landing.startTeams', body: 'landing.startTeamsBody', tone: 'blue' },
    { to: '/home', title: 'landing.startWorkspace', body: 'landing.startWorkspaceBody', tone: 'orange' },
    { to: '/print', title: 'landing.startPrint', body: 'landing.startPrintBody', tone: 'grey' },
    { to: '/approval-entry', title: 'landing.startApproval', body: 'landing.startApprovalBody', tone: 'orange' },
    { to: '/baseplugin/t', title: 'landing.startBase', body: 'landing.startBaseBody', tone: 'blue' },
  ];
  // Each table leads with its own home.
  if (open) start.unshift(...start.splice(0, 1));
  else start.unshift(...start.splice(1, 1));
  return (
    <div className="landing">
      <section className="hero">
        <div className="hero-copy">
          <p className="eyebrow">{t('landing.eyebrow')}</p>
          <h1>{t('landing.title')}</h1>
          <p className="lead">{t('landing.lead')}</p>
          <div className="cta">
            <Link to={open ? '/o' : '/home'} className="button primary large">
              {t(open ? 'landing.ctaTeams' : 'landing.ctaWorkspace')}
            </Link>
            <Link to="/print" className="button secondary large">
              {t('landing.ctaPrint')}
            </Link>
          </div>
          <ul className="format-list">
            {FORMATS.map((format) => (
              <li key={format.ext} className={`format-pill ${format.ext}`}>
                {format.name}
              </li>
            ))}
          </ul>
        </div>
        <DocumentPreview />
      </section>

      <section className="features" aria-labelledby="features-title">
        <h2 id="features-title">{t('landing.featuresTitle')}</h2>
        <div className="feature-grid">
          {features.map((name) => (
            <div key={name} className={`feature feature-${name}`}>
              <span className="feature-icon">
                <Icon name={name} />
              </span>
              <h3>{t(`landing.${name}Title`)}</h3>
              <p>{t(`landing.${name}Body`)}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="start" aria-labelledby="start-title">
        <h2 id="start-title">{t('landing.startTitle')}</h2>
        <div className="start-grid">
          {start.map((item) => (
            <Link key={item.to} to={item.to} className={`start-card tone-${item.tone}`}>
              <span className="start-title">{t(item.title)}</span>
              <span className="start-body">{t(item.body)}</span>
              <span className="start-arrow" aria-hidden="true">
                →
              </span>
            </Link>
          ))}
        </div>
      </section>

      <footer className="landing-footer">
        <img src="/icons/logo.svg" alt="" width="20" height="20" />
        <span>{t('landing.footer', { version: appConfig.version })}</span>
      </footer>
    </div>
  );
}
