/**
 * A pool of render workers, one per core by default. Each job goes to an idle worker; a worker is
 * recycled once it has spent its document or memory budget (the Typst web compiler never frees
 * memory); a job past its timeout or cancelled terminates its worker, since a running compile
 * cannot be interrupted any other way. The caller's thread never compiles.
 */
import * as Comlink from 'comlink';
import { type ErrorName, isQuireError, QuireError, quireErrorFromJSON } from '../src/core/errors';
import type { FileFormat } from '../src/core/outputs/catalogue';
import type { PrintSource } from '../src/core/print/sources';
import type { NamingContext, RenderedGroup, RenderedOutput } from '../src/render/outputs/render';
import {
  MAX_WORKER_TEMPLATES,
  type RenderGroupResponse,
  type RenderProgress,
  type RenderRequest,
  type RenderResponse,
  type RenderStage,
  type RenderWorkerApi,
} from './protocol';

/** Spec 001 §9.1: PDF timeout. */
export const PDF_TIMEOUT_MS = 120_000;

export interface WorkerHandle {
  api: Comlink.Remote<RenderWorkerApi>;
  terminate(): void;
}

export interface RenderPoolOptions {
  spawn: () => WorkerHandle;
  size: number;
  /** Recycle a worker after this many documents (default 500). */
  maxDocuments?: number;
  /** Recycle a worker once its compiler memory passes this (default 768 MB). */
  maxMemoryBytes?: number;
  timeoutMs?: number;
}

export interface PoolRenderOptions {
  /** 'preview' times out as PreviewTimeoutError, 'document' as DocGenerationError. */
  kind?: 'preview' | 'document';
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Name the file in the worker with the template's rule (batch print, downloads). */
  naming?: NamingContext;
  /** The format to make (a document template as PDF, Word, Excel or PowerPoint); the kind's default when none. */
  format?: FileFormat;
  /** Stages of the job; a long document adds `('compile', { done, total })` rows after each chunk. */
  onStage?: (stage: RenderStage, progress?: RenderProgress) => void;
}

export interface TemplateRef {
  /** A template id or version (e.g. `${templateId}@${revision}`); workers cache the parse per key + content hash. */
  key: string;
  content: unknown;
}

interface Slot {
  handle: WorkerHandle;
  busy: boolean;
  documents: number;
  templates: Set<string>;
}

type WorkerResponse = RenderResponse | RenderGroupResponse;
type Answered = Extract<WorkerResponse, { ok: true }>;
/** What every request carries; the job adds its source (or sources). */
type RequestBase = Omit<RenderRequest, 'source'>;

interface Job {
  template: TemplateRef;
  options: PoolRenderOptions;
  /** Documents the job renders, counted against the worker's budget. */
  documents: number;
  send: (api: Comlink.Remote<RenderWorkerApi>, base: RequestBase) => Promise<WorkerResponse>;
  resolve: (response: Answered) => void;
  reject: (error: unknown) => void;
  started: boolean;
}

export interface RenderPool {
  readonly size: number;
  /** Renders one source with a template of any output kind: the file's bytes, type and name. */
  render(template: TemplateRef, source: PrintSource, options?: PoolRenderOptions): Promise<RenderedOutput>;
  /** Renders several sources as one file (a merged PDF typeset once) on one worker. */
  renderGroup(template: TemplateRef, sources: PrintSource[], options?: PoolRenderOptions): Promise<RenderedGroup>;
  /** Starts every worker's compiler now rather than on the first job. */
  warm(): Promise<void>;
  stats(): { workers: number; busy: number; queued: number; recycled: number; completed: number };
  close(): void;
}

const keys = new WeakMap<TemplateRef, { content: unknown; key: string }>();

/**
 * The key plus an FNV-1a hash of the content text, so an edit without a new key still reaches the
 * workers. Cached per ref object: a batch passes the same ref for every record.
 */
export function contentKey(ref: TemplateRef): string {
  const cached = keys.get(ref);
  if (cached && cached.content === ref.content) return cached.key;
  const key = hashKey(ref);
  keys.set(ref, { content: ref.content, key });
  return key;
}

function hashKey(ref: TemplateRef): string {
  const text = typeof ref.content === 'string' ? ref.content : JSON.stringify(ref.content);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${ref.key}#${(hash >>> 0).toString(36)}:${text.length}`;
}

function formatOf(options: PoolRenderOptions): { format?: FileFormat } {
  return options.format ? { format: options.format } : {};
}

export function createPool(options: RenderPoolOptions): RenderPool {
  // The web compiler grows ~1–2 MB per distinct invoice and never shrinks; a fresh worker costs
  // about a second, so recycling every few hundred documents keeps a tab's memory bounded cheaply.
  const maxDocuments = options.maxDocuments ?? 500;
  const maxMemory = options.maxMemoryBytes ?? 768 * 1024 ** 2;
  const defaultTimeout = options.timeoutMs ?? PDF_TIMEOUT_MS;
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let recycled = 0;
  let completed = 0;
  let closed = false;

  const spawnSlot = (): Slot => ({ handle: options.spawn(), busy: false, documents: 0, templates: new Set() });
  for (let i = 0; i < Math.max(1, options.size); i++) slots.push(spawnSlot());

  const replace = (slot: Slot) => {
    slot.handle.terminate();
    const index = slots.indexOf(slot);
    recycled++;
    if (index >= 0 && !closed) slots[index] = spawnSlot();
  };

  const pump = () => {
    while (queue.length > 0) {
      const slot = slots.find((s) => !s.busy);
      if (!slot) return;
      const job = queue.shift()!;
      run(slot, job);
    }
  };

  const run = (slot: Slot, job: Job) => {
    slot.busy = true;
    job.started = true;
    const { options: o } = job;
    const timeoutMs = o.timeoutMs ?? defaultTimeout;
    let settled = false;
    const finish = (kill: boolean) => {
      settled = true;
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      if (kill) replace(slot);
      slot.busy = false;
      pump();
    };
    const fail = (name: ErrorName, detail: string) => {
      if (settled) return;
      finish(true);
      job.reject(new QuireError(name, { detail }));
    };
    const timer = setTimeout(
      () =>
        fail(o.kind === 'preview' ? 'PreviewTimeoutError' : 'DocGenerationError', `no result after ${timeoutMs} ms`),
      timeoutMs,
    );
    const onAbort = () => fail('DocGenerationError', 'cancelled');
    o.signal?.addEventListener('abort', onAbort, { once: true });

    const key = contentKey(job.template);
    const sendTemplate = !slot.templates.has(key);
    if (sendTemplate) {
      if (slot.templates.size >= MAX_WORKER_TEMPLATES) slot.templates.delete(slot.templates.values().next().value!);
      slot.templates.add(key);
    }
    const base: RequestBase = {
      templateKey: key,
      template: sendTemplate ? job.template.content : undefined,
      ...(o.naming ? { naming: o.naming } : {}),
    };
    job.send(slot.handle.api, base).then(
      (response: WorkerResponse) => {
        if (settled) return;
        // A template the worker could not parse is not kept there either.
        if (!response.ok && sendTemplate) slot.templates.delete(key);
        slot.documents += job.documents;
        completed += job.documents;
        const spent = response.ok && (slot.documents >= maxDocuments || response.memoryBytes >= maxMemory);
        finish(spent);
        if (response.ok) job.resolve(response);
        else job.reject(quireErrorFromJSON(response.error));
      },
      (error: unknown) => {
        // A catalogued failure (a worker that never loaded) keeps its own code and message.
        if (isQuireError(error) && !settled) {
          finish(true);
          job.reject(error);
        } else fail('DocGenerationError', error instanceof Error ? error.message : String(error));
      },
    );
  };

  /** Queues a job; it is cancelled while waiting, or its worker terminated once running. */
  const enqueue = <T>(
    template: TemplateRef,
    renderOptions: PoolRenderOptions,
    documents: number,
    send: Job['send'],
    answer: (response: Answered) => T,
  ): Promise<T> => {
    if (closed) return Promise.reject(new QuireError('DocGenerationError', { detail: 'render pool is closed' }));
    if (renderOptions.signal?.aborted)
      return Promise.reject(new QuireError('DocGenerationError', { detail: 'cancelled' }));
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        template,
        options: renderOptions,
        documents,
        send,
        resolve: (response) => resolve(answer(response)),
        reject,
        started: false,
      };
      renderOptions.signal?.addEventListener(
        'abort',
        () => {
          if (job.started) return;
          const index = queue.indexOf(job);
          if (index >= 0) queue.splice(index, 1);
          reject(new QuireError('DocGenerationError', { detail: 'cancelled' }));
        },
        { once: true },
      );
      queue.push(job);
      pump();
    });
  };

  return {
    get size() {
      return slots.length;
    },
    render(template, source, renderOptions = {}) {
      const onStage = renderOptions.onStage ? Comlink.proxy(renderOptions.onStage) : undefined;
      const send: Job['send'] = (api, base) => api.render({ ...base, source, ...formatOf(renderOptions) }, onStage);
      return enqueue<RenderedOutput>(template, renderOptions, 1, send, (r) => r.file);
    },
    renderGroup(template, sources, renderOptions = {}) {
      return enqueue<RenderedGroup>(
        template,
        renderOptions,
        sources.length,
        (api, base) => api.renderGroup({ ...base, sources, ...formatOf(renderOptions) }),
        (r) => ({ file: r.file, names: 'names' in r ? r.names : [] }),
      );
    },
    async warm() {
      await Promise.all(slots.map((s) => s.handle.api.warm()));
    },
    stats() {
      return {
        workers: slots.length,
        busy: slots.filter((s) => s.busy).length,
        queued: queue.length,
        recycled,
        completed,
      };
    },
    close() {
      closed = true;
      for (const job of queue.splice(0))
        job.reject(new QuireError('DocGenerationError', { detail: 'render pool closed' }));
      for (const slot of slots) slot.handle.terminate();
    },
  };
}
