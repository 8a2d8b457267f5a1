import { type MessagePort, Worker as NodeWorker, type ResourceLimits, type Worker } from 'node:worker_threads';
import type { Endpoint } from 'comlink';
import { QuireError } from '../src/core/errors';
import { bundledWorkerEntry } from './worker-bundle';

type Listener = EventListenerOrEventListenerObject;

/** Adapts a Node worker or port (EventEmitter style) to the DOM-style endpoint comlink expects. */
export function nodeEndpoint(port: MessagePort | Worker): Endpoint {
  const wrapped = new WeakMap<Listener, (data: unknown) => void>();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) =>
      port.postMessage(message, transfer as Parameters<MessagePort['postMessage']>[1]),
    addEventListener: (_type: string, listener: Listener) => {
      const handler = (data: unknown) => {
        if ('handleEvent' in listener) listener.handleEvent({ data } as MessageEvent);
        else listener({ data } as MessageEvent);
      };
      wrapped.set(listener, handler);
      port.on('message', handler);
    },
    removeEventListener: (_type: string, listener: Listener) => {
      const handler = wrapped.get(listener);
      if (handler) port.off('message', handler);
      wrapped.delete(listener);
    },
    start: () => undefined,
  };
}

/**
 * The process's Node options minus tsx's loader (`--require …/tsx/…`, `--import …tsx…`), which a
 * worker inherits by default: a bundle needs no transform, and the loader's hooks would still see
 * every module the bundle imports.
 */
export function withoutTsx(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg];
    if (
      flag === '--require' ||
      flag === '-r' ||
      flag === '--import' ||
      flag === '--loader' ||
      flag === '--experimental-loader'
    ) {
      const value = inline ?? execArgv[i + 1] ?? '';
      if (inline === undefined) i++;
      if (/[\\/]tsx[\\/]|^tsx(\/|$)/.test(value)) continue;
      out.push(arg);
      if (inline === undefined) out.push(value);
      continue;
    }
    out.push(arg);
  }
  return out;
}

/**
 * Starts a worker thread on a TypeScript entry: its pre-built bundle (worker-bundle.ts), or, when
 * none can be built, through tsx's loader as the CLI itself runs.
 * Unref'd: a pending request keeps the caller waiting, an idle worker does not keep Node alive.
 */
export function spawnTsWorker(
  entry: URL,
  workerData?: unknown,
  /** A cap on the thread's heap (the server's render threads); past it the thread ends. */
  resourceLimits?: ResourceLimits,
): Worker {
  const bundled = bundledWorkerEntry(entry);
  const worker = bundled
    ? new NodeWorker(bundled, { workerData, resourceLimits, execArgv: withoutTsx(process.execArgv) })
    : new NodeWorker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`,
        { eval: true, workerData, resourceLimits },
      );
  worker.unref();
  return worker;
}

/**
 * Rejects with WorkerUnavailable once the worker fails to load, throws uncaught, or exits on its
 * own. Listening is what keeps the process up: a Node worker's `error` event with no listener
 * ends the whole process. Comlink never answers a call to a dead worker, so callers race their
 * calls against this (browser-pool.ts `failFast`). `terminate()` asked for by the caller is an
 * exit too; by then nobody waits on the worker.
 */
export function nodeWorkerFailure(worker: Worker): Promise<never> {
  const failed = new Promise<never>((_, reject) => {
    worker.on('error', (error: unknown) => {
      const detail = error instanceof Error ? error.message : String(error);
      reject(new QuireError('WorkerUnavailable', { detail: detail || 'the worker did not start', cause: error }));
    });
    worker.once('exit', (exitCode) => {
      reject(new QuireError('WorkerUnavailable', { detail: `the worker exited (code ${exitCode})` }));
    });
  });
  // Settled by the caller's race in the normal case; never an unhandled rejection when it is not.
  failed.catch(() => undefined);
  return failed;
}
