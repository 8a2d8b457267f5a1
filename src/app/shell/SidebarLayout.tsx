import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n';

/** A link named by a key of the app's messages, or by a text its feature has translated already. */
export type SidebarLink = { to: string; exact?: boolean } & ({ labelKey: MessageKey } | { label: string });

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
              {'label' in link ? link.label : t(link.labelKey)}
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
