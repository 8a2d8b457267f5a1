/** The preview screen's strings: i18next namespace 'preview' (see src/i18n/namespace.ts). */
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';
import enUS, { type PreviewMessages } from './en-US';

const previewNamespace = defineTranslationNamespace<PreviewMessages>(
  'preview',
  enUS,
  import.meta.glob<{ default: PreviewMessages }>([
    './*.ts',
    '!./*.test.ts',
    '!./en-US.ts',
    '!./usePreviewTranslation.ts',
  ]),
);

export const PREVIEW_NS = previewNamespace.ns;
export const loadPreviewMessages = previewNamespace.loadMessages;
export const ensurePreviewBundle = previewNamespace.ensureBundle;
export const usePreviewTranslation = () => useNamespaceTranslation(previewNamespace);
