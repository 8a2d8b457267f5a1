/**
 * Fills an Office template for one source in the render worker (the pipeline printing uses) and
 * keeps the latest result: a new template revision or source replaces the job in flight.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PrintSource } from '../../core/print/sources';
import type { NamingContext, RenderedOutput } from '../../render/outputs/render';
import { renderPreview } from '../services/printing';

type FillState =
  | { status: 'idle' }
  | { status: 'filling' }
  | { status: 'ready'; file: RenderedOutput; ms: number }
  | { status: 'cancelled' }
  | { status: 'error'; error: unknown };

export function useFilledFile(
  template: { key: string; content: unknown } | undefined,
  sourceKey: string,
  loadSource: () => Promise<PrintSource>,
  naming: NamingContext | undefined,
) {
  const [state, setState] = useState<FillState>({ status: 'idle' });
  const [nonce, setNonce] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const cancelledByUser = useRef(false);
  const sourceRef = useRef(loadSource);
  sourceRef.current = loadSource;
  const namingRef = useRef(naming);
  namingRef.current = naming;

  // biome-ignore lint/correctness/useExhaustiveDependencies: sourceKey and nonce are the triggers; the loader is read through a ref
  useEffect(() => {
    if (!template) return;
    const abort = new AbortController();
    controller.current = abort;
    cancelledByUser.current = false;
    const started = performance.now();
    setState({ status: 'filling' });
    (async () => {
      const source = await sourceRef.current();
      if (abort.signal.aborted) return;
      const file = await renderPreview(template, source, {
        signal: abort.signal,
        ...(namingRef.current ? { naming: namingRef.current } : {}),
      });
      if (!abort.signal.aborted) setState({ status: 'ready', file, ms: Math.round(performance.now() - started) });
    })().catch((error: unknown) => {
      if (cancelledByUser.current) setState({ status: 'cancelled' });
      else if (!abort.signal.aborted) setState({ status: 'error', error });
    });
    return () => abort.abort();
  }, [template?.key, sourceKey, nonce]);

  const cancel = useCallback(() => {
    cancelledByUser.current = true;
    controller.current?.abort();
    setState({ status: 'cancelled' });
  }, []);
  const retry = useCallback(() => setNonce((n) => n + 1), []);
  return { state, cancel, retry };
}
