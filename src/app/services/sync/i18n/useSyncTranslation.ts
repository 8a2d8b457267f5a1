/** Strings of server sync: i18next namespace 'sync', in src/i18n/locales/<lng>/sync.json (see src/i18n/namespace.ts). */

import english from '../../../../i18n/locales/en-US/sync.json';
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../../i18n/namespace';

const namespace = defineTranslationNamespace('sync', english);

export const useSyncTranslation = () => useNamespaceTranslation(namespace);
