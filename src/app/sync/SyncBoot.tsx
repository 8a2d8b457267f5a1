/** Starts this tab's sync at launch when a workspace of this device is linked; otherwise does nothing at all. */
import { useEffect } from 'react';
import { hasLinkedBases, startSync } from '../services/sync/runtime';

export function SyncBoot() {
  useEffect(() => {
    if (hasLinkedBases()) void startSync();
  }, []);
  return null;
}
