import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginContext } from '../services/auth/loginStore';
import { localLoginRecord } from '../services/auth/loginStore';
import { loginStore, safeInternalPath } from '../services/auth/session';
import { appConfig, homePathFor } from '../services/config';

/**
 * Sign-in for both tables. With no server configured the account lives on this device: the
 * button writes a local login record and returns to the target the guard was given.
 */
export function SignInScreen({ context }: { context: LoginContext }) {
  const { t } = useTranslation();
  const router = useRouter();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const fallback = context === 'open' ? '/o' : homePathFor(appConfig.defaultRoute);
  const target = safeInternalPath(search.target, fallback);
  const cancelTarget = safeInternalPath(search.cancelTarget, '/');
  const userId = typeof search.userId === 'string' && search.userId ? search.userId : 'local-user';
  return (
    <article className="screen auth-card">
      <h1>{t('auth.signinTitle')}</h1>
      <p className="muted">{t('auth.signinLead')}</p>
      <div className="actions">
        <button
          type="button"
          className="button primary"
          onClick={() => {
            loginStore.save(context, localLoginRecord(userId, Date.now()));
            void router.navigate({ href: target });
          }}
        >
          {t('auth.continueLocal')}
        </button>
        <Link to={cancelTarget} className="button secondary">
          {t('auth.cancel')}
        </Link>
      </div>
    </article>
  );
}

export function SignOutScreen({ context }: { context: LoginContext }) {
  const { t } = useTranslation();
  useEffect(() => loginStore.clear(context), [context]);
  return (
    <article className="screen auth-card">
      <h1>{t('auth.signedOut')}</h1>
      <div className="actions">
        <Link to={context === 'open' ? '/login' : '/auth/signin'} className="button primary">
          {t('auth.signinTitle')}
        </Link>
        <Link to="/" className="button secondary">
          {t('common.backHome')}
        </Link>
      </div>
    </article>
  );
}

export function AuthCallbackScreen() {
  const { t } = useTranslation();
  return (
    <article className="screen auth-card">
      <h1>{t('auth.callbackTitle')}</h1>
    </article>
  );
}

export function CanceledScreen() {
  const { t } = useTranslation();
  return (
    <article className="screen auth-card">
      <h1>{t('auth.canceled')}</h1>
      <Link to="/" className="button secondary">
        {t('common.backHome')}
      </Link>
    </article>
  );
}

/** /approval without an approval code (spec 000 §2). */
export function NeedLoginScreen() {
  const { t } = useTranslation();
  return (
    <article className="screen auth-card">
      <h1>{t('auth.needLogin')}</h1>
      <p className="muted">{t('auth.needLoginMessage')}</p>
    </article>
  );
}
