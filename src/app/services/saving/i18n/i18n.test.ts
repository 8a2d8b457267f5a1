import { describeTranslations } from '../../../../i18n/testing';
import enUS from './en-US';
import { loadSavingMessages } from './useSavingTranslation';

describeTranslations('saving', enUS, loadSavingMessages);
