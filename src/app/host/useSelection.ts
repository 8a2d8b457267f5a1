import { useEffect, useState } from 'react';
import { followSelection, type VisibilitySource } from '../../host/base';
import type { Selection } from '../../host/protocol';
import type { HostConnection } from './connection';

const documentVisibility: VisibilitySource = {
  isVisible: () => document.visibilityState === 'visible',
  subscribe(listener) {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/**
 * The host's selection (base, table, view, record): read now, every 500 ms while the page is
 * visible, and at once when the host announces a change. A failed read keeps the last one and
 * reports the error (the next tick tries again).
 */
export function useHostSelection(connection: HostConnection | undefined): {
  selection: Selection | undefined;
  error: unknown;
} {
  const [selection, setSelection] = useState<Selection | undefined>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    if (!connection || connection.hello.host.kind === 'approval') return;
    const follower = followSelection({
      read: () => connection.bridge.request('base.getSelection', {}),
      onChange: (next) => {
        setError(undefined);
        setSelection(next);
      },
      onError: setError,
      visibility: documentVisibility,
    });
    const unsubscribe = connection.bridge.on('selectionChanged', (pushed) => follower.push(pushed));
    return () => {
      unsubscribe();
      follower.stop();
    };
  }, [connection]);
  return { selection, error };
}
