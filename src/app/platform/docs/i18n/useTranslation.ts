/** Strings of a team's document screens: i18next namespace 'platformDocs' (see src/i18n/namespace.ts). */
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../../i18n/namespace';
import enUS, { type DocsMessages } from './en-US';

const docsNamespace = defineTranslationNamespace<DocsMessages>(
  'platformDocs',
  enUS,
  import.meta.glob<{ default: DocsMessages }>(['./*.ts', '!./*.test.ts', '!./en-US.ts', '!./useTranslation.ts']),
);

export const loadDocsMessages = docsNamespace.loadMessages;
export const useDocsTranslation = () => useNamespaceTranslation(docsNamespace);
