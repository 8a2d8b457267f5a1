import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says the network is there; true when rendered outside a browser. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Shown in the header while the network is gone. Everything keeps working on this device; the
 * badge only tells the user, so nothing about sharing or sign-in surprises them.
 */
export function OfflineBadge() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <span className="offline-badge" role="status" title={t('header.offlineHint')} data-testid="offline-badge">
      <span className="offline-dot" aria-hidden="true" />
      {t('header.offline')}
    </span>
  );
}
