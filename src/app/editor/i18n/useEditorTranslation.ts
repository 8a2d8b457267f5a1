/** The editor's strings: i18next namespace 'editor' (see src/i18n/namespace.ts). */
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';
import enUS, { type EditorMessages } from './en-US';

const editorNamespace = defineTranslationNamespace<EditorMessages>(
  'editor',
  enUS,
  import.meta.glob<{ default: EditorMessages }>([
    './*.ts',
    '!./*.test.ts',
    '!./en-US.ts',
    '!./useEditorTranslation.ts',
  ]),
);

export const EDITOR_NS = editorNamespace.ns;
export const loadEditorMessages = editorNamespace.loadMessages;
export const ensureEditorBundle = editorNamespace.ensureBundle;

/** `t` of the editor namespace, with the current language. */
export function useEditorTranslation() {
  const { t, i18n } = useNamespaceTranslation(editorNamespace);
  return { t, i18n, lang: i18n.language };
}
