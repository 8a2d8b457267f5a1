/** The signature screens' strings: i18next namespace 'signature' (src/i18n/locales/<lng>/signature.json). */
import english from '../../i18n/locales/en-US/signature.json';
import { defineTranslationNamespace, useNamespaceTranslation } from '../../i18n/namespace';

const namespace = defineTranslationNamespace('signature', english);

export const useSignatureTranslation = () => useNamespaceTranslation(namespace);
