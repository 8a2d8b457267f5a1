import type { StorageContext } from '../context';
import { write } from '../context';

/** Stored UI preference flags (spec 000 §3). All default to false. */
export const PREFERENCE_FLAGS = [
  'editorHideField',
  'hideResizeTip',
  'hidePreviewPageTip',
  'hideEditorPageTip',
  'hideEditorGuide',
  'hideFontSizeTooltip',
] as const;

export type PreferenceFlag = (typeof PREFERENCE_FLAGS)[number];
export type PreferenceFlags = Record<PreferenceFlag, boolean>;

const PREF_PREFIX = 'pref:';

export function createSettingsRepo(ctx: StorageContext) {
  const { db } = ctx;
  return {
    async get<T>(key: string, fallback: T): Promise<T> {
      const row = await db.settings.get(key);
      return row === undefined ? fallback : (row.value as T);
    },
    async set(key: string, value: unknown): Promise<void> {
      await write(
        ctx,
        {
          action: 'settings.set',
          stores: ['settings'],
          keys: [key],
          unsaved: { key: `setting:${key}`, label: `Setting ${key}`, payload: value },
        },
        () => db.settings.put({ key, value }),
      );
    },
    async remove(key: string): Promise<void> {
      await write(ctx, { action: 'settings.remove', stores: ['settings'], keys: [key] }, () => db.settings.delete(key));
    },
    async preferences(): Promise<PreferenceFlags> {
      const rows = await db.settings.bulkGet(PREFERENCE_FLAGS.map((f) => PREF_PREFIX + f));
      return Object.fromEntries(PREFERENCE_FLAGS.map((flag, i) => [flag, rows[i]?.value === true])) as PreferenceFlags;
    },
    async setPreference(flag: PreferenceFlag, value: boolean): Promise<void> {
      await write(ctx, { action: 'settings.preference', stores: ['settings'], keys: [PREF_PREFIX + flag] }, () =>
        db.settings.put({ key: PREF_PREFIX + flag, value }),
      );
    },
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
