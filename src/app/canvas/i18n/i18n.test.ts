import { describeTranslations } from '../../../i18n/testing';
import enUS from './en-US';
import { loadCanvasMessages } from './useCanvasTranslation';

// Words such as "Tag", "Team" or "Record" may be borrowed; a language left in English is not.
describeTranslations('canvas', enUS, loadCanvasMessages);
