/** Strings of the plan screens and notices (#32): i18next namespace 'plans' (src/i18n/locales/<lng>/plans.json). */
import english from '../../../i18n/locales/en-US/plans.json';
import { defineTranslationNamespace, useNamespaceTranslation } from '../../../i18n/namespace';

const namespace = defineTranslationNamespace('plans', english);

export const usePlansTranslation = () => useNamespaceTranslation(namespace);
