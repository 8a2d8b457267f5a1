import { Provider, useAtomValue } from 'jotai';
import { type ReactNode, useEffect } from 'react';
import type { Storage } from '../../storage';
import { useWorkspaceTranslation } from '../services/i18n/workspace';
import { useLeaveGuard } from '../services/leaveGuard';
import { getStorage } from '../services/storage';
import { StorageBanner } from '../services/storageNotices';
import { workspaceStatusAtom, workspaceStore } from '../services/storageState';
import { InterruptedImports } from './InterruptedImports';
import './workspace.css';

function Frame({ children }: { children: (storage: Storage) => ReactNode }) {
  const { t } = useWorkspaceTranslation();
  const status = useAtomValue(workspaceStatusAtom);
  useLeaveGuard();
  useEffect(() => {
    getStorage().catch(() => undefined);
  }, []);
  return (
    <div className="ws">
      <StorageBanner />
      <InterruptedImports />
      {status.state === 'ready' ? (
        children(status.storage)
      ) : status.state === 'loading' ? (
        <p className="ws-loading" role="status">
          {t('tables.loading')}
        </p>
      ) : null}
    </div>
  );
}

/** Every workspace screen: opens local storage once, shows the storage banner, then the screen. */
export function WorkspaceFrame({ children }: { children: (storage: Storage) => ReactNode }) {
  return (
    <Provider store={workspaceStore}>
      <Frame>{children}</Frame>
    </Provider>
  );
}
