/**
 * `/invitation/:code`: what the link invites to (the team, who invited, the role) before anyone
 * signs in; a signed-in visitor joins with one button, anyone else signs in or creates an account
 * and joins right after.
 */
import { Link, useParams } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { InvitationPreviewDto, TeamDto, UserDto } from '../../../api/contract';
import { clearServerLogin, connectApi, serverApi } from '../../services/sync/server';
import { useServerToken } from '../../services/sync/useSync';
import { useErrorText } from '../useErrorText';
import { AccountForm } from './AccountForm';
import { useAccountsTranslation } from './i18n/useTranslation';
import './accounts.css';

export function InvitationScreen() {
  const { code } = useParams({ strict: false }) as { code: string };
  const { t, i18n } = useAccountsTranslation();
  const errorText = useErrorText();
  const token = useServerToken();
  const [invitation, setInvitation] = useState<InvitationPreviewDto | null>(null);
  const [me, setMe] = useState<UserDto | null>(null);
  const [joined, setJoined] = useState<TeamDto | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    connectApi()
      .invitations.preview(code)
      .then(
        (preview) => alive && setInvitation(preview),
        (failure) => alive && setError(errorText(failure)),
      );
    return () => {
      alive = false;
    };
  }, [code, errorText]);

  useEffect(() => {
    if (!token) return setMe(null);
    let alive = true;
    serverApi()
      .user.get()
      .then(
        (user) => alive && setMe(user),
        () => alive && setMe(null),
      );
    return () => {
      alive = false;
    };
  }, [token]);

  const join = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      setJoined(await serverApi().invitations.accept(code));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }, [code, errorText]);

  const role = invitation ? t(`role_${invitation.role}`) : '';
  return (
    <article className="screen auth-card account-card">
      <h1>{t('invitationTitle')}</h1>
      {error && (
        <p role="alert" className="account-alert">
          {error}
        </p>
      )}
      {!invitation ? (
        !error && <p aria-busy="true">{t('working')}</p>
      ) : joined ? (
        <div>
          <p role="status">{t('joined', { team: joined.name })}</p>
          <Link to="/o/$teamId" params={{ teamId: joined.id }} className="button primary">
            {t('openTeam')}
          </Link>
        </div>
      ) : (
        <>
          <p data-testid="invitation-lead">
            {t('invitationLead', { invitedBy: invitation.invitedBy, team: invitation.teamName, role })}
          </p>
          <p className="account-note">
            {t('invitationExpires', {
              date: new Date(invitation.expiresAt).toLocaleString(i18n.language, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            })}
          </p>
          {token && me ? (
            <div className="account-actions">
              <button type="button" className="button primary" disabled={busy} onClick={() => void join()}>
                {t('joinAs', { name: me.name })}
              </button>
              <button type="button" className="button secondary" onClick={() => clearServerLogin()}>
                {t('notYou')}
              </button>
            </div>
          ) : (
            <>
              <p>{t('invitationSignIn')}</p>
              <AccountForm initialMode="up" onSignedIn={join} />
            </>
          )}
        </>
      )}
    </article>
  );
}
