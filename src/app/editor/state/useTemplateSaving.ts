/**
 * Everything that keeps the editor's text safe: the autosaver and its scheduler, the localStorage
 * journal of the last keystrokes, conflicts with another tab (kept as a draft in IndexedDB until the
 * user decides), following another tab's saves while this one has no edits of its own, and the
 * check before leaving. The layout reads the returned state; it never touches storage itself.
 */
import { useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { isQuireError } from '../../../core/errors';
import { parseTemplateContent, serializeTemplateContent } from '../../../core/model';
import type { TemplateRow } from '../../../storage/types';
import { type ConflictResolution, planResolution } from '../../services/conflict/conflict';
import { getStorage } from '../../services/storage';
import { createAutosaver } from './autosave';
import { createEditorState } from './commands';
import { dropDraft, keepDraft, type UnsavedDraft } from './draft';
import { type Follower, followSaves } from './follow';
import {
  browserDurableJournal,
  browserJournalStore,
  clearJournal,
  fingerprint,
  type JournalEntry,
  writeJournal,
} from './journal';
import { createSaveScheduler, deferToIdle } from './saveScheduler';
import { editorStateAtom, presentAtom, type SaveStatus, saveFailureAtom, saveStatusAtom } from './store';

export interface SavingInput {
  row: TemplateRow;
  /** Unsaved text of an earlier session that met a conflict: the dialog opens with it at once. */
  draft: UnsavedDraft | null;
}

export interface TemplateConflict {
  mine: { content: string; revision: number; at: number };
  theirs: TemplateRow;
}

export interface SavingEvents {
  /** Another version became this editor's (taken from another tab): show its name. */
  onExternal: (row: TemplateRow) => void;
  /** "Keep mine as a copy" created this template. */
  onCopied: (row: TemplateRow) => void;
  copyName: (name: string) => string;
}

const journalStore = browserJournalStore();
/** Opened with the module, so the first keystroke finds the durable journal open. */
const durable = browserDurableJournal();
/**
 * Templates up to this size are journalled on every change, in the keystroke's task (a killed
 * browser runs no more code); bigger ones at the autosaver's hand-over, to keep typing smooth.
 */
export const JOURNAL_EVERY_CHANGE_MAX_CHARS = 250_000;
/** How often a write storage refused is tried again (the same pace as the workspace's retries). */
export const RETRY_INTERVAL_MS = 3000;

export function useTemplateSaving(input: SavingInput, name: string, binding: string, events: SavingEvents) {
  const store = useStore();
  const id = input.row.id;
  const nameRef = useRef(name);
  nameRef.current = name;
  const bindingRef = useRef(binding);
  bindingRef.current = binding;
  const eventsRef = useRef(events);
  eventsRef.current = events;
  /** The content the store holds that needs no save (set before an outside version is applied). */
  const lastPresent = useRef(store.get(presentAtom));
  const lastName = useRef(name);
  const [conflict, setConflict] = useState<TemplateConflict | null>(null);
  const [busy, setBusy] = useState(false);
  const [resolveError, setResolveError] = useState<string | null>(null);

  const machine = useMemo(() => {
    let inFlight: JournalEntry['inFlight'];
    /** The content last journalled, so the hand-over does not journal the same text twice. */
    let journalled: string | null = null;
    let scheduler: ReturnType<typeof createSaveScheduler> | null = null;
    const setStatus = (status: SaveStatus) => store.set(saveStatusAtom, status);
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
      // Keys typed while theirs was read were kept with the conflict, but no dialog was open to show
      // them yet: the dialog opens with the newest text, the one "keep mine" writes.
      const mine = saver.unsaved() ?? first;
      setConflict({ mine: { content: mine, revision: saver.revision, at: Date.now() }, theirs });
    };
    const saver = createAutosaver({
      revision: input.draft?.baseRevision ?? input.row.revision,
      isConflict: (error) => isQuireError(error, 'VersionConflict'),
      onStatus: (status, error) => {
        // A write that resolves while a newer change waits is not "saved" yet.
        setStatus(status === 'saved' && scheduler?.pending ? 'saving' : status);
        if (status === 'failed')
          store.set(saveFailureAtom, isQuireError(error) ? error.errorName : 'StorageUnavailable');
        else if (status === 'saved' || status === 'conflict') store.set(saveFailureAtom, null);
        if (status === 'conflict') void openConflict();
      },
      onWritten: (content) => {
        inFlight = undefined;
        clearJournal(journalStore, id, content, durable);
        if (journalled === content) journalled = null;
      },
      save: async (content, revision) => {
        inFlight = { revision: revision + 1, fingerprint: fingerprint(content) };
        // The newest keystrokes may have been journalled while the previous write was in flight,
        // naming that write: name this one, so a replay after a kill that lands it finds it its own.
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
    scheduler = createSaveScheduler({
      serialize: () => serializeTemplateContent(store.get(presentAtom)),
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
      // Typing on during a conflict is kept with it; the status goes on saying so.
      onPending: () => setStatus(saver.inConflict ? 'conflict' : 'saving'),
      defer: deferToIdle,
    });
    const hasUnsaved = () => Boolean(scheduler?.pending) || saver.unsaved() !== null || saver.inConflict;
    /** A change made: journalled now when the template is small enough to serialise per key. */
    const changed = () => {
      scheduler.changed();
      if ((journalled ?? saver.unsaved() ?? '').length > JOURNAL_EVERY_CHANGE_MAX_CHARS) return;
      journal(serializeTemplateContent(store.get(presentAtom)));
    };
    return { saver, scheduler, hasUnsaved, openConflict, changed };
  }, [id, input, store]);
  const { saver, scheduler } = machine;

  /**
   * Show another version in the editor without saving it back. Rendered and committed before this
   * returns (flushSync): the text areas take the new text in their layout effects, so no key the
   * browser delivers next can fall into the old text and be saved over the version just shown.
   */
  const applyExternal = useCallback(
    (row: TemplateRow) => {
      const state = createEditorState(parseTemplateContent(row.content));
      lastPresent.current = state.history.present;
      lastName.current = row.name;
      flushSync(() => {
        store.set(editorStateAtom, state);
        eventsRef.current.onExternal(row);
      });
    },
    [store],
  );

  // Content edits: watched on the store (the layout does not re-render per keystroke).
  useEffect(() => {
    lastPresent.current = store.get(presentAtom);
    const unsubscribe = store.sub(presentAtom, () => {
      const present = store.get(presentAtom);
      if (present === lastPresent.current) return;
      lastPresent.current = present;
      machine.changed();
    });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') scheduler.flush();
    };
    const onHide = () => scheduler.flush();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      scheduler.flush();
    };
  }, [store, scheduler, machine]);

  // Storage refused the write (a full disk): try again every few seconds, so the text lands as soon
  // as there is room, without the user having to press Retry.
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const sync = () => {
      const failed = store.get(saveStatusAtom) === 'failed' || store.get(saveFailureAtom) !== null;
      if (failed && !timer) timer = setInterval(() => saver.retry(), RETRY_INTERVAL_MS);
      else if (!failed && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    };
    const unsubscribe = store.sub(saveStatusAtom, sync);
    sync();
    return () => {
      unsubscribe();
      if (timer) clearInterval(timer);
    };
  }, [store, saver]);

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

  // Follow another tab's saves (and versions sync pulled) while this editor has nothing of its own to
  // save, from the moment it listens: a version written while the screen was being set up included.
  // (A version skipped while this editor had text of its own makes that text's save a conflict.)
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
            name: eventsRef.current.copyName(nameRef.current),
            content: plan.copyContent,
            tableId: bindingRef.current,
          });
          await continueFromTheirs(storage, plan.revision);
          eventsRef.current.onCopied(copy);
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
    [conflict, id, saver, scheduler, applyExternal],
  );

  /** Hand every waiting edit to storage and wait; true when nothing is left unsaved. */
  const flushAndWait = useCallback(async () => {
    scheduler.flush();
    await saver.idle();
    return !machine.hasUnsaved();
  }, [machine, saver, scheduler]);

  /**
   * The newest text storage does not hold, for the "download unsaved work" file: the editor's present
   * content, which also has the keystrokes still waiting for their save (the last refused save may
   * be older than what is on screen).
   */
  const unsavedContent = useCallback(() => serializeTemplateContent(store.get(presentAtom)), [store]);

  return {
    retry: () => saver.retry(),
    hasUnsaved: machine.hasUnsaved,
    flushAndWait,
    unsavedContent,
    conflict,
    resolve,
    resolving: busy,
    resolveError,
  };
}
