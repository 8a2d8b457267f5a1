/**
 * The one save pipeline of templates ("nothing typed is lost"), used by the document editor, the
 * canvas designer and the Office editor: the autosaver and its scheduler, the write-ahead journal
 * of the last change (localStorage and the durable IndexedDB journal), conflicts with another tab
 * (kept as a draft in IndexedDB until the user decides), following another tab's saves while this
 * screen has nothing of its own to save, retries while storage refuses, and the checks before
 * leaving. A screen hands it how to serialise its content and how to show another version; it
 * calls `changed()` on every edit, in the edit's own task.
 */
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { isQuireError } from '../../../core/errors';
import type { TemplateRow } from '../../../storage/types';
import { type ConflictResolution, planResolution } from '../conflict/conflict';
import { getStorage } from '../storage';
import { createAutosaver, type SaveState } from './autosave';
import { dropDraft, keepDraft, type UnsavedDraft } from './draft';
import { type Follower, followSaves } from './follow';
import { useSavingTranslation } from './i18n/useSavingTranslation';
import {
  browserDurableJournal,
  browserJournalStore,
  clearJournal,
  fingerprint,
  type JournalEntry,
  writeJournal,
} from './journal';
import { createSaveScheduler, deferToIdle } from './saveScheduler';

type SaveStatus = SaveState;

export interface TemplateConflict {
  mine: { content: string; revision: number; at: number };
  theirs: TemplateRow;
}

export interface SavePipelineInput {
  row: TemplateRow;
  /** Unsaved text of an earlier session that met a conflict: the dialog opens with it at once. */
  draft: UnsavedDraft | null;
}

interface SavePipelineOptions {
  /** The screen's content now, serialised as stored (read when a change is handed over). */
  serialize: () => string;
  /**
   * Show another version as the screen's own, without saving it back. Called inside `flushSync`:
   * the screen has the new content before the browser delivers another key.
   */
  showExternal: (row: TemplateRow) => void;
}

/** The address of the same screen for another template (the copy "keep mine as a copy" made). */
function hrefWithTemplate(currentId: string, nextId: string): string {
  const swap = (text: string) => text.split(encodeURIComponent(currentId)).join(encodeURIComponent(nextId));
  return `${swap(window.location.pathname)}${swap(window.location.search)}`;
}

/** The pipeline's status for the indicator and the banner, readable outside React's render. */
interface SaveStatusStore {
  get(): { status: SaveStatus; failure: string | null };
  subscribe(listener: () => void): () => void;
}

function createStatusStore() {
  let value: { status: SaveStatus; failure: string | null } = { status: 'saved', failure: null };
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: Partial<typeof value>) {
      const merged = { ...value, ...next };
      if (merged.status === value.status && merged.failure === value.failure) return;
      value = merged;
      for (const listener of listeners) listener();
    },
  };
}

/** Re-renders only the component that shows the status (the screen's layout does not re-render per key). */
export function useSaveStatus(store: SaveStatusStore) {
  return useSyncExternalStore(store.subscribe, store.get);
}

const journalStore = browserJournalStore();
/** Opened with the module, so the first keystroke finds the durable journal open. */
const durable = browserDurableJournal();
/**
 * Templates up to this size are journalled on every change, in the change's task (a killed
 * browser runs no more code); bigger ones at the autosaver's hand-over, to keep typing smooth.
 */
const JOURNAL_EVERY_CHANGE_MAX_CHARS = 250_000;
/** How often a write storage refused is tried again (the same pace as the workspace's retries). */
export const RETRY_INTERVAL_MS = 3000;

export function useSavePipeline(input: SavePipelineInput, name: string, binding: string, options: SavePipelineOptions) {
  const id = input.row.id;
  const { t } = useSavingTranslation();
  const router = useRouter();
  const tRef = useRef(t);
  tRef.current = t;
  const nameRef = useRef(name);
  nameRef.current = name;
  const bindingRef = useRef(binding);
  bindingRef.current = binding;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const lastName = useRef(name);
  const [conflict, setConflict] = useState<TemplateConflict | null>(null);
  const [busy, setBusy] = useState(false);
  const [resolveError, setResolveError] = useState<string | null>(null);

  const machine = useMemo(() => {
    const status = createStatusStore();
    let inFlight: JournalEntry['inFlight'];
    /** The content last journalled, so the hand-over does not journal the same text twice. */
    let journalled: string | null = null;
    let scheduler: ReturnType<typeof createSaveScheduler> | null = null;
    const entryFor = (content: string): JournalEntry => ({
      templateId: id,
      content,
      name: nameRef.current,
      tableId: bindingRef.current,
      baseRevision: saver.revision,
      ...(inFlight ? { inFlight } : {}),
      at: Date.now(),
    });
    const persistDraft = (content: string) =>
      getStorage()
        .then((storage) => keepDraft(storage.settings, entryFor(content)))
        // A full disk refuses the draft too; the journal and the pending buffer still hold the text.
        .catch(() => undefined);
    const openConflict = async () => {
      const first = saver.unsaved();
      if (first === null) return;
      void persistDraft(first);
      const storage = await getStorage();
      const theirs = await storage.templates.get(id);
      if (!theirs) return;
      // Changes made while theirs was read were kept with the conflict, but no dialog was open to
      // show them yet: the dialog opens with the newest text, the one "keep mine" writes.
      const mine = saver.unsaved() ?? first;
      setConflict({ mine: { content: mine, revision: saver.revision, at: Date.now() }, theirs });
    };
    const saver = createAutosaver({
      revision: input.draft?.baseRevision ?? input.row.revision,
      isConflict: (error) => isQuireError(error, 'VersionConflict'),
      onStatus: (next, error) => {
        // A write that resolves while a newer change waits is not "saved" yet.
        status.set({ status: next === 'saved' && scheduler?.pending ? 'saving' : next });
        if (next === 'failed') status.set({ failure: isQuireError(error) ? error.errorName : 'StorageUnavailable' });
        else if (next === 'saved' || next === 'conflict') status.set({ failure: null });
        if (next === 'conflict') void openConflict();
      },
      onWritten: (content) => {
        inFlight = undefined;
        clearJournal(journalStore, id, content, durable);
        if (journalled === content) journalled = null;
      },
      save: async (content, revision) => {
        inFlight = { revision: revision + 1, fingerprint: fingerprint(content) };
        // The newest change may have been journalled while the previous write was in flight, naming
        // that write: name this one, so a replay after a kill that lands it finds it its own.
        if (journalled !== null) writeJournal(journalStore, entryFor(journalled), durable);
        const storage = await getStorage();
        try {
          const saved = await storage.templates.save(
            id,
            { content, name: nameRef.current, tableId: bindingRef.current },
            revision,
          );
          return saved.revision;
        } catch (error) {
          inFlight = undefined;
          throw error;
        }
      },
    });
    const journal = (content: string) => {
      if (content === journalled) return;
      journalled = content;
      writeJournal(journalStore, entryFor(content), durable);
    };
    const sched = createSaveScheduler({
      serialize: () => optionsRef.current.serialize(),
      push: (content) => {
        // Synchronous first: if the tab dies before IndexedDB commits, the journal has the text.
        journal(content);
        saver.push(content);
        if (saver.inConflict) {
          void persistDraft(content);
          // The dialog shows the newest text, the one "keep mine" writes.
          setConflict((open) => (open ? { ...open, mine: { ...open.mine, content, at: Date.now() } } : open));
        }
      },
      // Changes made during a conflict are kept with it; the status goes on saying so.
      onPending: () => status.set({ status: saver.inConflict ? 'conflict' : 'saving' }),
      defer: deferToIdle,
    });
    scheduler = sched;
    const hasUnsaved = () => sched.pending || saver.unsaved() !== null || saver.inConflict;
    /** A change made: journalled now when the template is small enough to serialise per change. */
    const changed = () => {
      sched.changed();
      if ((journalled ?? saver.unsaved() ?? '').length > JOURNAL_EVERY_CHANGE_MAX_CHARS) return;
      journal(optionsRef.current.serialize());
    };
    return { saver, scheduler: sched, status, hasUnsaved, changed };
  }, [id, input]);
  const { saver, scheduler, status } = machine;

  /** Show another version (flushSync inside the screen's `showExternal`) and take its name. */
  const applyExternal = useCallback((row: TemplateRow) => {
    lastName.current = row.name;
    optionsRef.current.showExternal(row);
  }, []);

  // Hidden or closing tab, unmount: every waiting change goes to storage (and the journal) at once.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') scheduler.flush();
    };
    const onHide = () => scheduler.flush();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      scheduler.flush();
    };
  }, [scheduler]);

  // Storage refused the write (a full disk): try again every few seconds, so the text lands as soon
  // as there is room, without the user having to press Retry.
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const sync = () => {
      const now = status.get();
      const failed = now.status === 'failed' || now.failure !== null;
      if (failed && !timer) timer = setInterval(() => saver.retry(), RETRY_INTERVAL_MS);
      else if (!failed && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    };
    const unsubscribe = status.subscribe(sync);
    sync();
    return () => {
      unsubscribe();
      if (timer) clearInterval(timer);
    };
  }, [status, saver]);

  // The name and binding go with the content: write them now, with any waiting edit.
  const lastBinding = useRef(binding);
  useEffect(() => {
    if (lastName.current === name && lastBinding.current === binding) return;
    lastName.current = name;
    lastBinding.current = binding;
    scheduler.changed();
    scheduler.flush();
  }, [name, binding, scheduler]);

  // A draft from an earlier session: writing it on its old base meets the conflict again, on purpose.
  useEffect(() => {
    if (input.draft) saver.push(input.draft.content);
  }, [input, saver]);

  // Follow another tab's saves (and versions sync pulled) while this screen has nothing of its own to
  // save, from the moment it listens: a version written while the screen was being set up included.
  // (A version skipped while this screen had changes of its own makes their save a conflict.)
  useEffect(() => {
    let alive = true;
    let follower: Follower | null = null;
    void getStorage().then((storage) => {
      if (!alive) return;
      follower = followSaves<TemplateRow>({
        listen: (changed) =>
          storage.changes.subscribe((change) => {
            if (change.origin === 'remote' && change.stores.includes('templates') && change.keys?.includes(id)) {
              changed();
            }
          }),
        read: () => storage.templates.get(id),
        revision: () => saver.revision,
        busy: machine.hasUnsaved,
        show: (row) => {
          applyExternal(row);
          saver.rebase(row.revision);
        },
      });
    });
    return () => {
      alive = false;
      follower?.stop();
    };
  }, [id, saver, machine, applyExternal]);

  const resolve = useCallback(
    async (resolution: ConflictResolution) => {
      if (!conflict) return;
      scheduler.flush();
      const mine = saver.unsaved() ?? conflict.mine.content;
      const plan = planResolution(
        {
          mine: { label: '', content: mine, revision: conflict.mine.revision, parts: [] },
          theirs: { label: '', content: conflict.theirs.content, revision: conflict.theirs.revision, parts: [] },
        },
        resolution,
      );
      /** The other tab may have saved again since the dialog opened: follow its newest version. */
      const continueFromTheirs = async (storage: Awaited<ReturnType<typeof getStorage>>, revision: number) => {
        const latest = await storage.templates.get(id);
        const theirs = latest && latest.revision >= revision ? latest : conflict.theirs;
        applyExternal(theirs);
        saver.rebase(theirs.revision);
        await dropDraft(storage.settings, id).catch(() => undefined);
        clearJournal(journalStore, id, undefined, durable);
        setConflict(null);
      };
      setBusy(true);
      setResolveError(null);
      try {
        const storage = await getStorage();
        if (plan.kind === 'copy') {
          const copy = await storage.templates.copy(id, {
            name: tRef.current('saving.copyName', { name: nameRef.current }),
            content: plan.copyContent,
            tableId: bindingRef.current,
          });
          await continueFromTheirs(storage, plan.revision);
          // The screen goes on with the copy, where "mine" now lives.
          router.history.push(hrefWithTemplate(id, copy.id));
        } else if (plan.kind === 'take') {
          await continueFromTheirs(storage, plan.revision);
        } else {
          saver.rebase(plan.baseRevision, plan.content);
          setConflict(null);
          await saver.idle();
          // A third save landed meanwhile: the conflict dialog opens again with the newest theirs.
          if (!saver.inConflict && saver.unsaved() === null) {
            await dropDraft(storage.settings, id).catch(() => undefined);
          }
        }
      } catch (error) {
        setResolveError(error instanceof Error ? error.message : String(error));
      } finally {
        setBusy(false);
      }
    },
    [conflict, id, saver, scheduler, applyExternal, router],
  );

  /** Hand every waiting edit to storage and wait; true when nothing is left unsaved. */
  const flushAndWait = useCallback(async () => {
    scheduler.flush();
    await saver.idle();
    return !machine.hasUnsaved();
  }, [machine, saver, scheduler]);

  return {
    /** Call on every edit, in its own task (the journal is written before it returns). */
    changed: machine.changed,
    /** Hand what waits to storage now (Ctrl+S, a file replaced). */
    flush: () => scheduler.flush(),
    status,
    retry: () => saver.retry(),
    hasUnsaved: machine.hasUnsaved,
    flushAndWait,
    /**
     * The newest content storage does not hold, for the "download unsaved work" file: the screen's
     * content now, which also has the changes still waiting for their save.
     */
    unsavedContent: () => optionsRef.current.serialize(),
    conflict,
    resolve,
    resolving: busy,
    resolveError,
  };
}

export type SavePipeline = ReturnType<typeof useSavePipeline>;
