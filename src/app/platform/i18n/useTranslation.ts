/** Strings of the open platform's screens: i18next namespace 'platform', in src/i18n/locales/<lng>/platform.json (see src/i18n/namespace.ts). */

import english from '../../../i18n/locales/en-US/platform.json';
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';

const namespace = defineTranslationNamespace('platform', english);

export const usePlatformTranslation = () => useNamespaceTranslation(namespace);
