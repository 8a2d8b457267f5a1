import { describeTranslations } from '../../../i18n/testing';
import enUS from './en-US';
import { loadSyncMessages } from './useSyncTranslation';

// Words such as "Tag", "Team" or "Record" may be borrowed; a language left in English is not.
describeTranslations('sync', enUS, loadSyncMessages);
