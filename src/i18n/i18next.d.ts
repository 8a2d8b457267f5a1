/**
 * Types every `t('…')` key from the en-US resources: a key that no en-US file has is a type error
 * (`npm run typecheck`). Keys are checked, not interpolation values (JSON strings are plain `string`).
 */
import 'i18next';
import type { Resources } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: Resources;
    returnNull: false;
  }
}
