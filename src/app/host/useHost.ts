import { useCallback, useEffect, useState } from 'react';
import { connectHost, currentHostState, type HostState } from './connection';

/** The host connection as a screen sees it; `retry` connects again after a failure. */
export function useHost(): HostState & { retry: () => void } {
  const [state, setState] = useState<HostState>(currentHostState);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the explicit retry trigger
  useEffect(() => {
    let alive = true;
    if (currentHostState().status === 'none') return;
    setState((s) => (s.status === 'connected' ? s : { status: 'connecting' }));
    connectHost().then(
      (connection) => alive && setState(connection ? { status: 'connected', connection } : { status: 'none' }),
      (error: unknown) => alive && setState({ status: 'failed', error }),
    );
    return () => {
      alive = false;
    };
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
