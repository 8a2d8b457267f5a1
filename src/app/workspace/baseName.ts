import type { TFunction } from 'i18next';

/** The names Quire itself gives bases; stored in English, shown in the user's language. */
export const DEFAULT_BASE_NAME = 'My workspace';
const DEMO_BASE_NAME = 'Demo workspace';

/** A base's name as shown: the app's own default names are translated, names a user typed are kept. */
export function baseLabel(base: { name: string; isDemo?: boolean }, t: TFunction<'workspace'>): string {
  if (base.isDemo && base.name === DEMO_BASE_NAME) return t('home.demoBase');
  if (base.name === DEFAULT_BASE_NAME) return t('home.myBase');
  return base.name;
}
