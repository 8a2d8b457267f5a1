/** Strings of the save pipeline's notices: i18next namespace 'saving' (see src/i18n/namespace.ts). */
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../../i18n/namespace';
import enUS, { type SavingMessages } from './en-US';

const savingNamespace = defineTranslationNamespace<SavingMessages>(
  'saving',
  enUS,
  import.meta.glob<{ default: SavingMessages }>([
    './*.ts',
    '!./*.test.ts',
    '!./en-US.ts',
    '!./useSavingTranslation.ts',
  ]),
);

export const loadSavingMessages = savingNamespace.loadMessages;
export const useSavingTranslation = () => useNamespaceTranslation(savingNamespace);
