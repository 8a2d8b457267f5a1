/** Strings of the account and team screens: i18next namespace 'accounts', in src/i18n/locales/<lng>/accounts.json (see src/i18n/namespace.ts). */

import english from '../../../../i18n/locales/en-US/accounts.json';
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../../i18n/namespace';

const namespace = defineTranslationNamespace('accounts', english);

export const useAccountsTranslation = () => useNamespaceTranslation(namespace);
