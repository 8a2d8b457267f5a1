import { describeTranslations } from '../../../../i18n/testing';
import enUS from './en-US';
import { loadDocsMessages } from './useTranslation';

// Words such as "API", "JSON", "PDF" or "curl" may be borrowed; a language left in English is not.
describeTranslations('platformDocs', enUS, loadDocsMessages, {
  sameEverywhere: ['formats.html', 'formats.markdown', 'curl', 'tabs.api', 'apiTitle', 'renderedIn'],
});
