/** Strings of server sync: i18next namespace 'sync' (see src/i18n/namespace.ts). */
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';
import enUS, { type SyncMessages } from './en-US';

const syncNamespace = defineTranslationNamespace<SyncMessages>(
  'sync',
  enUS,
  import.meta.glob<{ default: SyncMessages }>(['./*.ts', '!./*.test.ts', '!./en-US.ts', '!./useSyncTranslation.ts']),
);

export const SYNC_NS = syncNamespace.ns;
export const loadSyncMessages = syncNamespace.loadMessages;
export const useSyncTranslation = () => useNamespaceTranslation(syncNamespace);
