/**
 * Proof that translation keys are typed: `npm run typecheck` reads this file (nothing runs it).
 * Each `@ts-expect-error` marks a wrong key; if the key stopped being a type error, the unused
 * directive would fail the typecheck instead.
 */
import type { TFunction } from 'i18next';
import type { MessageKey } from './resources';

declare const t: TFunction;
declare const tEditor: TFunction<'editor'>;
declare const tMail: TFunction<'mail'>;
declare const blockType: 'richText' | 'image';

export const right = [
  t('dialog.ok'),
  t('errors.TemplateParseError'),
  tEditor('fields.braceHint'),
  tEditor(`blocks.${blockType}`),
  tMail('roles.owner'),
  t('email', { ns: 'accounts' }),
];

export const wrong = [
  // @ts-expect-error a key that no en-US file has
  t('dialog.okay'),
  // @ts-expect-error a catalogued-looking error name that does not exist
  t('errors.NoSuchError'),
  // @ts-expect-error the app's key is not in the editor's namespace
  tEditor('dialog.ok'),
  // @ts-expect-error a dynamic key whose every value must exist
  tEditor(`blocks.${blockType}Missing`),
  // @ts-expect-error a group is not a message
  t('header.tabs'),
];

// @ts-expect-error a key passed around as data is checked where it is written
export const dataKey: MessageKey = 'screens.nowhere';
