import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export interface SidebarLink {
  to: string;
  labelKey: string;
  exact?: boolean;
}

/** A section with side navigation; under 980 px the sidebar is hidden (styles/shell.css). */
export function SidebarLayout({ links }: { links: SidebarLink[] }) {
  const { t } = useTranslation();
  return (
    <div className="with-sidebar">
      <aside className="sidebar" aria-label={t('common.sidebar')}>
        <nav>
          {links.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="side-link"
              activeOptions={{ exact: link.exact ?? false }}
              activeProps={{ className: 'side-link active', 'aria-current': 'page' }}
            >
              {t(link.labelKey)}
            </Link>
          ))}
        </nav>
      </aside>
      <div className="section-content">
        <Outlet />
      </div>
    </div>
  );
}
