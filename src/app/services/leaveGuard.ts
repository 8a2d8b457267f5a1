import { useEffect } from 'react';
import { openCellEditsAtom, pendingWritesAtom, workspaceStore, writesInFlightAtom } from './storageState';

/**
 * The browser's leave-page prompt while a write is in flight, storage refused one, or a grid cell
 * is open with changed text: those edits live in this tab's memory (the journal aside) until
 * storage takes them. Held conflict edits are
 * in IndexedDB already and need no prompt.
 */
export function useLeaveGuard(): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const unsaved =
        workspaceStore.get(writesInFlightAtom) > 0 ||
        workspaceStore.get(pendingWritesAtom).length > 0 ||
        workspaceStore.get(openCellEditsAtom) > 0;
      if (!unsaved) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
