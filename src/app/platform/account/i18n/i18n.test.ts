import { describeTranslations } from '../../../../i18n/testing';
import enUS from './en-US';
import { loadAccountsMessages } from './useTranslation';

describeTranslations('accounts', enUS, loadAccountsMessages);
