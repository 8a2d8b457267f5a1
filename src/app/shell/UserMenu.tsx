import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '../../api/contract';
import type { LoginContext } from '../services/auth/loginStore';
import { loginStore } from '../services/auth/session';
import { usePlansTranslation } from '../services/plan/i18n';
import { usePlan } from '../services/plan/plan';
import { serverApi, watchServerLogin } from '../services/sync/server';

/** The signed-in account, read once per token (the header re-renders on every navigation). */
const accounts = new Map<string, Promise<UserDto>>();
function accountOf(token: string): Promise<UserDto> {
  let account = accounts.get(token);
  if (!account) {
    account = serverApi().user.get();
    accounts.set(token, account);
    // A failed read is asked again on the next visit, not remembered.
    account.catch(() => accounts.delete(token));
  }
  return account;
}

/** The team's plan under the names (#32): "Enterprise · active", or nothing without a server plan. */
function PlanLine({ onFailed }: { onFailed: (failed: boolean) => void }) {
  const { t } = usePlansTranslation();
  const plan = usePlan();
  const failed = plan.status === 'failed';
  useEffect(() => onFailed(failed), [failed, onFailed]);
  if (plan.status !== 'ready') return null;
  return (
    <span className="plan-name" data-testid="header-plan">
      {t('planLine', { plan: t(`versions.${plan.plan.version}`), state: t(`states.${plan.plan.state}`) })}
    </span>
  );
}

/**
 * Who is signed in, as a person reads it: a server account's name with its e-mail and team; the
 * device's own account as "You · On this device". Never an internal id (`usr_…`, `local-user`).
 */
export function UserMenu({ context }: { context: LoginContext }) {
  const { t } = useTranslation();
  // A sign-in or sign-out on /sync changes who is signed in without a navigation: read again.
  const [, setLoginChanges] = useState(0);
  useEffect(() => watchServerLogin(() => setLoginChanges((n) => n + 1)), []);
  const login = loginStore.current(context);
  const onDevice = !login || login.tenantKey === 'local';
  const [account, setAccount] = useState<UserDto>();
  const [accountFailed, setAccountFailed] = useState(false);
  const [planFailed, setPlanFailed] = useState(false);
  useEffect(() => {
    if (!login || onDevice) return;
    let alive = true;
    accountOf(login.token).then(
      (found) => {
        if (!alive) return;
        setAccount(found);
        setAccountFailed(false);
      },
      () => alive && setAccountFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [login, onDevice]);
  if (!login) return null;
  const name = onDevice ? t('header.localName') : account?.name || account?.email || t('header.signedIn');
  const detail = onDevice ? t('header.localUser') : [account?.email, account?.tenantName].filter(Boolean).join(' · ');
  return (
    <div className="user-menu">
      <span className="avatar" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
      <span className="user-names" data-testid="signed-in-as">
        <span className="user-name">{name}</span>
        {detail && <span className="tenant-name">{detail}</span>}
        {!onDevice && <PlanLine onFailed={setPlanFailed} />}
        {/* Spec 000 §2: when the user-info calls fail, the header shows the commonError title in red. */}
        {!onDevice && (accountFailed || planFailed) && (
          <span className="user-info-error" role="alert" data-testid="user-info-error">
            {t('commonError.title')}
          </span>
        )}
      </span>
      <Link to={context === 'open' ? '/logout' : '/auth/signout'} className="button ghost">
        {t('header.signOut')}
      </Link>
    </div>
  );
}
