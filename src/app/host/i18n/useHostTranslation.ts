/** Strings of the host screens: i18next namespace 'host' (see src/i18n/namespace.ts). */
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';
import enUS, { type HostMessages } from './en-US';

const hostNamespace = defineTranslationNamespace<HostMessages>(
  'host',
  enUS,
  import.meta.glob<{ default: HostMessages }>(['./*.ts', '!./*.test.ts', '!./en-US.ts', '!./useHostTranslation.ts']),
);

export const HOST_NS = hostNamespace.ns;
export const loadHostMessages = hostNamespace.loadMessages;
export const useHostTranslation = () => useNamespaceTranslation(hostNamespace);
