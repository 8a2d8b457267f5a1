import { useAtom } from 'jotai';
import { useWorkspaceTranslation } from '../services/i18n/workspace';
import { interruptedImportsAtom } from '../services/storageState';

/**
 * Imports a closed tab or a killed browser interrupted, told at the next start: an import is one
 * transaction, so none of its rows were saved (and a new table or base was not created).
 */
export function InterruptedImports() {
  const { t, i18n } = useWorkspaceTranslation();
  const [runs, setRuns] = useAtom(interruptedImportsAtom);
  if (runs.length === 0) return null;
  return (
    <div className="ws-banner" role="alert" data-testid="interrupted-import">
      <span className="ws-banner-icon" aria-hidden="true">
        !
      </span>
      <div className="ws-banner-text">
        {runs.map((run) => (
          <p key={run.id}>
            {t(run.target === 'new' ? 'import.interruptedNew' : 'import.interruptedExisting', {
              file: run.fileName,
              table: run.tableName,
              n: run.rows.toLocaleString(i18n.language),
            })}
          </p>
        ))}
      </div>
      <button type="button" className="button small ghost" onClick={() => setRuns([])}>
        {t('common.close')}
      </button>
    </div>
  );
}
