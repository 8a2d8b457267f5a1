/**
 * `/o/:teamId/settings/members`: the team's members with their roles. Owners and admins change
 * roles, remove members and manage invitation links (create — the link shown once, to copy, and
 * mailed to an address when the server has a mail server —, list, revoke); only owners make
 * owners, and the server keeps the last owner (spec 000 §3, #15).
 */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { InvitationCreatedDto, InvitationDto, MemberDto, TeamDto, TeamRole } from '../../../api/contract';
import { ConfirmDialog } from '../../services/dialogs/ConfirmDialog';
import { serverApi, serverLogin } from '../../services/sync/server';
import { Select } from '../../shell/Select';
import { useAccountsTranslation } from '../account/i18n/useTranslation';
import { RequireAccount } from '../account/RequireAccount';
import { useErrorText } from '../useErrorText';
import { useTeam } from './useTeam';
import '../account/accounts.css';

const inviteUrl = (code: string) => `${window.location.origin}/invitation/${encodeURIComponent(code)}`;

function useWhen() {
  const { i18n } = useAccountsTranslation();
  return (ms: number) => new Date(ms).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
}

function Invitations({ team }: { team: TeamDto }) {
  const { t } = useAccountsTranslation();
  const errorText = useErrorText();
  const when = useWhen();
  const [list, setList] = useState<InvitationDto[] | null>(null);
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const [days, setDays] = useState(7);
  const [email, setEmail] = useState('');
  // Whether the server mails links (QUIRE_SMTP_URL); null until it answered.
  const [mail, setMail] = useState<boolean | null>(null);
  const [created, setCreated] = useState<InvitationCreatedDto | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<InvitationDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setList(await serverApi().members.invitations(team.id));
    } catch (failure) {
      setError(errorText(failure));
    }
  }, [team.id, errorText]);
  useEffect(() => void reload(), [reload]);
  useEffect(() => {
    serverApi()
      .user.mail()
      .then(
        (status) => setMail(status.configured),
        () => setMail(false),
      );
  }, []);

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setCopied(false);
    setCreated(null);
    const to = mail ? email.trim() : '';
    try {
      setCreated(
        await serverApi().members.invite(team.id, { role, expiresInDays: days, ...(to ? { email: to } : {}) }),
      );
      setEmail('');
      await reload();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard permission: the link stays selected in its field for the user to copy.
      (document.getElementById('invite-link') as HTMLInputElement | null)?.select();
    }
  }

  async function revoke(invitation: InvitationDto) {
    setRevoking(null);
    setError(null);
    try {
      await serverApi().members.revokeInvitation(team.id, invitation.id);
      if (created?.id === invitation.id) setCreated(null);
      await reload();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <section aria-labelledby="invitations-title">
      <h2 id="invitations-title">{t('invitationsTitle')}</h2>
      <p className="account-note">{t('invitationsLead')}</p>
      <form className="invite-form" onSubmit={(event) => void create(event)}>
        <label>
          {t('inviteAs')}
          <Select
            value={role}
            onValueChange={(value) => setRole(value === 'admin' ? 'admin' : 'member')}
            options={[
              { value: 'member', label: t('role_member') },
              { value: 'admin', label: t('role_admin') },
            ]}
          />
        </label>
        <label>
          {t('expiresIn')}
          <input
            className="q-input"
            type="number"
            min={1}
            max={30}
            required
            value={days}
            onChange={(e) => setDays(Math.min(30, Math.max(1, Number(e.target.value) || 1)))}
          />
        </label>
        <label className="invite-email">
          {t('inviteEmail')}
          <input
            className="q-input"
            type="email"
            autoComplete="off"
            maxLength={254}
            disabled={mail !== true}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-describedby="invite-email-hint"
          />
        </label>
        <button type="submit" className="button primary">
          {mail && email.trim() ? t('createAndSend') : t('createLink')}
        </button>
        {mail !== null && (
          <small id="invite-email-hint" className="account-note invite-email-hint">
            {mail ? t('inviteEmailHint') : t('inviteMailOff')}
          </small>
        )}
      </form>
      {created?.sentTo && (
        <p role="status" data-testid="invitation-sent">
          {t('invitationSent', { email: created.sentTo })}
        </p>
      )}
      {created && (
        <div className="invite-link">
          <label className="visually-hidden" htmlFor="invite-link">
            {t('newLink')}
          </label>
          <input
            className="q-input"
            id="invite-link"
            readOnly
            value={inviteUrl(created.code)}
            onFocus={(e) => e.target.select()}
          />
          <button type="button" className="button secondary" onClick={() => void copy(inviteUrl(created.code))}>
            {copied ? t('copied') : t('copy')}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="account-alert">
          {error}
        </p>
      )}
      {list === null ? null : list.length === 0 ? (
        <p>{t('noInvitations')}</p>
      ) : (
        <table className="team-table" data-testid="invitation-list">
          <thead>
            <tr>
              <th scope="col">{t('linkStarts')}</th>
              <th scope="col">{t('roleLabel')}</th>
              <th scope="col">{t('expires')}</th>
              <th scope="col">{t('acceptedCount')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('revoke')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((invitation) => (
              <tr key={invitation.id}>
                <td>
                  <code>{invitation.prefix}…</code>
                </td>
                <td>{t(`role_${invitation.role}`)}</td>
                <td>{when(invitation.expiresAt)}</td>
                <td>{invitation.acceptedCount}</td>
                <td>
                  <button type="button" className="button secondary" onClick={() => setRevoking(invitation)}>
                    {t('revoke')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {revoking && (
        <ConfirmDialog
          title={t('revokeTitle')}
          message={t('revokeMessage')}
          confirmLabel={t('revoke')}
          danger
          onAnswer={(confirmed) => (confirmed ? void revoke(revoking) : setRevoking(null))}
        />
      )}
    </section>
  );
}

function Members() {
  const { t } = useAccountsTranslation();
  const errorText = useErrorText();
  const when = useWhen();
  const { team, manages, error: loadError, reload: reloadTeam } = useTeam();
  const [members, setMembers] = useState<MemberDto[] | null>(null);
  const [removing, setRemoving] = useState<MemberDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const me = serverLogin()?.userId;
  const teamId = team?.id;

  const reload = useCallback(async () => {
    if (!teamId) return;
    try {
      setMembers(await serverApi().members.list(teamId));
    } catch (failure) {
      setError(errorText(failure));
    }
  }, [teamId, errorText]);
  useEffect(() => void reload(), [reload]);

  if (!team) return loadError ? <p role="alert">{loadError}</p> : <p aria-busy="true">{t('working')}</p>;
  const isOwner = team.role === 'owner';
  // An admin manages members and admins; owners are an owner's business.
  const canTouch = (member: MemberDto) => manages && (isOwner || member.role !== 'owner');
  const roleOptions = (['owner', 'admin', 'member'] as const)
    .filter((role) => isOwner || role !== 'owner')
    .map((role) => ({ value: role, label: t(`role_${role}`) }));

  async function changeRole(member: MemberDto, role: TeamRole) {
    if (!team) return;
    setError(null);
    try {
      setMembers(await serverApi().members.changeRole(team.id, member.userId, role));
      if (member.userId === me) await reloadTeam();
    } catch (failure) {
      setError(errorText(failure));
      await reload();
    }
  }

  async function remove(member: MemberDto) {
    setRemoving(null);
    if (!team) return;
    setError(null);
    try {
      await serverApi().members.remove(team.id, member.userId);
      await reload();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <>
      {error && (
        <p role="alert" className="account-alert">
          {error}
        </p>
      )}
      {!manages && <p className="account-note">{t('managersOnly')}</p>}
      {members && (
        <table className="team-table" data-testid="member-list">
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('email')}</th>
              <th scope="col">{t('roleLabel')}</th>
              <th scope="col">{t('joinedAt')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.userId} data-member={member.email}>
                <td>
                  {member.name} {member.userId === me && <span className="account-note">{t('you')}</span>}
                </td>
                <td>{member.email}</td>
                <td>
                  {canTouch(member) ? (
                    <Select
                      size="small"
                      aria-label={t('roleOf', { name: member.name })}
                      value={member.role}
                      onValueChange={(value) => void changeRole(member, value as TeamRole)}
                      options={roleOptions}
                    />
                  ) : (
                    t(`role_${member.role}`)
                  )}
                </td>
                <td>{when(member.joinedAt)}</td>
                <td>
                  {canTouch(member) && member.userId !== me && (
                    <button type="button" className="button secondary" onClick={() => setRemoving(member)}>
                      {t('remove')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {removing && (
        <ConfirmDialog
          title={t('removeTitle', { name: removing.name })}
          message={t('removeMessage', { name: removing.name })}
          confirmLabel={t('remove')}
          danger
          onAnswer={(confirmed) => (confirmed ? void remove(removing) : setRemoving(null))}
        />
      )}
      {manages && <Invitations team={team} />}
    </>
  );
}

export function MembersScreen() {
  const { t } = useAccountsTranslation();
  return (
    <section className="screen team-screen" aria-labelledby="members-title">
      <h1 id="members-title">{t('membersTitle')}</h1>
      <RequireAccount>
        <Members />
      </RequireAccount>
    </section>
  );
}
