/** The preview screen's strings: i18next namespace 'preview', in src/i18n/locales/<lng>/preview.json (see src/i18n/namespace.ts). */

import english from '../../../i18n/locales/en-US/preview.json';
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';

const namespace = defineTranslationNamespace('preview', english);

export const usePreviewTranslation = () => useNamespaceTranslation(namespace);
