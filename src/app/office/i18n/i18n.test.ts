import { describeTranslations } from '../../../i18n/testing';
import enUS from './en-US';
import { loadOfficeMessages } from './useOfficeTranslation';

// Words such as "Tag", "Team" or "Record" may be borrowed; a language left in English is not.
describeTranslations('office', enUS, loadOfficeMessages, {
  sameEverywhere: ['kind.pdf', 'kind.docx', 'kind.xlsx', 'kind.pptx'],
});
