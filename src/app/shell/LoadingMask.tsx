import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 000 §9: a mask for short waits would only flicker, so it appears after 500 ms. */
export const LOADING_MASK_DELAY_MS = 500;

export function LoadingMask({ delayMs = LOADING_MASK_DELAY_MS }: { delayMs?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="loading-mask" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
