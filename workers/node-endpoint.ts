import { type MessagePort, Worker as NodeWorker, type Worker } from 'node:worker_threads';
import type { Endpoint } from 'comlink';

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
 * Starts a worker thread on a TypeScript entry through tsx's loader, as the CLI itself runs.
 * Unref'd: a pending request keeps the caller waiting, an idle worker does not keep Node alive.
 */
export function spawnTsWorker(entry: URL, workerData?: unknown): Worker {
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  const worker = new NodeWorker(bootstrap, { eval: true, workerData });
  worker.unref();
  return worker;
}
