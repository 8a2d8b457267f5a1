/** Strings of the canvas designer: i18next namespace 'canvas' (see src/i18n/namespace.ts). */
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';
import enUS, { type CanvasMessages } from './en-US';

const canvasNamespace = defineTranslationNamespace<CanvasMessages>(
  'canvas',
  enUS,
  import.meta.glob<{ default: CanvasMessages }>([
    './*.ts',
    '!./*.test.ts',
    '!./en-US.ts',
    '!./useCanvasTranslation.ts',
  ]),
);

export const CANVAS_NS = canvasNamespace.ns;
export const loadCanvasMessages = canvasNamespace.loadMessages;
export const useCanvasTranslation = () => useNamespaceTranslation(canvasNamespace);
