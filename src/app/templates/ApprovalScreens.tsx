/**
 * The approval host's template screens (spec 000 §2): `/approval/:approvalCode` lists the templates
 * bound to that approval definition; `/approval/editor/:approvalCode` opens one in the editor — the
 * one named by `?templateId=`, else the last edited, else a new blank one bound to the approval.
 */
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { type ComponentType, Suspense, useEffect, useRef, useState } from 'react';
import { useEditorTranslation } from '../services/i18n/editor';
import { getStorage } from '../services/storage';
import { approvalTemplates } from '../services/templates';
import { LoadingMask } from '../shell/LoadingMask';
import { approvalEditorHref, TemplateListScreen } from './TemplateListScreen';
import './templates.css';

export function ApprovalTemplateListScreen() {
  const { approvalCode } = useParams({ strict: false }) as { approvalCode?: string };
  return <TemplateListScreen key={approvalCode} approvalCode={approvalCode ?? ''} />;
}

type Resolved =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'empty' }
  | { state: 'ready'; templateId: string };

/**
 * Which template `/approval/editor/:approvalCode` opens. Visiting never creates one: an approval
 * without templates shows its template list, where creating is an explicit action.
 */
async function resolveTemplate(code: string, wanted: string | undefined): Promise<Resolved> {
  const db = await getStorage();
  if (wanted) {
    const row = await db.templates.get(wanted);
    if (row) return { state: 'ready', templateId: row.id };
  }
  const existing = await approvalTemplates(code);
  if (existing[0]) return { state: 'ready', templateId: existing[0].id };
  const definition = await db.approvals.getDefinition(code);
  if (!definition) return { state: 'missing' };
  return { state: 'empty' };
}

/**
 * `editor` opens a template (the routes' TemplateEditor, which picks the document, canvas or Office
 * editor; lazy, so Slate and its panels load when an approval template is opened, not with the list).
 */
export function ApprovalEditorScreen({ editor: TemplateEditor }: { editor: ComponentType<{ templateId: string }> }) {
  const { t } = useEditorTranslation();
  const { approvalCode = '' } = useParams({ strict: false }) as { approvalCode?: string };
  const search = useSearch({ strict: false }) as { templateId?: unknown };
  const wanted = search.templateId === undefined ? undefined : String(search.templateId);
  const navigate = useNavigate();
  const [resolved, setResolved] = useState<Resolved>({ state: 'loading' });
  const current = useRef(resolved);
  current.current = resolved;

  useEffect(() => {
    // Our own address update (adding ?templateId=) must not reopen the editor.
    const open = current.current;
    if (open.state === 'ready' && open.templateId === wanted) return;
    let alive = true;
    setResolved({ state: 'loading' });
    void resolveTemplate(approvalCode, wanted).then((next) => {
      if (!alive) return;
      setResolved(next);
      // The address names the template from now on, so a reload opens the same one.
      if (next.state === 'ready' && next.templateId !== wanted)
        void navigate({ href: approvalEditorHref(approvalCode, next.templateId), replace: true });
    });
    return () => {
      alive = false;
    };
  }, [approvalCode, wanted, navigate]);

  if (resolved.state === 'loading') return <p className="qe-loading" aria-busy="true" />;
  if (resolved.state === 'empty') return <TemplateListScreen key={approvalCode} approvalCode={approvalCode} />;
  if (resolved.state === 'missing')
    return (
      <section className="screen qe-load-error" role="alert">
        <h1>{t('editor.loadError')}</h1>
        <p>{t('binding.approvalMissing', { code: approvalCode })}</p>
        <Link to="/baseplugin/t">{t('binding.toWorkspace')}</Link>
      </section>
    );
  // “Back” follows the template's binding: this approval's list, or a table's after a rebinding.
  return (
    <Suspense fallback={<LoadingMask />}>
      <TemplateEditor key={resolved.templateId} templateId={resolved.templateId} />
    </Suspense>
  );
}
