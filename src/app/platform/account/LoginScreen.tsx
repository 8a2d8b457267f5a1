/** `/login`: the open platform's sign-in (and sign-up), then on to `?target=` (an in-app path) or `/o`. */
import { useRouter, useSearch } from '@tanstack/react-router';
import { safeInternalPath } from '../../services/auth/session';
import { AccountForm } from './AccountForm';
import { useAccountsTranslation } from './i18n/useTranslation';
import './accounts.css';

export function LoginScreen() {
  const { t } = useAccountsTranslation();
  const router = useRouter();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const target = safeInternalPath(search.target, '/o');
  return (
    <article className="screen auth-card account-card">
      <h1>{t('signInTitle')}</h1>
      <p className="account-note">{t('signInLead')}</p>
      <AccountForm onSignedIn={() => router.navigate({ href: target })} />
    </article>
  );
}
