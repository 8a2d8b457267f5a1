import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ApprovalPreviewScreen } from '../host/ApprovalHost';
import { currentHostState } from '../host/connection';
import { useWorkspaceTranslation } from '../services/i18n/workspace';
import { getStorage } from '../services/storage';
// Its loading line is styled by the workspace's sheet (ws-loading).
import '../workspace/workspace.css';

/** Whether this device keeps the instance and its approval (outside a host nothing else supplies it). */
async function instanceKept(instanceCode: string): Promise<boolean> {
  const db = await getStorage();
  const row = await db.approvals.getInstance(instanceCode);
  return row !== undefined && (await db.approvals.getDefinition(row.approvalCode)) !== undefined;
}

/**
 * `/approval/preview/:instanceCode`. Inside a host the host supplies the instance. Outside one, an
 * instance this device lacks is a plain fact to say, not a failure: the general error page would
 * only offer a refresh that cannot help.
 */
export function ApprovalPreviewGate() {
  const { t } = useWorkspaceTranslation();
  const { instanceCode = '' } = useParams({ strict: false }) as { instanceCode?: string };
  const inHost = currentHostState().status !== 'none';
  const [kept, setKept] = useState<boolean>();
  useEffect(() => {
    if (inHost) return;
    let alive = true;
    setKept(undefined);
    instanceKept(instanceCode).then(
      (found) => alive && setKept(found),
      // Storage that cannot open: the screen itself reports that.
      () => alive && setKept(true),
    );
    return () => {
      alive = false;
    };
  }, [inHost, instanceCode]);
  if (inHost || kept) return <ApprovalPreviewScreen />;
  if (kept === undefined) return <p className="ws-loading" aria-busy="true" />;
  return (
    <article className="screen auth-card" data-testid="approval-no-instance">
      <h1>{instanceCode}</h1>
      <p role="status">{t('home.noInstanceHere', { code: instanceCode })}</p>
      <div className="actions">
        <Link to="/home" className="button primary">
          {t('home.openWorkspace')}
        </Link>
      </div>
    </article>
  );
}
