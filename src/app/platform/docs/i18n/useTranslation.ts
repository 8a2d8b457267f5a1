/** Strings of a team's document screens: i18next namespace 'platformDocs', in src/i18n/locales/<lng>/platformDocs.json (see src/i18n/namespace.ts). */

import english from '../../../../i18n/locales/en-US/platformDocs.json';
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../../i18n/namespace';

const namespace = defineTranslationNamespace('platformDocs', english);

export const useDocsTranslation = () => useNamespaceTranslation(namespace);
