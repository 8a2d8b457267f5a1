/**
 * The sync engine: queues each change to a synced template as a mutation (client id + growing
 * mutation id), pushes them in order when online, retries with backoff, and turns refused writes
 * into conflicts for the user — never a silent overwrite. The server applies each mutation once
 * (it remembers the last id per client), so resending after a lost answer is always safe.
 */
import type { Mutation, MutationResult, PullResult, PushBody, PushResult, TemplateDto } from '../api/contract';
import { BODY_CODE } from '../api/contract';
import { QuireError } from '../core/errors';
import { getMeta, type OutboxRow, SyncDb, setMeta, type TemplatePlace, type TemplateSyncRow } from './store';

/** What the engine needs from the network: `quireApi(client).sync` fits. */
export interface SyncTransport {
  push(body: PushBody): Promise<PushResult>;
  pull(docId: string, since: number): Promise<PullResult>;
}

export type SyncEvent =
  | { type: 'applied'; templateId: string; template: TemplateDto }
  | { type: 'conflict'; templateId: string; theirs: TemplateDto }
  | { type: 'rejected'; templateId: string; error: string }
  /** Someone else's change arrived by pull: the app writes it into its local template. */
  | { type: 'remote'; template: TemplateDto }
  | { type: 'offline'; retryInMs: number; error: unknown };

interface SyncEngineOptions {
  transport: SyncTransport;
  db?: SyncDb;
  onEvent?: (event: SyncEvent) => void;
  /** Mutations per push request. */
  batchSize?: number;
  /** Content characters per push request, kept under the server's body limit (5 MB). */
  maxBatchChars?: number;
  backoff?: { baseMs: number; maxMs: number };
  /** Injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /**
   * The app writes each pulled version into its own copy and says so (`pulledWritten`): until then
   * the version is kept as unwritten (see TemplateSyncRow.pulledUnwritten). Without an app copy
   * (a consumer that reads sync's records directly) a pull is complete when recorded.
   */
  appliesPulls?: boolean;
}

export type ConflictChoice = 'theirs' | 'mine' | 'copy';

const newClientId = () => `c_${crypto.randomUUID().replaceAll('-', '')}`;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An error worth retrying later: no answer at all, or the server failed (5xx). */
function isTransient(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && (status === 0 || status >= 500);
}

/** The leading rows whose content fits in `maxChars` (always at least one, however large). */
export function fitBatch(rows: OutboxRow[], maxChars: number): OutboxRow[] {
  let total = 0;
  let count = 0;
  for (const row of rows) {
    total += (row.content?.length ?? 0) + (row.name?.length ?? 0) + 200;
    if (count > 0 && total > maxChars) break;
    count += 1;
  }
  return rows.slice(0, count);
}

export class SyncEngine {
  readonly db: SyncDb;
  private readonly transport: SyncTransport;
  private readonly onEvent: (event: SyncEvent) => void;
  private readonly batchSize: number;
  private readonly maxBatchChars: number;
  private readonly backoff: { baseMs: number; maxMs: number };
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly appliesPulls: boolean;
  private running: Promise<void> | undefined;

  constructor(options: SyncEngineOptions) {
    this.db = options.db ?? new SyncDb();
    this.transport = options.transport;
    this.onEvent = options.onEvent ?? (() => {});
    this.batchSize = options.batchSize ?? 100;
    this.maxBatchChars = options.maxBatchChars ?? 2_000_000;
    this.backoff = options.backoff ?? { baseMs: 1000, maxMs: 60_000 };
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
    this.appliesPulls = options.appliesPulls ?? false;
  }

  // ---- recording local changes -------------------------------------------------------------

  /** A local template that now syncs with `docId`; it is created on the server by the next push. */
  createTemplate(t: {
    templateId: string;
    docId: string;
    name: string;
    content: string;
    deps?: string[];
    place?: TemplatePlace;
  }) {
    return this.enqueue({ kind: 'template.create', ...t, deps: t.deps ?? [] }, (row) => ({
      templateId: t.templateId,
      docId: t.docId,
      state: 'pending',
      serverVersion: row?.serverVersion ?? null,
      localName: t.name,
      localContent: t.content,
      localDeps: t.deps ?? [],
    }));
  }

  /**
   * A save while this template's last queued change is a save not yet sent replaces that save's
   * content: the server counts a draft version per save that reached it, and an editor saves at
   * every pause in typing (issue 29 item 12: a sentence typed online made a version per word).
   */
  saveTemplate(templateId: string, change: { content: string; deps?: string[] }) {
    return this.enqueue(
      { kind: 'template.save', templateId, ...change },
      (row) => (row ? { ...row, localContent: change.content, localDeps: change.deps ?? row.localDeps } : undefined),
      (last) =>
        last.kind === 'template.save' && !last.sent
          ? { content: change.content, deps: change.deps ?? last.deps, enqueuedAt: Date.now() }
          : undefined,
    );
  }

  renameTemplate(templateId: string, name: string) {
    return this.enqueue({ kind: 'template.rename', templateId, name }, (row) =>
      row ? { ...row, localName: name } : undefined,
    );
  }

  publishTemplate(templateId: string, note = '') {
    return this.enqueue({ kind: 'template.publish', templateId, note }, (row) => row);
  }

  deleteTemplate(templateId: string) {
    return this.enqueue({ kind: 'template.delete', templateId }, (row) => row);
  }

  /** Starts tracking a template that already exists on the server at `template.version`. */
  async track(template: TemplateDto): Promise<void> {
    if (!template.docId) return;
    await this.db.templates.put({
      templateId: template.id,
      docId: template.docId,
      state: 'synced',
      serverVersion: template.version,
      localName: template.name,
      localContent: template.content,
      localDeps: template.deps,
      releaseNo: template.releaseNo,
    });
  }

  /** The app wrote (or settled) the pulled `version` of a template: its edits are edits again. */
  async pulledWritten(templateId: string, version: number): Promise<void> {
    await this.db.templates
      .where('templateId')
      .equals(templateId)
      .modify((row) => {
        if (row.pulledUnwritten && row.pulledUnwritten.template.version <= version) delete row.pulledUnwritten;
      });
  }

  /** Pulled versions not yet written into the app's templates (a tab closed or crashed in between). */
  async unwrittenPulls(): Promise<TemplateDto[]> {
    const rows = await this.db.templates.filter((row) => row.pulledUnwritten !== undefined).toArray();
    return rows.flatMap((row) => (row.pulledUnwritten ? [row.pulledUnwritten.template] : []));
  }

  /**
   * The app could not write a pulled version into its local template (the user saved meanwhile):
   * the two are a conflict for the user, never one silently replacing the other.
   */
  async markConflict(
    templateId: string,
    mine: { name: string; content: string; deps?: string[] },
    theirs: TemplateDto,
  ): Promise<void> {
    const db = this.db;
    await db.transaction('rw', [db.templates, db.conflicts, db.outbox], async () => {
      const state = await db.templates.get(templateId);
      if (!state) return;
      await db.outbox.where('templateId').equals(templateId).delete();
      const deps = mine.deps ?? state.localDeps;
      await db.conflicts.put({
        templateId,
        docId: state.docId,
        mine: { name: mine.name, content: mine.content, deps },
        theirs,
        detectedAt: Date.now(),
      });
      const { pulledUnwritten: _settled, ...rest } = state;
      await db.templates.put({ ...rest, state: 'conflict', localName: mine.name, localContent: mine.content });
    });
    this.onEvent({ type: 'conflict', templateId, theirs });
  }

  /**
   * One local change, in one transaction with the mutation id it takes. A template in conflict
   * queues nothing: the change updates "mine" in the conflict, which the user resolves.
   */
  private async enqueue(
    change: Omit<OutboxRow, 'id' | 'enqueuedAt'>,
    nextState: (row: TemplateSyncRow | undefined) => TemplateSyncRow | undefined,
    /** The change folded into the template's last queued row instead, when it can be. */
    fold?: (last: OutboxRow) => Partial<OutboxRow> | undefined,
  ): Promise<number | undefined> {
    const db = this.db;
    return db.transaction('rw', [db.outbox, db.templates, db.conflicts, db.meta], async () => {
      const current = await db.templates.get(change.templateId);
      const next = nextState(current);
      if (!next) throw new QuireError('NoTempalte', { detail: `template ${change.templateId} is not synced` });
      if (current?.state === 'conflict') {
        const conflict = await db.conflicts.get(change.templateId);
        if (conflict) {
          await db.conflicts.put({
            ...conflict,
            mine: { name: next.localName, content: next.localContent, deps: next.localDeps },
          });
        }
        await db.templates.put({ ...next, state: 'conflict' });
        return undefined;
      }
      const last = fold && (await db.outbox.where('templateId').equals(change.templateId).last());
      const folded = last ? fold(last) : undefined;
      if (last && folded) {
        await db.outbox.update(last.id, folded);
        await db.templates.put({ ...next, state: 'pending' });
        return last.id;
      }
      const id = await getMeta<number>(db, 'nextMutationId', 1);
      await setMeta(db, 'nextMutationId', id + 1);
      await db.outbox.add({ ...change, id, enqueuedAt: Date.now() });
      await db.templates.put({ ...next, state: change.kind === 'template.delete' ? 'deleted' : 'pending' });
      return id;
    });
  }

  // ---- what the UI shows ----------------------------------------------------------------------

  async status(): Promise<{ waiting: number; conflicts: number }> {
    return { waiting: await this.db.outbox.count(), conflicts: await this.db.conflicts.count() };
  }

  stateOf(templateId: string): Promise<TemplateSyncRow | undefined> {
    return this.db.templates.get(templateId);
  }

  // ---- pushing --------------------------------------------------------------------------------

  private async clientId(): Promise<string> {
    let id = await getMeta<string | undefined>(this.db, 'clientId', undefined);
    if (!id) {
      id = newClientId();
      await setMeta(this.db, 'clientId', id);
    }
    return id;
  }

  /**
   * The mutations of one push, with the version each write expects: the server version last seen,
   * plus one for each earlier write of the same template in this batch.
   */
  private async prepare(rows: OutboxRow[]): Promise<Mutation[]> {
    const expected = new Map<string, number>();
    const mutations: Mutation[] = [];
    for (const row of rows) {
      if (!expected.has(row.templateId)) {
        const state = await this.db.templates.get(row.templateId);
        // A change made while a pulled version was not yet written here was made on the version
        // before it: pushed against that one, the server refuses it and the user decides.
        const base = state?.pulledUnwritten ? state.pulledUnwritten.previousVersion : state?.serverVersion;
        expected.set(row.templateId, base ?? 0);
      }
      const version = expected.get(row.templateId) ?? 0;
      switch (row.kind) {
        case 'template.create':
          mutations.push({
            id: row.id,
            kind: row.kind,
            templateId: row.templateId,
            docId: row.docId ?? '',
            name: row.name ?? '',
            content: row.content ?? '',
            deps: row.deps ?? [],
            ...(row.place ?? {}),
          });
          expected.set(row.templateId, 1);
          break;
        case 'template.save':
          mutations.push({
            id: row.id,
            kind: row.kind,
            templateId: row.templateId,
            lastVersion: version,
            content: row.content ?? '',
            deps: row.deps,
          });
          expected.set(row.templateId, version + 1);
          break;
        case 'template.rename':
          mutations.push({
            id: row.id,
            kind: row.kind,
            templateId: row.templateId,
            lastVersion: version,
            name: row.name ?? '',
          });
          expected.set(row.templateId, version + 1);
          break;
        case 'template.publish':
          mutations.push({
            id: row.id,
            kind: row.kind,
            templateId: row.templateId,
            lastVersion: version,
            note: row.note ?? '',
          });
          // The server moves the version lock on publish as on a save (issue 26).
          expected.set(row.templateId, version + 1);
          break;
        case 'template.delete':
          mutations.push({ id: row.id, kind: row.kind, templateId: row.templateId });
          break;
      }
    }
    return mutations;
  }

  /** Sends one batch and records the answers. Returns false when the outbox is empty. */
  async pushOnce(): Promise<boolean> {
    const db = this.db;
    // Read and marked sent in one transaction, which a save's fold cannot interleave with: a save
    // made from now on queues its own row, never changes one the server may already have applied.
    const rows = await db.transaction('rw', [db.outbox], async () => {
      const batch = fitBatch(await db.outbox.orderBy('id').limit(this.batchSize).toArray(), this.maxBatchChars);
      const unsent = batch.filter((row) => !row.sent).map((row) => row.id);
      if (unsent.length > 0) await db.outbox.where('id').anyOf(unsent).modify({ sent: true });
      return batch;
    });
    if (rows.length === 0) return false;
    const clientId = await this.clientId();
    let result: PushResult;
    try {
      result = await this.transport.push({ clientId, mutations: await this.prepare(rows) });
    } catch (error) {
      const data = (error as { bodyCode?: number; data?: { expected?: number } }) ?? {};
      if (data.bodyCode === BODY_CODE.mutationOutOfOrder) {
        await this.renumber();
        return true;
      }
      throw error;
    }
    await this.record(result.results);
    return true;
  }

  /**
   * The server expects an earlier id than our first: this device's sync database was reset while
   * the server remembers the old client. Continue as a new client, same order.
   */
  private async renumber(): Promise<void> {
    const db = this.db;
    await db.transaction('rw', [db.outbox, db.meta], async () => {
      const rows = await db.outbox.orderBy('id').toArray();
      await db.outbox.clear();
      await db.outbox.bulkAdd(rows.map((row, i) => ({ ...row, id: i + 1 })));
      await setMeta(db, 'clientId', newClientId());
      await setMeta(db, 'nextMutationId', rows.length + 1);
    });
  }

  /** Records a push's answers in one transaction, then tells the app. */
  private async record(answers: MutationResult[]): Promise<void> {
    const db = this.db;
    const events: SyncEvent[] = [];
    await db.transaction('rw', [db.outbox, db.templates, db.conflicts], async () => {
      for (const answer of answers) await this.recordOne(answer, events);
    });
    for (const event of events) this.onEvent(event);
  }

  private async recordOne(answer: MutationResult, events: SyncEvent[]): Promise<void> {
    const db = this.db;
    const row = await db.outbox.get(answer.id);
    if (!row) return; // answered before (a replayed batch)
    await db.outbox.delete(answer.id);
    const state = await db.templates.get(row.templateId);
    if (!state) return;
    const others = await db.outbox.where('templateId').equals(row.templateId).count();
    if (answer.status === 'applied') {
      const settled = answer.template.deleted ? 'deleted' : others > 0 ? 'pending' : 'synced';
      await db.templates.put({
        ...state,
        serverVersion: answer.template.version,
        releaseNo: answer.template.releaseNo,
        state: settled,
        lastError: undefined,
      });
      events.push({ type: 'applied', templateId: row.templateId, template: answer.template });
    } else if (answer.status === 'conflict') {
      // The rest of this template's queue was written on top of a version the server no longer
      // has: it folds into "mine" (already in localContent) for the user to resolve.
      await db.outbox.where('templateId').equals(row.templateId).delete();
      await db.conflicts.put({
        templateId: row.templateId,
        docId: state.docId,
        mine: { name: state.localName, content: state.localContent, deps: state.localDeps },
        theirs: answer.current,
        detectedAt: Date.now(),
      });
      await db.templates.put({ ...state, state: 'conflict' });
      events.push({ type: 'conflict', templateId: row.templateId, theirs: answer.current });
    } else {
      await db.templates.put({ ...state, state: others > 0 ? 'pending' : state.state, lastError: answer.msg });
      events.push({ type: 'rejected', templateId: row.templateId, error: answer.error });
    }
  }

  /** Pushes until the outbox is empty; transient failures wait with exponential backoff and jitter. */
  async pushAll(options: { maxAttempts?: number } = {}): Promise<void> {
    let failures = 0;
    for (;;) {
      try {
        if (!(await this.pushOnce())) return;
        failures = 0;
      } catch (error) {
        if (!isTransient(error)) throw error;
        failures += 1;
        if (options.maxAttempts !== undefined && failures >= options.maxAttempts) throw error;
        const ceiling = Math.min(this.backoff.maxMs, this.backoff.baseMs * 2 ** (failures - 1));
        const wait = Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
        this.onEvent({ type: 'offline', retryInMs: wait, error });
        await this.sleep(wait);
      }
    }
  }

  // ---- pulling --------------------------------------------------------------------------------

  /**
   * Brings other people's changes to a document's templates. A template with changes waiting or in
   * conflict is left alone: its push will meet the newer version and become a conflict.
   */
  async pull(docId: string): Promise<TemplateDto[]> {
    const received: TemplateDto[] = [];
    for (;;) {
      const since = await getMeta<number>(this.db, `cursor:${docId}`, 0);
      const page = await this.transport.pull(docId, since);
      for (const template of page.templates) {
        const state = await this.db.templates.get(template.id);
        if (state && (state.state === 'pending' || state.state === 'conflict')) continue;
        if (state && state.serverVersion !== null && state.serverVersion >= template.version && !template.deleted)
          continue;
        const previous =
          state && state.state !== 'deleted' ? { name: state.localName, content: state.localContent } : null;
        await this.db.templates.put({
          templateId: template.id,
          docId,
          state: template.deleted ? 'deleted' : 'synced',
          serverVersion: template.version,
          localName: template.name,
          localContent: template.content,
          localDeps: template.deps,
          releaseNo: template.releaseNo,
          ...(this.appliesPulls
            ? { pulledUnwritten: { template, previous, previousVersion: state?.serverVersion ?? null } }
            : {}),
        });
        received.push(template);
        this.onEvent({ type: 'remote', template });
      }
      await setMeta(this.db, `cursor:${docId}`, page.cursor);
      if (page.templates.length === 0 || page.cursor === since) return received;
    }
  }

  /** Push everything, then pull each document this device syncs. */
  async syncNow(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        await this.pushAll();
        const docs = new Set((await this.db.templates.toArray()).map((t) => t.docId));
        for (const docId of await getMeta<string[]>(this.db, 'docs', [])) docs.add(docId);
        for (const docId of docs) await this.pull(docId);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** Follow a document's templates (pull them) even before any is edited here. */
  async followDoc(docId: string): Promise<void> {
    const docs = await getMeta<string[]>(this.db, 'docs', []);
    if (!docs.includes(docId)) await setMeta(this.db, 'docs', [...docs, docId]);
  }

  // ---- conflicts ------------------------------------------------------------------------------

  /**
   * The user's call on a conflict. 'theirs' drops mine; 'mine' saves mine on top of theirs as the
   * next version; 'copy' keeps theirs and sends mine as a new template `copyId`.
   * Returns the server version the local template should now show ('mine' keeps mine).
   */
  async resolveConflict(
    templateId: string,
    choice: ConflictChoice,
    copyId?: string,
    copyPlace?: TemplatePlace,
  ): Promise<TemplateDto> {
    const db = this.db;
    const conflict = await db.conflicts.get(templateId);
    const state = await db.templates.get(templateId);
    if (!conflict || !state) throw new QuireError('NoTempalte', { detail: `no conflict for template ${templateId}` });
    const { theirs, mine } = conflict;
    await db.transaction('rw', [db.conflicts, db.templates], async () => {
      await db.conflicts.delete(templateId);
      const adoptTheirs = choice !== 'mine';
      // The user's decision settles any pulled version still unwritten: the bridge writes the choice.
      const { pulledUnwritten: _decided, ...rest } = state;
      await db.templates.put({
        ...rest,
        state: theirs.deleted ? 'deleted' : 'synced',
        serverVersion: theirs.version,
        localName: adoptTheirs ? theirs.name : mine.name,
        localContent: adoptTheirs ? theirs.content : mine.content,
        localDeps: adoptTheirs ? theirs.deps : mine.deps,
      });
    });
    if (choice === 'mine') {
      if (mine.name !== theirs.name) await this.renameTemplate(templateId, mine.name);
      await this.saveTemplate(templateId, { content: mine.content, deps: mine.deps });
    } else if (choice === 'copy') {
      await this.createTemplate({
        templateId: copyId ?? `tpl_${crypto.randomUUID()}`,
        docId: conflict.docId,
        name: `${mine.name} (copy)`,
        content: mine.content,
        deps: mine.deps,
        ...(copyPlace ? { place: copyPlace } : {}),
      });
    }
    return theirs;
  }
}

/**
 * Runs `work` in the one tab that leads sync (Web Locks); other tabs wait their turn and follow
 * the shared sync database meanwhile. Where Web Locks are missing (Node, tests) it just runs.
 */
export function asLeader<T>(work: () => Promise<T>, name = 'quire-sync-leader'): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return work();
  return locks.request(name, work) as Promise<T>;
}
