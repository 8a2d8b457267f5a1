import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n';
import { appConfig, type DefaultRoute } from '../services/config';
import { ContactUsButton } from './ContactUsButton';
import { LanguageSwitcher } from './LanguageSwitcher';
import { OfflineBadge } from './OfflineBadge';
import { UserMenu } from './UserMenu';

interface Tab {
  to: string;
  labelKey: MessageKey;
  exact?: boolean;
}

// The standard host brand shows the spec's index/approval/base tabs; the open platform its own areas.
const TABS: Record<DefaultRoute, Tab[]> = {
  standard: [
    { to: '/home', labelKey: 'header.tabs.index', exact: true },
    { to: '/home/approval', labelKey: 'header.tabs.approval' },
    { to: '/home/base', labelKey: 'header.tabs.base' },
  ],
  open: [
    { to: '/o', labelKey: 'header.tabs.teams', exact: true },
    { to: '/o/settings/profile', labelKey: 'header.tabs.account' },
  ],
};

/** The optional sub-app name beside the app name, from the area the user is in. */
export function subAppFor(pathname: string): 'approval' | 'base' | 'open' | undefined {
  if (/^\/approval(-entry)?(\/|$)/.test(pathname)) return 'approval';
  if (/^\/baseplugin(\/|$)/.test(pathname)) return 'base';
  if (/^\/(o|open)(\/|$)/.test(pathname)) return 'open';
  return undefined;
}

export function Header() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const subApp = subAppFor(pathname);
  return (
    <header className="app-header">
      <Link to="/" className="brand">
        <img src="/icons/logo.svg" alt="" width="30" height="30" />
        <span className="brand-name">{t('app.name')}</span>
        {subApp && <span className="brand-sub">{t(`header.subApp.${subApp}`)}</span>}
      </Link>
      <nav className="tabs" aria-label={t('header.mainNav')}>
        {TABS[appConfig.defaultRoute].map((tab) => (
          <Link
            key={tab.to}
            to={tab.to}
            className="tab"
            activeOptions={{ exact: tab.exact ?? false }}
            activeProps={{ className: 'tab active', 'aria-current': 'page' }}
          >
            {t(tab.labelKey)}
          </Link>
        ))}
      </nav>
      <div className="header-actions">
        <OfflineBadge />
        <ContactUsButton variant="ghost" />
        <LanguageSwitcher />
        {/* /sync shows the server account it syncs with (the 'open' login): the header names the same one. */}
        <UserMenu
          context={
            pathname.startsWith('/o') || pathname.startsWith('/sync') || appConfig.defaultRoute === 'open'
              ? 'open'
              : 'standard'
          }
        />
      </div>
    </header>
  );
}
