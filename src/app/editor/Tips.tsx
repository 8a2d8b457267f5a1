/** Guidance: the quick guide and one-line tips, each dismissed once and remembered (preference flags). */
import { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import type { PreferenceFlag, PreferenceFlags } from '../../storage/repos/settings';
import { useEditorTranslation } from '../services/i18n/editor';
import { getStorage } from '../services/storage';
import { Icon } from './Icon';

/** null until loaded: tips stay hidden rather than flash for people who dismissed them. */
const prefsAtom = atom<PreferenceFlags | null>(null);

export function usePreferences() {
  const [prefs, setPrefs] = useAtom(prefsAtom);
  useEffect(() => {
    if (prefs) return;
    let alive = true;
    void getStorage()
      .then((s) => s.settings.preferences())
      .then((loaded) => alive && setPrefs(loaded));
    return () => {
      alive = false;
    };
  }, [prefs, setPrefs]);
  const set = (flag: PreferenceFlag, value: boolean) => {
    setPrefs((p) => (p ? { ...p, [flag]: value } : p));
    void getStorage().then((s) => s.settings.setPreference(flag, value));
  };
  return { prefs, set };
}

/**
 * Guidance comes one piece at a time, in this order: a tip shows once everything before it is
 * dismissed, so a newcomer never meets several notes stacked over the page at once.
 */
const GUIDANCE_ORDER: readonly PreferenceFlag[] = [
  'hideEditorGuide',
  'hideEditorPageTip',
  'hidePreviewPageTip',
  'hideFontSizeTooltip',
  'hideResizeTip',
];

/**
 * The tips whose place is on screen now (a folded panel's tip is not): one that cannot be seen
 * does not hold back the ones after it. The quick guide is always there.
 */
const mountedTipsAtom = atom<ReadonlySet<PreferenceFlag>>(new Set<PreferenceFlag>(['hideEditorGuide']));

export function isTurnOf(prefs: PreferenceFlags, flag: PreferenceFlag, shown: ReadonlySet<PreferenceFlag>): boolean {
  const index = GUIDANCE_ORDER.indexOf(flag);
  return index < 0 || GUIDANCE_ORDER.slice(0, index).every((earlier) => prefs[earlier] || !shown.has(earlier));
}

function useTipPlace(flag: PreferenceFlag) {
  const setMounted = useSetAtom(mountedTipsAtom);
  useEffect(() => {
    setMounted((current) => new Set(current).add(flag));
    return () =>
      setMounted((current) => {
        const next = new Set(current);
        next.delete(flag);
        return next;
      });
  }, [flag, setMounted]);
  return useAtomValue(mountedTipsAtom);
}

export function Tip({ flag, text, className }: { flag: PreferenceFlag; text: string; className?: string }) {
  const { t } = useEditorTranslation();
  const { prefs, set } = usePreferences();
  const shown = useTipPlace(flag);
  if (!prefs || prefs[flag] || !isTurnOf(prefs, flag, shown)) return null;
  return (
    <div className={`qe-tip ${className ?? ''}`} role="note" data-tip={flag}>
      <span className="qe-tip-icon">
        <Icon name="bulb" />
      </span>
      <span>{text}</span>
      <button type="button" className="qe-btn qe-btn-small qe-btn-quiet" onClick={() => set(flag, true)}>
        {t('tips.dismiss')}
      </button>
    </div>
  );
}

export function QuickGuide() {
  const { t } = useEditorTranslation();
  const { prefs, set } = usePreferences();
  const [step, setStep] = useState(0);
  if (!prefs || prefs.hideEditorGuide) return null;
  const steps = [t('tips.guide1'), t('tips.guide2'), t('tips.guide3')];
  const last = step === steps.length - 1;
  return (
    <section className="qe-guide" aria-label={t('tips.guideTitle')} data-tip="hideEditorGuide">
      <h2 className="qe-guide-title">
        {t('tips.guideTitle')}{' '}
        <span className="qe-muted">
          {step + 1}/{steps.length}
        </span>
      </h2>
      <p>{steps[step]}</p>
      <div className="qe-guide-actions">
        <button type="button" className="qe-btn qe-btn-small qe-btn-quiet" onClick={() => set('hideEditorGuide', true)}>
          {t('tips.dismiss')}
        </button>
        {!last && (
          <button type="button" className="qe-btn qe-btn-small qe-btn-primary" onClick={() => setStep((s) => s + 1)}>
            {t('tips.next')}
          </button>
        )}
      </div>
    </section>
  );
}
