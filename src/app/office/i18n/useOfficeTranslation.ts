/** Strings of Word, Excel and PowerPoint templates: i18next namespace 'office' (see src/i18n/namespace.ts). */
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';
import enUS, { type OfficeMessages } from './en-US';

const officeNamespace = defineTranslationNamespace<OfficeMessages>(
  'office',
  enUS,
  import.meta.glob<{ default: OfficeMessages }>([
    './*.ts',
    '!./*.test.ts',
    '!./en-US.ts',
    '!./useOfficeTranslation.ts',
  ]),
);

export const OFFICE_NS = officeNamespace.ns;
export const loadOfficeMessages = officeNamespace.loadMessages;
export const useOfficeTranslation = () => useNamespaceTranslation(officeNamespace);
