/**
 * Sync in the template list: each template's state (on this device only · synced · waiting to send ·
 * conflict), Publish with a note, the release history with "reset to this release", the server's
 * conflict dialog, and a status line with the changes waiting. Renders nothing server-related — and
 * opens nothing — until a workspace of this device is linked.
 */
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import type { ReleaseDto } from '../../../api/contract';
import type { ConflictRow } from '../../../sync/store';
import { ConflictDialog, type ConflictDialogTexts } from '../conflict/ConflictDialog';
import type { Conflict, ConflictResolution } from '../conflict/conflict';
import { templateParts } from '../conflict/templateParts';
import { ErrorLine, useErrorText } from './errors';
import { useSyncTranslation } from './i18n/useSyncTranslation';
import { badgeOf, statusLine } from './model';
import type { SyncHealth, SyncRuntime } from './runtime';
import { serverApi } from './server';
import { useOnline, useServerToken, useSyncRuntime } from './useSync';
import './sync.css';

/** The list's line about sync: a way to connect, or the state of sync and the changes waiting. */
export function SyncStatusLine({ offerConnect = false }: { offerConnect?: boolean }) {
  const { t } = useSyncTranslation();
  const runtime = useSyncRuntime();
  const token = useServerToken();
  const online = useOnline();
  const counts = useLiveQuery(() => runtime?.engine.status(), [runtime]);
  const health = useLiveQuery(
    async () => (await runtime?.engine.db.meta.get('health'))?.value as SyncHealth | undefined,
    [runtime],
  );
  if (!runtime) {
    return offerConnect ? (
      <p className="sync-status">
        <Link to="/sync">{t('openSync')}</Link>
      </p>
    ) : null;
  }
  const line = statusLine({ signedIn: token !== null, online, health });
  return (
    <p className="sync-status" data-testid="sync-status" data-state={line.kind}>
      <span>{line.kind === 'error' ? t('health.error', { message: line.message }) : t(`health.${line.kind}`)}</span>
      {counts && counts.waiting > 0 && (
        <span data-testid="sync-waiting">{t('waiting', { count: counts.waiting })}</span>
      )}
      {counts && counts.conflicts > 0 && <span>{t('conflicts', { count: counts.conflicts })}</span>}
      <Link to="/sync">{t('title')}</Link>
    </p>
  );
}

function ServerConflictDialog({
  runtime,
  conflict: row,
  onClose,
}: {
  runtime: SyncRuntime;
  conflict: ConflictRow;
  onClose: () => void;
}) {
  const { t } = useSyncTranslation();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const conflict = useMemo<Conflict>(
    () => ({
      mine: {
        label: t('mine'),
        content: row.mine.content,
        revision: row.theirs.version,
        parts: templateParts(row.mine.content),
      },
      theirs: {
        label: t('theirs'),
        content: row.theirs.content,
        revision: row.theirs.version,
        parts: templateParts(row.theirs.content),
        at: row.theirs.updatedAt,
      },
    }),
    [row, t],
  );
  const texts: ConflictDialogTexts = {
    title: t('conflictTitle'),
    intro: t('conflictIntro'),
    takeTheirs: t('takeTheirs'),
    keepMine: t('keepMine'),
    keepCopy: t('keepCopy'),
    unchanged: (count) => t('unchanged', { count }),
    absent: t('absent'),
    noTextChanges: t('noTextChanges'),
  };
  const resolve = async (choice: ConflictResolution) => {
    setBusy(true);
    setError(null);
    try {
      await runtime.bridge.resolve(row.templateId, choice, (name) => t('copyName', { name }));
      runtime.kick();
      onClose();
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };
  return (
    <ConflictDialog conflict={conflict} texts={texts} onResolve={(c) => void resolve(c)} busy={busy} error={error} />
  );
}

function Releases({ runtime, localId, releaseNo }: { runtime: SyncRuntime; localId: string; releaseNo: number }) {
  const { t, i18n } = useSyncTranslation();
  const errorText = useErrorText();
  const [releases, setReleases] = useState<ReleaseDto[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const target = await runtime.bridge.remoteOf(localId);
      if (!target) return;
      const list = await serverApi().templates.releases(target.docId, target.templateId);
      setReleases([...list].sort((a, b) => b.releaseNo - a.releaseNo));
    } catch (failure) {
      setMessage(errorText(failure));
    }
  }, [runtime, localId, errorText]);
  // A new release (published here or elsewhere) shows up without reopening the list.
  useEffect(() => {
    void releaseNo;
    void load();
  }, [load, releaseNo]);

  const reset = async (release: ReleaseDto) => {
    setBusy(true);
    setMessage(null);
    try {
      await runtime.bridge.resetToRelease(localId, (target) =>
        serverApi().templates.reset(target.teamId, target.docId, target.templateId, {
          lastVersion: target.version,
          releaseNo: release.releaseNo,
        }),
      );
      setMessage(t('resetDone', { n: release.releaseNo }));
    } catch (failure) {
      setMessage(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="sync-releases" aria-label={t('releases')}>
      {releases === null ? (
        <p className="muted">…</p>
      ) : releases.length === 0 ? (
        <p className="muted">{t('noReleases')}</p>
      ) : (
        <ol>
          {releases.map((release) => (
            <li key={release.releaseNo}>
              <strong>{t('release', { n: release.releaseNo })}</strong>{' '}
              <span className="muted">{new Date(release.createdAt).toLocaleString(i18n.language)}</span>
              {release.note && <span className="sync-note"> — {release.note}</span>}{' '}
              <button
                type="button"
                className="btn btn-small btn-quiet"
                disabled={busy}
                onClick={() => void reset(release)}
              >
                {t('resetTo')}
              </button>
            </li>
          ))}
        </ol>
      )}
      {message && (
        <p className="sync-message" role="status">
          {message}
        </p>
      )}
    </section>
  );
}

/** One template's sync view and, while it is in conflict, the server's version beside mine. */
function useTemplateSync(runtime: SyncRuntime | undefined, localId: string) {
  const view = useLiveQuery(() => runtime?.bridge.viewOf(localId), [runtime, localId]);
  const conflict = useLiveQuery(async () => {
    const remoteId = await runtime?.bridge.remoteIdOf(localId);
    return remoteId ? runtime?.engine.db.conflicts.get(remoteId) : undefined;
  }, [runtime, localId]);
  return { view, conflict };
}

/**
 * The editor's sync line for the template being edited: its state beside the save indicator, and the
 * server's conflict dialog one click away. Nothing shows until a workspace of this device is linked.
 */
export function EditorSyncBadge({ localId }: { localId: string }) {
  const { t } = useSyncTranslation();
  const runtime = useSyncRuntime();
  const { view, conflict } = useTemplateSync(runtime, localId);
  const [resolving, setResolving] = useState(false);
  if (!runtime || !view) return null;
  const badge = badgeOf(view);
  return (
    <span className="sync-editor" data-testid="editor-sync">
      <span className="sync-badge" data-sync-state={badge.state} role="status">
        {t(`state.${badge.state}`)}
        {badge.waiting > 0 && ` · ${t('waiting', { count: badge.waiting })}`}
      </span>
      {badge.state === 'conflict' && conflict && (
        <button type="button" className="btn btn-small btn-danger" onClick={() => setResolving(true)}>
          {t('resolve')}
        </button>
      )}
      {resolving && conflict && (
        <ServerConflictDialog runtime={runtime} conflict={conflict} onClose={() => setResolving(false)} />
      )}
    </span>
  );
}

/** One template card's sync: its badge and, once on the server, Publish, Releases and conflicts. */
export function TemplateSyncPanel({ localId }: { localId: string }) {
  const { t } = useSyncTranslation();
  const errorText = useErrorText();
  const runtime = useSyncRuntime();
  const { view, conflict } = useTemplateSync(runtime, localId);
  const [panel, setPanel] = useState<'none' | 'publish' | 'releases' | 'conflict'>('none');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!runtime) return null;
  const badge = badgeOf(view);

  const publish = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await runtime.bridge.publish(localId, note.trim());
      runtime.kick();
      setNote('');
      setPanel('releases');
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const toggle = (which: typeof panel) => setPanel(panel === which ? 'none' : which);

  return (
    <div className="sync-panel">
      <span className="sync-badge" data-sync-state={badge.state}>
        {t(`state.${badge.state}`)}
        {badge.waiting > 0 && ` · ${t('waiting', { count: badge.waiting })}`}
      </span>
      {view && view.state !== 'local' && (
        <>
          <div className="tpl-actions">
            {view.state === 'conflict' && conflict && (
              <button type="button" className="btn btn-small btn-danger" onClick={() => setPanel('conflict')}>
                {t('resolve')}
              </button>
            )}
            <button
              type="button"
              className="btn btn-small btn-quiet"
              disabled={view.state === 'conflict'}
              onClick={() => toggle('publish')}
            >
              {t('publish')}
            </button>
            <button type="button" className="btn btn-small btn-quiet" onClick={() => toggle('releases')}>
              {t('releases')}
            </button>
          </div>
          {panel === 'publish' && (
            <form className="sync-publish" onSubmit={(event) => void publish(event)}>
              <label>
                <span>{t('publishNote')}</span>
                <input value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
              </label>
              <button type="submit" className="btn btn-small btn-primary">
                {t('publishSend')}
              </button>
              <button type="button" className="btn btn-small btn-quiet" onClick={() => setPanel('none')}>
                {t('cancel')}
              </button>
            </form>
          )}
          {panel === 'releases' && <Releases runtime={runtime} localId={localId} releaseNo={view.releaseNo} />}
          {panel === 'conflict' && conflict && (
            <ServerConflictDialog runtime={runtime} conflict={conflict} onClose={() => setPanel('none')} />
          )}
        </>
      )}
      <ErrorLine error={error} />
    </div>
  );
}
