import { describeTranslations } from '../../../i18n/testing';
import enUS from './en-US';
import { loadPlatformMessages } from './useTranslation';

// Words such as "API" or "Quire" may be borrowed; a language left in English is not.
describeTranslations('platform', enUS, loadPlatformMessages);
