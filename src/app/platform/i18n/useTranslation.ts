/** Strings of the open platform's screens: i18next namespace 'platform' (see src/i18n/namespace.ts). */
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';
import enUS, { type PlatformMessages } from './en-US';

const platformNamespace = defineTranslationNamespace<PlatformMessages>(
  'platform',
  enUS,
  import.meta.glob<{ default: PlatformMessages }>(['./*.ts', '!./*.test.ts', '!./en-US.ts', '!./useTranslation.ts']),
);

export const loadPlatformMessages = platformNamespace.loadMessages;
export const usePlatformTranslation = () => useNamespaceTranslation(platformNamespace);
