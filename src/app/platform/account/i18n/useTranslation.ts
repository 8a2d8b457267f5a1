/** Strings of the account and team screens: i18next namespace 'accounts' (see src/i18n/namespace.ts). */
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../../i18n/namespace';
import enUS, { type AccountsMessages } from './en-US';

const accountsNamespace = defineTranslationNamespace<AccountsMessages>(
  'accounts',
  enUS,
  import.meta.glob<{ default: AccountsMessages }>(['./*.ts', '!./*.test.ts', '!./en-US.ts', '!./useTranslation.ts']),
);

export const loadAccountsMessages = accountsNamespace.loadMessages;
export const useAccountsTranslation = () => useNamespaceTranslation(accountsNamespace);
