import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { resetDemoWorkspace, type Storage } from '../../storage';
import { Dialog } from '../services/dialogs/Dialog';
import { useWorkspaceTranslation } from '../services/i18n/workspace';
import { writeDemoFileNameRules } from '../services/storage';
import { trackSave } from '../services/storageWrites';
import { ApprovalsSection } from './ApprovalsSection';
import { baseLabel } from './baseName';
import { ImportDialog } from './import/ImportDialog';
import { SaveIndicator } from './SaveIndicator';
import { SettingsPanel } from './SettingsPanel';
import { WorkspaceFrame } from './WorkspaceFrame';

function useWorkspaceOverview(storage: Storage) {
  return useLiveQuery(async () => {
    const bases = await storage.bases.list();
    return Promise.all(
      bases.map(async (base) => ({
        base,
        tables: await Promise.all(
          (await storage.tables.listByBase(base.id)).map(async (table) => ({
            table,
            count: await storage.records.count(table.id),
          })),
        ),
      })),
    );
  }, [storage]);
}

function Tables({ storage }: { storage: Storage }) {
  const { t, i18n } = useWorkspaceTranslation();
  const overview = useWorkspaceOverview(storage);
  const [importing, setImporting] = useState(false);
  const [settings, setSettings] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [confirmReset, setConfirmReset] = useState(false);

  const resetDemo = async () => {
    setConfirmReset(false);
    await trackSave(async () => {
      await resetDemoWorkspace(storage);
      await writeDemoFileNameRules(storage);
    });
    setNotice(t('tables.resetDone'));
  };

  const empty = overview?.every((entry) => entry.tables.length === 0);
  return (
    <article className="ws-screen">
      <header className="ws-screen-head">
        <div>
          <h1>{t('tables.title')}</h1>
          <p className="muted">{t('tables.subtitle')}</p>
        </div>
        <div className="ws-toolbar">
          <SaveIndicator />
          <button type="button" className="button ghost small" onClick={() => setSettings(true)}>
            {t('storage.settings')}
          </button>
          <button type="button" className="button secondary small" onClick={() => setConfirmReset(true)}>
            {t('tables.resetDemo')}
          </button>
          <button type="button" className="button primary small" onClick={() => setImporting(true)}>
            {t('grid.import')}
          </button>
        </div>
      </header>
      {notice && (
        <p className="ws-ok" role="status">
          {notice}
        </p>
      )}
      {empty && <p className="ws-empty">{t('tables.empty')}</p>}
      {overview?.map(({ base, tables }) =>
        tables.length === 0 ? null : (
          <section key={base.id} className="ws-base">
            <h2>
              {baseLabel(base, t)}
              {base.isDemo && <span className="ws-badge">{t('tables.demoBadge')}</span>}
            </h2>
            <ul className="ws-table-cards">
              {tables.map(({ table, count }) => (
                <li key={table.id}>
                  <Link to={`/baseplugin/t/${table.id}`} className="ws-table-card" data-table-id={table.id}>
                    <span className="ws-table-icon" aria-hidden="true">
                      {table.name.slice(0, 1).toUpperCase()}
                    </span>
                    <span className="ws-table-name">{table.name}</span>
                    <span className="ws-table-meta">
                      {t('tables.records', { count, n: count.toLocaleString(i18n.language) })} ·{' '}
                      {t('tables.fields', { count: table.fields.length })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ),
      )}
      <ApprovalsSection storage={storage} />
      {confirmReset && (
        <Dialog
          title={t('tables.resetDemo')}
          onClose={() => setConfirmReset(false)}
          footer={
            <>
              <button type="button" className="button ghost small" onClick={() => setConfirmReset(false)}>
                {t('common.cancel')}
              </button>
              <button type="button" className="button primary small" onClick={() => void resetDemo()}>
                {t('tables.resetDemo')}
              </button>
            </>
          }
        >
          <p>{t('tables.resetDemoConfirm')}</p>
        </Dialog>
      )}
      {importing && <ImportDialog storage={storage} onClose={() => setImporting(false)} />}
      {settings && <SettingsPanel storage={storage} onClose={() => setSettings(false)} />}
    </article>
  );
}

/** `/baseplugin/t`: the tables of the local workspace. */
export function TablesScreen() {
  return <WorkspaceFrame>{(storage) => <Tables storage={storage} />}</WorkspaceFrame>;
}
