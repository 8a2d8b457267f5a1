import { useWorkspaceTranslation } from '../services/i18n/workspace';
import { ApprovalsSection } from './ApprovalsSection';
import { WorkspaceFrame } from './WorkspaceFrame';

/** `/home/approval`: the approval definitions on this device, each leading to its print templates. */
export function ApprovalsScreen() {
  const { t } = useWorkspaceTranslation();
  return (
    <WorkspaceFrame>
      {(storage) => (
        <article className="ws-screen">
          <header className="ws-screen-head">
            <div>
              <h1>{t('home.approvalTemplates')}</h1>
              <p className="muted">{t('home.approvalTemplatesHint')}</p>
            </div>
          </header>
          <ApprovalsSection storage={storage} />
        </article>
      )}
    </WorkspaceFrame>
  );
}
