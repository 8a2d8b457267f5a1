import { useAtom, useAtomValue } from 'jotai';
import { PendingWrites } from '../../storage';
import { downloadBlob } from './download';
import { useWorkspaceTranslation } from './i18n/workspace';
import { useLeaveGuard } from './leaveGuard';
import { StorageAlert } from './StorageAlert';
import { pendingWritesAtom, storageFailureAtom, workspaceStatusAtom, workspaceStore } from './storageState';

// The workspace store named explicitly: screens outside the workspace frame show this banner too.
const inStore = { store: workspaceStore };

/**
 * Shown when storage refused a write or cannot open: says why, and offers what was not saved as a
 * download so nothing the user typed is lost while the tab stays open.
 */
export function StorageBanner() {
  const { t } = useWorkspaceTranslation();
  const [failure, setFailure] = useAtom(storageFailureAtom, inStore);
  const pending = useAtomValue(pendingWritesAtom, inStore);
  const status = useAtomValue(workspaceStatusAtom, inStore);
  if (!failure && pending.length === 0) return null;
  const quota = (failure?.errorName ?? pending[0]?.reason) === 'StorageQuotaExceeded';
  const download = () => {
    const buffer = status.state === 'ready' ? status.storage.pending : new PendingWrites();
    downloadBlob(buffer.toBlob(), buffer.fileName());
  };
  return (
    <StorageAlert
      testId="storage-banner"
      headline={
        pending.length > 0
          ? t(quota ? 'storage.bannerQuota' : 'storage.bannerUnavailable')
          : // Refused as a whole (a restore, an import): nothing waits in this tab, nothing was changed.
            t(quota ? 'storage.bannerQuotaNothingKept' : 'storage.bannerUnavailableNothingKept')
      }
      code={failure?.code}
      detail={
        pending.length > 0 && <span className="ws-banner-count">{t('storage.unsaved', { count: pending.length })}</span>
      }
      actions={
        pending.length > 0 ? (
          <button type="button" className="button small primary" onClick={download}>
            {t('storage.download')}
          </button>
        ) : (
          <button type="button" className="button small ghost" onClick={() => setFailure(undefined)}>
            {t('storage.retry')}
          </button>
        )
      }
    />
  );
}

/**
 * For a screen outside the workspace frame that writes (the template lists): the same banner and
 * unsaved-data download, and the leave prompt while something is unsaved.
 */
export function StorageNotices() {
  useLeaveGuard();
  return <StorageBanner />;
}
