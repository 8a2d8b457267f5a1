import { getDefaultStore, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FONT_FAMILY, fontGroupsForLanguage } from '../../../../workers/fonts-offline';
import { type Translate, toTranslate } from '../../../i18n';
import type { Storage } from '../../../storage';
import {
  chooseEveryFont,
  type EveryFontState,
  everyFontAtom,
  everyFontChosen,
  keepEveryFont,
  stopKeepingEveryFont,
} from './everyFont';
import { fontGroupsInStorage } from './fontCache';

/** `12.3 MB` in the user's language. */
function formatMegabytes(bytes: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    bytes / 1_000_000,
  );
}

/** The status line under the setting: progress, the result, or nothing yet. */
export function everyFontStatus(state: EveryFontState, lang: string, t: Translate): string | undefined {
  switch (state.phase) {
    case 'downloading':
      return t('pwa.fonts.progress', {
        done: state.done,
        total: state.total,
        size: formatMegabytes(state.bytes, lang),
      });
    case 'ready':
      return t('pwa.fonts.ready', { size: formatMegabytes(state.bytes, lang) });
    case 'failed':
      return t('pwa.fonts.failed', {
        fonts: new Intl.ListFormat(lang, { type: 'conjunction' }).format(state.failed.map((g) => FONT_FAMILY[g])),
      });
    case 'released':
      return t('pwa.fonts.released');
    default:
      return undefined;
  }
}

/**
 * The "Make every font available offline" setting, shown in the storage settings. Turning it on
 * downloads every shipped script now (and on later starts); turning it off frees the fonts that
 * the interface language and the stored templates and records do not need.
 */
export function OfflineFonts({ storage, onStored }: { storage: Storage; onStored?: () => unknown }) {
  const { t, i18n } = useTranslation();
  // The run outlives this screen and its feature's store: its state lives in the app's default store.
  const state = useAtomValue(everyFontAtom, { store: getDefaultStore() });
  const [chosen, setChosen] = useState(() => everyFontChosen());
  const [busy, setBusy] = useState(false);
  // Opened with the choice on: check the cache (and fetch what a newer build added).
  useEffect(() => {
    if (chosen && typeof caches !== 'undefined') void keepEveryFont().catch(() => undefined);
  }, [chosen]);

  const change = async (on: boolean) => {
    setChosen(on);
    if (typeof caches === 'undefined') return;
    if (on) {
      chooseEveryFont(true);
      return;
    }
    setBusy(true);
    try {
      const lang = i18n.language;
      const needed = [...fontGroupsForLanguage(lang), ...(await fontGroupsInStorage(storage, lang))];
      await stopKeepingEveryFont(needed);
    } finally {
      setBusy(false);
    }
  };
  // The storage figures beside the setting change once fonts were added or freed.
  useEffect(() => {
    if (state.phase === 'ready' || state.phase === 'released' || state.phase === 'failed') void onStored?.();
  }, [state.phase, onStored]);
  const status = everyFontStatus(state, i18n.language, toTranslate(t));
  const downloading = state.phase === 'downloading';

  return (
    <section className="ws-settings-section" data-testid="offline-fonts">
      <h3>{t('pwa.fonts.title')}</h3>
      <label style={{ display: 'flex', gap: 8, alignItems: 'center', fontWeight: 600 }}>
        <input
          type="checkbox"
          checked={chosen}
          disabled={busy}
          onChange={(event) => void change(event.target.checked)}
        />
        <span>{t('pwa.fonts.every')}</span>
      </label>
      <p className="muted">{t('pwa.fonts.hint')}</p>
      {downloading && (
        <div className="ws-meter" aria-hidden="true">
          <div style={{ width: `${state.total > 0 ? Math.max(1, (100 * state.done) / state.total) : 100}%` }} />
        </div>
      )}
      {status && (
        <p
          className={state.phase === 'failed' ? 'ws-error' : state.phase === 'ready' ? 'ws-ok' : undefined}
          role="status"
          data-testid="offline-fonts-status"
          data-phase={state.phase}
        >
          {status}
        </p>
      )}
    </section>
  );
}
