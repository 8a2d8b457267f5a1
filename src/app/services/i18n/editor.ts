/** The editor's strings: i18next namespace 'editor', in src/i18n/locales/<lng>/editor.json (see src/i18n/namespace.ts). */

import english from '../../../i18n/locales/en-US/editor.json';
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';

const namespace = defineTranslationNamespace('editor', english);

/** `t` of the editor namespace, with the current language. */
export function useEditorTranslation() {
  const { t, i18n } = useNamespaceTranslation(namespace);
  return { t, i18n, lang: i18n.language };
}
