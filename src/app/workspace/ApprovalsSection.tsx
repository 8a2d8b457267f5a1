import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState } from 'react';
import { importApprovalJson, type Storage } from '../../storage';
import { useWorkspaceTranslation } from '../services/i18n/workspace';
import { trackSave } from '../services/storageWrites';
import { ErrorBox } from './ErrorBox';

function useApprovalOverview(storage: Storage) {
  return useLiveQuery(async () => {
    const definitions = await storage.approvals.listDefinitions();
    return Promise.all(
      definitions.map(async (definition) => ({
        definition,
        instances: await storage.approvals.countInstances(definition.code),
      })),
    );
  }, [storage]);
}

/** Approval definitions on this device, and the import of definitions + instances from JSON files. */
export function ApprovalsSection({ storage }: { storage: Storage }) {
  const { t, i18n } = useWorkspaceTranslation();
  const overview = useApprovalOverview(storage);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string>();
  const [error, setError] = useState<{ error: unknown; file: string }>();

  // Files are imported one by one, each in its own transaction: a bad file names itself and
  // leaves nothing behind, and the good files before it stay imported.
  const importFiles = async (files: File[]) => {
    setBusy(true);
    setResult(undefined);
    setError(undefined);
    let definitions = 0;
    let instances = 0;
    for (const file of files) {
      try {
        const text = await file.text();
        const done = await trackSave(() => importApprovalJson(storage, text));
        definitions += done.definitions.length;
        instances += done.instances;
      } catch (e) {
        setError({ error: e, file: file.name });
        break;
      }
    }
    if (definitions + instances > 0) setResult(t('approvals.imported', { definitions, instances }));
    setBusy(false);
  };

  return (
    <section className="ws-base ws-approvals" data-testid="approvals">
      <div className="ws-section-head">
        <h2>{t('approvals.title')}</h2>
        <button type="button" className="button secondary small" disabled={busy} onClick={() => input.current?.click()}>
          {t('approvals.import')}
        </button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          multiple
          hidden
          data-testid="approval-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) void importFiles(files);
          }}
        />
      </div>
      <p className="muted">{t('approvals.hint')}</p>
      {result && (
        <p className="ws-ok" role="status">
          {result}
        </p>
      )}
      {error && <ErrorBox error={error.error} extra={t('approvals.inFile', { file: error.file })} />}
      {overview && overview.length === 0 && <p className="ws-empty">{t('approvals.none')}</p>}
      {overview && overview.length > 0 && (
        <ul className="ws-approval-list">
          {overview.map(({ definition, instances }) => (
            <li key={definition.code} data-approval-code={definition.code}>
              {/* The approval's print templates live on the approval route of the host table. */}
              <Link to={`/approval/${encodeURIComponent(definition.code)}`} className="ws-table-name">
                {definition.name}
              </Link>
              <code className="muted">{definition.code}</code>
              <span className="ws-table-meta">
                {t('approvals.instances', { count: instances, n: instances.toLocaleString(i18n.language) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
