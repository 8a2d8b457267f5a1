/**
 * Between the app's local templates (storage) and the sync engine: a local save of a template in a
 * synced workspace becomes a queued mutation; a version pulled from the server is written into the
 * local template (or creates it); conflicts are resolved on both sides at once. Local ids and server
 * ids differ (two devices each have their own demo templates), so the bridge keeps the pairs.
 */

import type { TemplateDto } from '../../../api/contract';
import { isApprovalBinding } from '../../../core/binding';
import { QuireError } from '../../../core/errors';
import type { StorageChange } from '../../../storage/changes';
import type { Storage } from '../../../storage/storage';
import type { TemplateRow } from '../../../storage/types';
import type { ConflictChoice, SyncEngine } from '../../../sync/engine';
import type { BaseLinkRow, TemplatePlace } from '../../../sync/store';

const newRemoteId = () => `tpl_${crypto.randomUUID().replaceAll('-', '')}`;
const newLocalId = () => `tpl_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;

/** A synced template's place on the server and the version this device last saw. */
interface RemoteTemplate {
  templateId: string;
  docId: string;
  teamId: string;
  version: number | null;
}

/** What the template list and the editor show for one local template. */
export type TemplateSyncView =
  | { state: 'local' }
  | { state: 'pending' | 'synced' | 'conflict'; version: number | null; releaseNo: number; waiting: number };

interface SyncBridgeOptions {
  storage: Storage;
  engine: SyncEngine;
  /** Tells this tab's other readers (an open editor) that sync wrote a template, as another tab would. */
  announce?: (localId: string) => void;
}

const placeOf = (row: TemplateRow): TemplatePlace => ({
  baseId: row.baseId,
  tableId: row.tableId,
  type: row.type,
  category: row.category,
});

export class SyncBridge {
  private readonly storage: Storage;
  private readonly engine: SyncEngine;
  private readonly announce: (localId: string) => void;
  /** Local ids this tab is writing on sync's behalf: their change events are not local edits. */
  private readonly applying = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: SyncBridgeOptions) {
    this.storage = options.storage;
    this.engine = options.engine;
    this.announce = options.announce ?? (() => {});
  }

  private get db() {
    return this.engine.db;
  }

  /** One bridge job at a time: a create and the save right after it must not both upload. */
  private serial<T>(job: () => Promise<T>): Promise<T> {
    const next = this.queue.then(job, job);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Idle when every job queued so far has finished (tests, and before a push). */
  settled(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  // ---- workspaces -----------------------------------------------------------------------------

  linkOf(baseId: string): Promise<BaseLinkRow | undefined> {
    return this.db.bases.get(baseId);
  }

  /**
   * Turns on sync for a workspace: its templates go to the team document, the document's templates
   * come here. A local template identical to one already there (the same demo on two devices) is
   * paired with it rather than uploaded twice.
   */
  async linkBase(fields: Omit<BaseLinkRow, 'linkedAt' | 'complete'>): Promise<void> {
    // Written first and marked unfinished: a browser lost before the templates are queued leaves a
    // link the next start finishes (`finishLinks`), never one that silently sends nothing.
    const link: BaseLinkRow = { ...fields, linkedAt: Date.now(), complete: false };
    await this.db.bases.put(link);
    await this.completeLink(link);
  }

  private async completeLink(link: BaseLinkRow): Promise<void> {
    await this.engine.followDoc(link.docId);
    await this.engine.pull(link.docId);
    await this.settled();
    await this.serial(async () => {
      for (const row of await this.storage.templates.list({ baseId: link.baseId })) {
        if (!(await this.db.locals.where('localId').equals(row.id).first())) await this.upload(row, link);
      }
    });
    // Still linked (not unlinked meanwhile): only now is the link whole.
    await this.db.bases.update(link.baseId, { complete: true });
  }

  /** Links a lost browser left unfinished: their workspaces, in the state a finished link would have left. */
  unfinishedLinks(): Promise<BaseLinkRow[]> {
    return this.db.bases.filter((link) => link.complete === false).toArray();
  }

  /** Finishes one unfinished link now (the sync screen's button): a failure is the caller's to show. */
  async finishLink(baseId: string): Promise<void> {
    const link = await this.db.bases.get(baseId);
    if (link?.complete === false) await this.completeLink(link);
  }

  /**
   * Finishes every unfinished link (run when a tab's sync starts, and before each sync round while
   * one is left: a link that cannot reach the server now is finished once it can). Resolves to the
   * links still unfinished.
   */
  async finishLinks(): Promise<BaseLinkRow[]> {
    for (const link of await this.unfinishedLinks()) {
      try {
        await this.completeLink(link);
      } catch {
        // Offline or refused: it stays unfinished and is tried again.
      }
    }
    return this.unfinishedLinks();
  }

  /**
   * Hands sync the local saves it did not hear about: a save made as a tab closed (the editor's last
   * flush) is stored, but that tab's bridge may not have queued it. Run when a tab's sync starts.
   * Another tab may be writing a pulled version at that moment, or a tab may have closed before
   * writing one: those are written here, never mistaken for edits and pushed over the newer version.
   * Only templates whose last pulled version is already written here are compared (`synced` or
   * `pending`): anything else is sync's own write in flight, not an edit.
   */
  catchUp(): Promise<void> {
    return this.serial(async () => {
      // Pulled versions a tab never wrote (it closed in between) are written first: the app's
      // template then differs from sync's record because it is behind, not because it was edited.
      for (const template of await this.engine.unwrittenPulls()) await this.writeRemote(template);
      for (const pair of await this.db.locals.toArray()) {
        const state = await this.engine.stateOf(pair.remoteId);
        if (!state || state.pulledUnwritten || (state.state !== 'synced' && state.state !== 'pending')) continue;
        const row = await this.storage.templates.get(pair.localId);
        if (row && (row.content !== state.localContent || row.name !== state.localName))
          await this.localChanged(pair.localId);
      }
    });
  }

  /** Stops syncing a workspace. Local templates stay as they are; the server keeps its copies. */
  async unlinkBase(baseId: string): Promise<void> {
    const db = this.db;
    await db.transaction('rw', [db.bases, db.locals, db.meta], async () => {
      const link = await db.bases.get(baseId);
      await db.bases.delete(baseId);
      await db.locals.where('baseId').equals(baseId).delete();
      if (link) {
        const docs = ((await db.meta.get('docs'))?.value as string[] | undefined) ?? [];
        await db.meta.put({ key: 'docs', value: docs.filter((d) => d !== link.docId) });
      }
    });
  }

  private async upload(row: TemplateRow, link: BaseLinkRow): Promise<void> {
    const remoteId = newRemoteId();
    await this.db.locals.put({ remoteId, localId: row.id, baseId: link.baseId });
    await this.engine.createTemplate({
      templateId: remoteId,
      docId: link.docId,
      name: row.name,
      content: row.content,
      place: placeOf(row),
    });
  }

  // ---- local → server -------------------------------------------------------------------------

  /** Subscribe this to the storage change bus. Only this tab's own writes are its to send. */
  onStorageChange = (change: StorageChange): void => {
    if (change.origin !== 'local' || !change.stores.includes('templates')) return;
    if (change.action === 'template.thumbnail') return;
    for (const key of change.keys ?? []) {
      if (this.applying.has(key)) continue;
      void this.serial(() => this.localChanged(key)).catch(() => undefined);
    }
  };

  /** A local template was created, saved, renamed or deleted in this tab. */
  async localChanged(localId: string): Promise<void> {
    const pair = await this.db.locals.where('localId').equals(localId).first();
    const row = await this.storage.templates.get(localId);
    if (!row) {
      if (pair) {
        const state = await this.engine.stateOf(pair.remoteId);
        if (state && state.state !== 'deleted') await this.engine.deleteTemplate(pair.remoteId);
        await this.db.locals.delete(pair.remoteId);
      }
      return;
    }
    if (!pair) {
      const link = await this.db.bases.get(row.baseId);
      if (link) await this.upload(row, link);
      return;
    }
    const state = await this.engine.stateOf(pair.remoteId);
    if (!state || state.state === 'deleted') return;
    if (row.name !== state.localName) await this.engine.renameTemplate(pair.remoteId, row.name);
    if (row.content !== state.localContent) await this.engine.saveTemplate(pair.remoteId, { content: row.content });
  }

  // ---- server → local -------------------------------------------------------------------------

  /** Give this the engine's `remote` events: someone else's version of a template. */
  applyRemote(template: TemplateDto): Promise<void> {
    return this.serial(() => this.writeRemote(template));
  }

  private async writeLocal(localId: string, write: () => Promise<unknown>): Promise<void> {
    this.applying.add(localId);
    try {
      await write();
    } finally {
      this.applying.delete(localId);
    }
    this.announce(localId);
  }

  /** Writes a pulled version into the app's template; afterwards its edits are edits again. */
  private async writeRemote(template: TemplateDto): Promise<void> {
    const previous = (await this.engine.stateOf(template.id))?.pulledUnwritten?.previous;
    await this.writePulled(template, previous);
    await this.engine.pulledWritten(template.id, template.version);
  }

  private async writePulled(
    template: TemplateDto,
    previous: { name: string; content: string } | null | undefined,
  ): Promise<void> {
    const pair = await this.db.locals.get(template.id);
    if (pair) {
      const row = await this.storage.templates.get(pair.localId);
      if (!row) return;
      if (template.deleted) {
        await this.writeLocal(row.id, () => this.storage.templates.delete(row.id));
        await this.db.locals.delete(template.id);
        return;
      }
      if (row.content === template.content && row.name === template.name) return;
      if (previous && (row.content !== previous.content || row.name !== previous.name)) {
        // Saved here after sync last looked (the save is not queued yet): both stay, the user decides.
        await this.engine.markConflict(template.id, { name: row.name, content: row.content }, template);
        return;
      }
      try {
        await this.writeLocal(row.id, () =>
          this.storage.templates.save(row.id, { content: template.content, name: template.name }, row.revision),
        );
      } catch (error) {
        if (!(error instanceof QuireError && error.errorName === 'VersionConflict')) throw error;
        // Saved here while the server's version arrived: both stay, the user decides.
        const latest = (await this.storage.templates.get(row.id)) ?? row;
        await this.engine.markConflict(template.id, { name: latest.name, content: latest.content }, template);
      }
      return;
    }
    if (template.deleted || !template.docId) return;
    const link = await this.db.bases.where('docId').equals(template.docId).first();
    if (!link) return;
    const local = await this.storage.templates.list({ baseId: link.baseId });
    for (const row of local) {
      if (row.name !== template.name || row.content !== template.content) continue;
      if (await this.db.locals.where('localId').equals(row.id).first()) continue;
      await this.db.locals.put({ remoteId: template.id, localId: row.id, baseId: link.baseId });
      return;
    }
    const localId = newLocalId();
    await this.db.locals.put({ remoteId: template.id, localId, baseId: link.baseId });
    const tableId = await this.tableFor(link.baseId, template.tableId);
    await this.writeLocal(localId, () =>
      this.storage.templates.create({
        id: localId,
        name: template.name,
        baseId: link.baseId,
        tableId,
        category: template.category === 2 ? 2 : 1,
        type: template.type,
        content: template.content,
      }),
    );
  }

  /** The template's table when this device's workspace has it, else the workspace's first table. */
  private async tableFor(baseId: string, tableId: string | null): Promise<string> {
    if (isApprovalBinding(tableId)) return tableId as string;
    if (tableId && (await this.storage.tables.get(tableId))?.baseId === baseId) return tableId;
    return (await this.storage.tables.listByBase(baseId))[0]?.id ?? tableId ?? 'local';
  }

  // ---- what the user decides ------------------------------------------------------------------

  async remoteIdOf(localId: string): Promise<string | undefined> {
    return (await this.db.locals.where('localId').equals(localId).first())?.remoteId;
  }

  async localIdOf(remoteId: string): Promise<string | undefined> {
    return (await this.db.locals.get(remoteId))?.localId;
  }

  /** Publish the template's draft as the next release (sent with its version lock). */
  async publish(localId: string, note = ''): Promise<void> {
    const remoteId = await this.remoteIdOf(localId);
    if (!remoteId) throw new QuireError('NoTempalte', { detail: `template ${localId} is not synced` });
    await this.engine.publishTemplate(remoteId, note);
  }

  /**
   * The user's call on a server conflict, on both sides: 'theirs' writes theirs here; 'mine' sends
   * mine on top of theirs; 'copy' keeps theirs here too and makes mine a new template, here and there.
   * Returns the local id of the copy, when one was made.
   */
  resolve(remoteId: string, choice: ConflictChoice, copyName?: (name: string) => string): Promise<string | undefined> {
    return this.serial(async () => {
      const conflict = await this.db.conflicts.get(remoteId);
      const localId = await this.localIdOf(remoteId);
      const row = localId ? await this.storage.templates.get(localId) : undefined;
      if (!conflict || !localId || !row) throw new QuireError('NoTempalte', { detail: `no conflict for ${remoteId}` });
      let copyLocalId: string | undefined;
      let copyRemoteId: string | undefined;
      if (choice === 'copy') {
        copyLocalId = newLocalId();
        copyRemoteId = newRemoteId();
        const name = copyName ? copyName(conflict.mine.name) : `${conflict.mine.name} (copy)`;
        await this.db.locals.put({ remoteId: copyRemoteId, localId: copyLocalId, baseId: row.baseId });
        await this.writeLocal(copyLocalId, () =>
          this.storage.templates.create({
            id: copyLocalId,
            name,
            baseId: row.baseId,
            tableId: row.tableId,
            category: row.category,
            type: row.type,
            content: conflict.mine.content,
          }),
        );
      }
      const theirs = await this.engine.resolveConflict(remoteId, choice, copyRemoteId, placeOf(row));
      if (copyRemoteId && copyLocalId) {
        const name = copyName ? copyName(conflict.mine.name) : `${conflict.mine.name} (copy)`;
        if (name !== `${conflict.mine.name} (copy)`) await this.engine.renameTemplate(copyRemoteId, name);
      }
      if (choice !== 'mine') {
        const latest = (await this.storage.templates.get(localId)) ?? row;
        await this.writeLocal(localId, () =>
          this.storage.templates.save(localId, { content: theirs.content, name: theirs.name }, latest.revision),
        );
      }
      return copyLocalId;
    });
  }

  /** Where a synced template lives on the server, for calls outside the outbox (releases, reset). */
  async remoteOf(localId: string): Promise<RemoteTemplate | undefined> {
    const remoteId = await this.remoteIdOf(localId);
    const state = remoteId ? await this.engine.stateOf(remoteId) : undefined;
    const link = state ? await this.db.bases.where('docId').equals(state.docId).first() : undefined;
    if (!remoteId || !state || !link) return undefined;
    return { templateId: remoteId, docId: state.docId, teamId: link.teamId, version: state.serverVersion };
  }

  /**
   * Makes a release the draft again: `send` asks the server to copy it as the next version, locked to
   * the version this device last saw, and the answer is written into the local template. Refused while
   * this template has changes waiting or a conflict: those reach the server (or the user) first.
   */
  resetToRelease(
    localId: string,
    send: (target: RemoteTemplate & { version: number }) => Promise<TemplateDto>,
  ): Promise<TemplateDto> {
    return this.serial(async () => {
      const target = await this.remoteOf(localId);
      if (!target) throw new QuireError('NoTempalte', { detail: `template ${localId} is not synced` });
      const state = await this.engine.stateOf(target.templateId);
      const waiting = await this.db.outbox.where('templateId').equals(target.templateId).count();
      if (target.version === null || state?.state !== 'synced' || waiting > 0)
        throw new QuireError('VersionConflict', { detail: `template ${localId} has changes waiting to be sent` });
      const template = await send({ ...target, version: target.version });
      await this.engine.track(template);
      await this.writeRemote(template);
      return template;
    });
  }

  // ---- what the UI shows ----------------------------------------------------------------------

  async viewOf(localId: string): Promise<TemplateSyncView> {
    const remoteId = await this.remoteIdOf(localId);
    if (!remoteId) return { state: 'local' };
    const state = await this.engine.stateOf(remoteId);
    if (!state) return { state: 'local' };
    const waiting = await this.db.outbox.where('templateId').equals(remoteId).count();
    return {
      state: state.state === 'conflict' ? 'conflict' : waiting > 0 || state.state === 'pending' ? 'pending' : 'synced',
      version: state.serverVersion,
      releaseNo: state.releaseNo ?? 0,
      waiting,
    };
  }
}
