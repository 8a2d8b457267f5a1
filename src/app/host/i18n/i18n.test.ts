import { describeTranslations } from '../../../i18n/testing';
import enUS from './en-US';
import { loadHostMessages } from './useHostTranslation';

describeTranslations('host', enUS, loadHostMessages);
