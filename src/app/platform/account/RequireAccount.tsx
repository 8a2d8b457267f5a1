/** The account screens need a server sign-in: without one they offer it, coming back here afterwards. */
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useServerToken } from '../../services/sync/useSync';
import { useAccountsTranslation } from './i18n/useTranslation';

export function RequireAccount({ children }: { children: ReactNode }) {
  const { t } = useAccountsTranslation();
  const token = useServerToken();
  const here = useRouterState({ select: (state) => state.location.href });
  if (token) return <>{children}</>;
  return (
    <section className="screen auth-card account-card">
      <p>{t('needAccount')}</p>
      <Link to="/login" search={{ target: here }} className="button primary">
        {t('signIn')}
      </Link>
    </section>
  );
}
