/** Strings of Word, Excel and PowerPoint templates: i18next namespace 'office', in src/i18n/locales/<lng>/office.json (see src/i18n/namespace.ts). */

import english from '../../../i18n/locales/en-US/office.json';
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';

const namespace = defineTranslationNamespace('office', english);

export const useOfficeTranslation = () => useNamespaceTranslation(namespace);
