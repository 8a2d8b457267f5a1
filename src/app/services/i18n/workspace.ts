/** The workspace screens' strings: i18next namespace 'workspace', in src/i18n/locales/<lng>/workspace.json (see src/i18n/namespace.ts). */

import english from '../../../i18n/locales/en-US/workspace.json';
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';

const namespace = defineTranslationNamespace('workspace', english);

export const useWorkspaceTranslation = () => useNamespaceTranslation(namespace);
