import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SidebarLink } from './SidebarLayout';

/** A screen with a row of tabs, each its own route (e.g. a team document's template/data/… tabs). */
export function TabbedLayout({ tabs }: { tabs: SidebarLink[] }) {
  const { t } = useTranslation();
  return (
    <div className="tabbed">
      <nav className="sub-tabs" aria-label={t('common.sidebar')}>
        {tabs.map((tab) => (
          <Link
            key={tab.to}
            to={tab.to}
            className="sub-tab"
            activeOptions={{ exact: tab.exact ?? false }}
            activeProps={{ className: 'sub-tab active', 'aria-current': 'page' }}
          >
            {'label' in tab ? tab.label : t(tab.labelKey)}
          </Link>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
