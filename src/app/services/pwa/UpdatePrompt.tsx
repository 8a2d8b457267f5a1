import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { applyUpdate, pwaStateAtom } from './serviceWorker';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const [state, setState] = useAtom(pwaStateAtom);
  if (state.needRefresh) {
    return (
      <div className="toast" role="status" data-testid="update-prompt">
        <span>{t('pwa.updateReady')}</span>
        <button type="button" className="button primary small" onClick={applyUpdate}>
          {t('pwa.update')}
        </button>
        <button
          type="button"
          className="button ghost small"
          onClick={() => setState((s) => ({ ...s, needRefresh: false }))}
        >
          {t('pwa.later')}
        </button>
      </div>
    );
  }
  if (state.offlineReady) {
    return (
      <div className="toast" role="status" data-testid="offline-ready">
        <span>{t('pwa.offlineReady')}</span>
        <button
          type="button"
          className="button ghost small"
          onClick={() => setState((s) => ({ ...s, offlineReady: false }))}
        >
          {t('pwa.dismiss')}
        </button>
      </div>
    );
  }
  return null;
}
