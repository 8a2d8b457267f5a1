import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { lazy, useEffect, useState } from 'react';
import { useWorkspaceTranslation } from '../services/i18n/workspace';
import { getStorage } from '../services/storage';
import { approvalTemplates } from '../services/templates';
import { ApprovalEditorScreen } from '../templates/ApprovalScreens';
import { approvalEditorHref, createApprovalTemplate } from '../templates/TemplateListScreen';
// Its loading line is styled by the workspace's sheet (ws-loading).
import '../workspace/workspace.css';

// The editor (Slate and its panels) loads when an approval template is opened, not with the gate.
const TemplateEditor = lazy(() => import('./TemplateEditor').then((m) => ({ default: m.TemplateEditor })));

type Gate = { state: 'checking' } | { state: 'open' } | { state: 'empty'; name: string };

/** Whether `/approval/editor/:code` has a template to open without creating one. */
async function approvalEditorGate(code: string, wanted: string | undefined): Promise<Gate> {
  const db = await getStorage();
  if (wanted && (await db.templates.get(wanted))) return { state: 'open' };
  if ((await approvalTemplates(code)).length > 0) return { state: 'open' };
  const definition = await db.approvals.getDefinition(code);
  // An unknown approval: the editor screen says so itself and creates nothing.
  if (!definition) return { state: 'open' };
  return { state: 'empty', name: definition.name || code };
}

/**
 * `/approval/editor/:approvalCode`: visiting the address never creates a template (issue 12). When
 * the approval has none yet, the user is asked and creating one is an explicit button.
 */
export function ApprovalEditorGate() {
  const { t } = useWorkspaceTranslation();
  const { approvalCode = '' } = useParams({ strict: false }) as { approvalCode?: string };
  const search = useSearch({ strict: false }) as { templateId?: unknown };
  const wanted = search.templateId === undefined ? undefined : String(search.templateId);
  const navigate = useNavigate();
  const [gate, setGate] = useState<Gate>({ state: 'checking' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    // Once open, the editor manages the address itself (it adds ?templateId=).
    setGate((current) => (current.state === 'open' ? current : { state: 'checking' }));
    void approvalEditorGate(approvalCode, wanted).then((next) => {
      if (alive) setGate((current) => (current.state === 'open' ? current : next));
    });
    return () => {
      alive = false;
    };
  }, [approvalCode, wanted]);

  if (gate.state === 'checking') return <p className="ws-loading" aria-busy="true" />;
  if (gate.state === 'open') return <ApprovalEditorScreen editor={TemplateEditor} />;
  const create = async () => {
    setBusy(true);
    const row = await createApprovalTemplate(approvalCode, gate.name);
    setGate({ state: 'open' });
    await navigate({ href: approvalEditorHref(approvalCode, row.id), replace: true });
  };
  return (
    <article className="screen auth-card" data-testid="approval-no-template">
      <h1>{gate.name}</h1>
      <p>{t('home.noApprovalTemplate')}</p>
      <div className="actions">
        <button type="button" className="button primary" disabled={busy} onClick={() => void create()}>
          {t('home.createApprovalTemplate')}
        </button>
        <Link to={`/approval/${encodeURIComponent(approvalCode)}`} className="button secondary">
          {t('home.approvalTemplateList')}
        </Link>
      </div>
    </article>
  );
}
