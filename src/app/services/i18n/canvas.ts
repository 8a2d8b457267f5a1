/** Strings of the canvas designer: i18next namespace 'canvas', in src/i18n/locales/<lng>/canvas.json (see src/i18n/namespace.ts). */

import english from '../../../i18n/locales/en-US/canvas.json';
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';

const namespace = defineTranslationNamespace('canvas', english);

export const useCanvasTranslation = () => useNamespaceTranslation(namespace);
