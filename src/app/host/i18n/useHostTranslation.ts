/** Strings of the host screens: i18next namespace 'host', in src/i18n/locales/<lng>/host.json (see src/i18n/namespace.ts). */

import english from '../../../i18n/locales/en-US/host.json';
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';

const namespace = defineTranslationNamespace('host', english);

export const useHostTranslation = () => useNamespaceTranslation(namespace);
