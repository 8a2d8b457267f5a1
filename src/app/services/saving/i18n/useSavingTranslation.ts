/** Strings of the save pipeline's notices: i18next namespace 'saving', in src/i18n/locales/<lng>/saving.json (see src/i18n/namespace.ts). */
import english from '../../../../i18n/locales/en-US/saving.json';
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../../i18n/namespace';

const namespace = defineTranslationNamespace('saving', english);

export const useSavingTranslation = () => useNamespaceTranslation(namespace);
