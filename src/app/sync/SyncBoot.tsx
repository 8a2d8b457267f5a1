/**
 * Starts this tab's sync at launch when a workspace of this device is linked (the flag, else the sync
 * database itself); otherwise does nothing at all.
 */
import { useEffect } from 'react';
import { linkedOnThisDevice, startSync } from '../services/sync/runtime';

export function SyncBoot() {
  useEffect(() => {
    void linkedOnThisDevice().then((linked) => {
      if (linked) void startSync();
    });
  }, []);
  return null;
}
