import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { parseBinding } from '../../core/binding';
import type { Storage } from '../../storage';
import type { TemplateRow } from '../../storage/types';
import { useWorkspaceTranslation } from '../services/i18n/workspace';
import { baseLabel } from './baseName';
import { ImportDialog } from './import/ImportDialog';
import { WorkspaceFrame } from './WorkspaceFrame';

const RECENT_TEMPLATES = 6;

/** Where a template opens: approval-bound ones in the approval editor, the rest in the base editor. */
function templateHref(row: Pick<TemplateRow, 'id' | 'tableId'>): string {
  const binding = parseBinding(row.tableId);
  if (binding.kind === 'approval') {
    const code = binding.code;
    return `/approval/editor/${encodeURIComponent(code)}?templateId=${encodeURIComponent(row.id)}`;
  }
  return `/baseplugin/t/editor/${encodeURIComponent(row.id)}`;
}

function useOverview(storage: Storage) {
  return useLiveQuery(async () => {
    const bases = await storage.bases.list();
    const tables = (
      await Promise.all(
        bases.map(async (base) =>
          Promise.all(
            (
              await storage.tables.listByBase(base.id)
            ).map(async (table) => ({
              table,
              base,
              count: await storage.records.count(table.id),
            })),
          ),
        ),
      )
    ).flat();
    const templates = (await storage.templates.list()).slice(0, RECENT_TEMPLATES);
    const definitions = await storage.approvals.listDefinitions();
    const approvals = await Promise.all(
      definitions.map(async (definition) => ({
        definition,
        instances: await storage.approvals.countInstances(definition.code),
      })),
    );
    return { tables, templates, approvals };
  }, [storage]);
}

function Overview({ storage }: { storage: Storage }) {
  const { t, i18n } = useWorkspaceTranslation();
  const overview = useOverview(storage);
  const [importing, setImporting] = useState(false);
  if (!overview) return null;
  const tableName = new Map(overview.tables.map(({ table }) => [table.id, table.name]));
  // "New template" opens the template list of the table the user works with most recently.
  const latest = [...overview.tables].sort((a, b) => b.table.updatedAt - a.table.updatedAt)[0];
  const newTemplateHref = latest ? `/baseplugin/t/${encodeURIComponent(latest.table.id)}/preview` : undefined;
  return (
    <article className="ws-screen ws-home" data-testid="home-overview">
      <header className="ws-screen-head">
        <div>
          <h1>{t('home.title')}</h1>
          <p className="muted">{t('home.subtitle')}</p>
        </div>
        <div className="ws-toolbar">
          <button type="button" className="button secondary small" onClick={() => setImporting(true)}>
            {t('home.importData')}
          </button>
          {newTemplateHref && (
            <Link to={newTemplateHref} className="button secondary small">
              {t('home.newTemplate')}
            </Link>
          )}
          <Link to="/baseplugin/t" className="button primary small">
            {t('home.openWorkspace')}
          </Link>
        </div>
      </header>

      <section className="ws-base" aria-labelledby="home-tables">
        <div className="ws-section-head">
          <h2 id="home-tables">{t('home.tables')}</h2>
          <Link to="/baseplugin/t" className="ws-more">
            {t('home.allTables')}
          </Link>
        </div>
        {overview.tables.length === 0 ? (
          <p className="ws-empty">{t('tables.empty')}</p>
        ) : (
          <ul className="ws-table-cards">
            {overview.tables.map(({ table, base, count }) => (
              <li key={table.id}>
                <Link to={`/baseplugin/t/${table.id}`} className="ws-table-card" data-table-id={table.id}>
                  <span className="ws-table-icon" aria-hidden="true">
                    {table.name.slice(0, 1).toUpperCase()}
                  </span>
                  <span className="ws-table-name">{table.name}</span>
                  <span className="ws-table-meta">
                    {baseLabel(base, t)} ·{' '}
                    <span className="ws-nowrap">
                      {t('tables.records', { count, n: count.toLocaleString(i18n.language) })}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="ws-base" aria-labelledby="home-templates">
        <div className="ws-section-head">
          <h2 id="home-templates">{t('home.recentTemplates')}</h2>
        </div>
        {overview.templates.length === 0 ? (
          <p className="ws-empty">{t('home.noTemplates')}</p>
        ) : (
          <ul className="ws-home-list">
            {overview.templates.map((row) => (
              <li key={row.id}>
                <Link to={templateHref(row)} className="ws-table-name">
                  {row.name}
                </Link>
                <span className="ws-table-meta">
                  {tableName.get(row.tableId) ?? t('home.approvalTemplate')} ·{' '}
                  {new Date(row.updatedAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="ws-base" aria-labelledby="home-approvals">
        <div className="ws-section-head">
          <h2 id="home-approvals">{t('approvals.title')}</h2>
          <Link to="/home/approval" className="ws-more">
            {t('home.allApprovals')}
          </Link>
        </div>
        {overview.approvals.length === 0 ? (
          <p className="ws-empty">{t('approvals.none')}</p>
        ) : (
          <ul className="ws-home-list">
            {overview.approvals.map(({ definition, instances }) => (
              <li key={definition.code}>
                <Link to={`/approval/${encodeURIComponent(definition.code)}`} className="ws-table-name">
                  {definition.name}
                </Link>
                <span className="ws-table-meta">
                  {t('approvals.instances', { count: instances, n: instances.toLocaleString(i18n.language) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {importing && <ImportDialog storage={storage} onClose={() => setImporting(false)} />}
    </article>
  );
}

/** `/home`: what is on this device (tables, recent templates, approvals) and the first actions. */
export function HomeScreen() {
  return <WorkspaceFrame>{(storage) => <Overview storage={storage} />}</WorkspaceFrame>;
}
