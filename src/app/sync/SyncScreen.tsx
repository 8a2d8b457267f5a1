/**
 * `/sync`: connect to a Quire server (this site by default; sign in or create an account), choose a
 * team, and link each workspace of this device to a team document — or stop. Signing out keeps
 * everything on this device.
 */
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import type { DocDto, TeamDto, UserDto } from '../../api/contract';
import type { BaseRow } from '../../storage/types';
import type { BaseLinkRow } from '../../sync/store';
import { getStorage } from '../services/storage';
import { ErrorLine, useErrorText } from '../services/sync/errors';
import { useSyncTranslation } from '../services/sync/i18n/useSyncTranslation';
import { defaultTeam, NEW_DOC, otherWorkspaceOn, suggestedDoc } from '../services/sync/model';
import { hasLinkedBases, rememberLinked, runningSync, startSync } from '../services/sync/runtime';
import { clearServerLogin, connectApi, saveServerLogin, serverApi, serverLogin } from '../services/sync/server';
import { parseServerAddress, saveServerAddress, serverAddress } from '../services/sync/serverAddress';
import { SyncStatusLine } from '../services/sync/TemplateSync';
import { useServerToken } from '../services/sync/useSync';
import '../services/sync/sync.css';
import { Select } from '../shell/Select';

/**
 * Which server the form signs in to: this site's by default, or one typed here. Changing it is offered
 * only while no workspace syncs, since linked templates belong to the server they were linked with.
 */
function ServerChoice() {
  const { t } = useSyncTranslation();
  const [origin, setOrigin] = useState(serverAddress);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);
  const shown = origin ?? t('sameOrigin', { origin: window.location.origin });
  // Not a form of its own: it sits inside the sign-in form, where Enter must choose the server only.
  const save = () => {
    const typed = draft.trim() ? parseServerAddress(draft) : undefined;
    if (typed === null) {
      setInvalid(true);
      return;
    }
    saveServerAddress(typed);
    setOrigin(serverAddress());
    setEditing(false);
  };
  if (!editing)
    return (
      <p className="muted sync-server" data-testid="sync-server">
        {t('server')}: {shown}{' '}
        {hasLinkedBases() ? (
          <span>{t('serverLocked')}</span>
        ) : (
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => {
              setDraft(origin ?? '');
              setInvalid(false);
              setEditing(true);
            }}
          >
            {t('changeServer')}
          </button>
        )}
      </p>
    );
  return (
    <div className="sync-server-form">
      <label>
        <span>{t('serverAddress')}</span>
        <input
          type="url"
          inputMode="url"
          placeholder={window.location.origin}
          value={draft}
          aria-invalid={invalid}
          aria-describedby="sync-server-hint"
          onChange={(e) => {
            setDraft(e.target.value);
            setInvalid(false);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            save();
          }}
        />
        <small id="sync-server-hint" className="muted">
          {invalid ? t('serverAddressInvalid') : t('serverAddressHint')}
        </small>
      </label>
      <div className="sync-actions">
        <button type="button" className="btn btn-small btn-primary" onClick={save}>
          {t('useServer')}
        </button>
        <button type="button" className="btn btn-small btn-quiet" onClick={() => setEditing(false)}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}

function ConnectForm() {
  const { t } = useSyncTranslation();
  const errorText = useErrorText();
  const [mode, setMode] = useState<'in' | 'up'>('in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const api = connectApi();
      const answer =
        mode === 'in' ? await api.auth.login({ email, password }) : await api.auth.register({ email, password, name });
      saveServerLogin(answer);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="sync-card sync-connect" onSubmit={(event) => void submit(event)}>
      <h2>{mode === 'in' ? t('signIn') : t('signUp')}</h2>
      <ServerChoice />
      <label>
        <span>{t('email')}</span>
        <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        <span>{t('password')}</span>
        <input
          type="password"
          autoComplete={mode === 'in' ? 'current-password' : 'new-password'}
          required
          minLength={mode === 'up' ? 8 : 1}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {mode === 'up' && <small className="muted">{t('passwordHint')}</small>}
      </label>
      {mode === 'up' && (
        <label>
          <span>{t('name')}</span>
          <input autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
        </label>
      )}
      <ErrorLine error={error} />
      <div className="sync-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {mode === 'in' ? t('signIn') : t('signUp')}
        </button>
        <button type="button" className="btn btn-quiet" onClick={() => setMode(mode === 'in' ? 'up' : 'in')}>
          {mode === 'in' ? t('needAccount') : t('haveAccount')}
        </button>
      </div>
    </form>
  );
}

export function WorkspaceRow({
  base,
  links,
  baseNames,
  docs,
  team,
  onChanged,
}: {
  base: BaseRow;
  /** Every workspace of this device that syncs, with its document. */
  links: readonly BaseLinkRow[];
  baseNames: ReadonlyMap<string, string>;
  docs: DocDto[];
  team: TeamDto | undefined;
  onChanged: () => void;
}) {
  const { t } = useSyncTranslation();
  const errorText = useErrorText();
  const link = links.find((l) => l.baseId === base.id);
  const takenKey = links
    .filter((l) => l.baseId !== base.id)
    .map((l) => l.docId)
    .join(',');
  const suggest = () => suggestedDoc(base.name, docs, new Set(takenKey.split(',')));
  const [choice, setChoice] = useState(suggest);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `suggest` reads exactly these
  useEffect(() => setChoice(suggest()), [base.name, docs, takenKey]);
  const otherWorkspace = choice === NEW_DOC ? undefined : otherWorkspaceOn(choice, base.id, links, baseNames);
  const chosenDoc = docs.find((d) => d.id === choice);

  const run = async (job: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await job();
      onChanged();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const link_ = () =>
    run(async () => {
      if (!team) return;
      const doc =
        choice === NEW_DOC
          ? await serverApi().docs.create(team.id, { name: base.name })
          : docs.find((d) => d.id === choice);
      if (!doc) return;
      const runtime = await startSync();
      await runtime.bridge.linkBase({ baseId: base.id, teamId: team.id, docId: doc.id, docName: doc.name });
      rememberLinked(true);
      runtime.kick();
    });
  const finish = () =>
    run(async () => {
      if (!link) return;
      const runtime = await startSync();
      await runtime.bridge.finishLink(link.baseId);
      runtime.kick();
    });
  const unlink = () =>
    run(async () => {
      const runtime = await startSync();
      await runtime.bridge.unlinkBase(base.id);
      rememberLinked((await runtime.engine.db.bases.count()) > 0);
    });

  const selectId = `sync-doc-${base.id}`;
  return (
    <li className="sync-base" data-base={base.id}>
      <h3>{base.name}</h3>
      {link ? (
        <div className="sync-actions">
          <span data-testid="sync-linked">{t('linkedTo', { doc: link.docName })}</span>
          <button type="button" className="btn btn-small btn-quiet" disabled={busy} onClick={() => void unlink()}>
            {t('unlink')}
          </button>
          {link.complete === false && (
            // A browser lost while linking: sync finishes it by itself once it can; this says so now.
            <p className="sync-unfinished" role="status" data-testid="sync-unfinished">
              {t('linkUnfinished')}{' '}
              <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={() => void finish()}>
                {t('finishLink')}
              </button>
            </p>
          )}
        </div>
      ) : (
        <div className="sync-actions">
          <label htmlFor={selectId}>{t('linkTo')}</label>
          <Select id={selectId} value={choice} onChange={(e) => setChoice(e.target.value)} disabled={busy}>
            <option value={NEW_DOC}>{t('newDoc')}</option>
            {docs
              .filter((d) => d.status === 'active')
              .map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
          </Select>
          <button
            type="button"
            className="btn btn-small btn-primary"
            disabled={busy || !team}
            onClick={() => void link_()}
          >
            {t('link')}
          </button>
        </div>
      )}
      {!link && otherWorkspace !== undefined && (
        <p className="sync-warning" role="status" data-testid="sync-doc-taken">
          {t('docTaken', { workspace: otherWorkspace, doc: chosenDoc?.name ?? '' })}
        </p>
      )}
      <ErrorLine error={error} />
    </li>
  );
}

function Connected() {
  const { t } = useSyncTranslation();
  const errorText = useErrorText();
  const [user, setUser] = useState<UserDto | null>(null);
  const [teams, setTeams] = useState<TeamDto[]>([]);
  const [teamId, setTeamId] = useState<string>('');
  const [docs, setDocs] = useState<DocDto[]>([]);
  const [bases, setBases] = useState<BaseRow[] | null>(null);
  const [links, setLinks] = useState<BaseLinkRow[]>([]);
  const [error, setError] = useState<string | null>(null);

  const loadLinks = useCallback(async () => {
    setBases(await (await getStorage()).bases.list());
    // No runtime yet means nothing was linked in this tab's life: no sync database to open.
    const running = await runningSync();
    setLinks(running ? await running.engine.db.bases.toArray() : []);
  }, []);

  useEffect(() => {
    let alive = true;
    void (async () => {
      try {
        const api = serverApi();
        const [me, list] = await Promise.all([api.user.get(), api.teams.list()]);
        if (!alive) return;
        setUser(me);
        setTeams(list);
        setTeamId((current) => current || defaultTeam(list, serverLogin()?.tenantKey)?.id || '');
      } catch (failure) {
        if (alive) setError(errorText(failure));
      }
    })();
    return () => {
      alive = false;
    };
  }, [errorText]);

  useEffect(() => {
    if (!teamId) return;
    let alive = true;
    void serverApi()
      .docs.list(teamId, { pageSize: 200 })
      .then((page) => alive && setDocs(page.list))
      .catch((failure) => alive && setError(errorText(failure)));
    return () => {
      alive = false;
    };
  }, [teamId, errorText]);

  useEffect(() => {
    void loadLinks();
  }, [loadLinks]);

  const signOut = async () => {
    try {
      await serverApi().auth.logout();
    } catch {
      // Signing out here must work offline too: the local login goes either way.
    }
    clearServerLogin();
  };

  const team = teams.find((candidate) => candidate.id === teamId);
  const baseNames = useMemo(() => new Map((bases ?? []).map((base) => [base.id, base.name])), [bases]);
  return (
    <>
      <div className="sync-card">
        <p>{user ? t('signedInAs', { email: user.email }) : '…'}</p>
        <p className="muted" data-testid="sync-server">
          {t('server')}: {serverAddress() ?? t('sameOrigin', { origin: window.location.origin })}
        </p>
        <p className="muted">{t('signOutNote')}</p>
        <button type="button" className="btn btn-quiet" onClick={() => void signOut()}>
          {t('signOut')}
        </button>
      </div>
      <ErrorLine error={error} />
      <div className="sync-card">
        <label className="sync-team">
          <span>{t('team')}</span>
          <Select value={teamId} onChange={(e) => setTeamId(e.target.value)}>
            {teams.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </Select>
        </label>
        <h2>{t('workspaces')}</h2>
        {bases && bases.length === 0 && <p className="muted">{t('noWorkspaces')}</p>}
        <ul className="sync-bases">
          {(bases ?? []).map((base) => (
            <WorkspaceRow
              key={base.id}
              base={base}
              links={links}
              baseNames={baseNames}
              docs={docs}
              team={team}
              onChanged={() => {
                void loadLinks();
                if (team)
                  void serverApi()
                    .docs.list(team.id, { pageSize: 200 })
                    .then((page) => setDocs(page.list));
              }}
            />
          ))}
        </ul>
      </div>
    </>
  );
}

export function SyncScreen() {
  const { t } = useSyncTranslation();
  const token = useServerToken();
  return (
    <section className="screen sync-screen" aria-labelledby="sync-title">
      <h1 id="sync-title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <SyncStatusLine />
      {token ? <Connected key={token} /> : <ConnectForm />}
    </section>
  );
}
