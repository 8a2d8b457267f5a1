/**
 * The render-run state machine (`renderRun.ts`) as React state: one machine per screen, its state
 * re-read on every change, abandoned when the screen goes away.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { RenderRun, type RenderRunOptions, type RenderRunState } from './renderRun';

export function useRenderRun<R>(options?: RenderRunOptions): [RenderRunState<R>, RenderRun<R>] {
  const [run] = useState(() => new RenderRun<R>(options));
  useEffect(() => () => run.dispose(), [run]);
  const state = useSyncExternalStore(
    (listener) => run.subscribe(listener),
    () => run.state,
    () => run.state,
  );
  return [state, run];
}
