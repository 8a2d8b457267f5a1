import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  type BackupEnvelope,
  type BackupScope,
  backupFileName,
  exportBackupBlob,
  readBackup,
  restoreBackup,
  type Storage,
} from '../../storage';
import { Dialog } from '../services/dialogs/Dialog';
import { downloadBlob } from '../services/download';
import { useWorkspaceTranslation } from '../services/i18n/workspace';
import { OfflineFonts } from '../services/pwa/OfflineFonts';
import { refreshUsage } from '../services/storage';
import { persistedAtom, usageAtom } from '../services/storageState';
import { trackSave } from '../services/storageWrites';
import { Select } from '../shell/Select';
import { baseLabel } from './baseName';
import { showError } from './errors';
import { formatBytes } from './formatBytes';

/** Storage use, persistence, backup export (whole workspace or one base) / restore, fonts offline. */
export function SettingsPanel({ storage, onClose }: { storage: Storage; onClose: () => void }) {
  const { t, i18n } = useWorkspaceTranslation();
  const usage = useAtomValue(usageAtom);
  const persisted = useAtomValue(persistedAtom);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<unknown>();
  const fileInput = useRef<HTMLInputElement>(null);
  const bases = useLiveQuery(() => storage.bases.list(), [storage]);
  // '' = the whole workspace, else a base id.
  const [scopeId, setScopeId] = useState('');
  useEffect(() => {
    void refreshUsage();
  }, []);

  const backup = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const base = bases?.find((b) => b.id === scopeId);
      const scope: BackupScope = base ? { kind: 'base', baseId: base.id } : { kind: 'workspace' };
      const blob = await exportBackupBlob(storage, scope);
      downloadBlob(blob, backupFileName(scope, Date.now(), base?.name));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  // The file is read and checked first; only a valid backup leads to the question.
  const [pending, setPending] = useState<{ envelope: BackupEnvelope; fileName: string }>();
  const check = async (file: File) => {
    setBusy(true);
    setError(undefined);
    setMessage(undefined);
    try {
      setPending({ envelope: await readBackup(file), fileName: file.name });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const restore = async (envelope: BackupEnvelope) => {
    setPending(undefined);
    setBusy(true);
    setError(undefined);
    try {
      await trackSave(() => restoreBackup(storage, envelope));
      setMessage(t('storage.restored'));
      void refreshUsage();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const shown = error ? showError(error, t) : undefined;

  return (
    <Dialog title={t('storage.settings')} onClose={onClose}>
      <section className="ws-settings-section">
        <h3>{t('storage.usage')}</h3>
        {usage ? (
          <>
            <div className="ws-meter" aria-hidden="true">
              <div style={{ width: `${Math.max(1, Math.min(100, usage.percent))}%` }} />
            </div>
            <p data-testid="storage-usage">
              {t('storage.usageValue', {
                used: formatBytes(usage.usage, i18n.language),
                quota: formatBytes(usage.quota, i18n.language),
                percent: usage.percent,
              })}
            </p>
          </>
        ) : (
          <p className="muted">{t('storage.usageUnknown')}</p>
        )}
        <p className="muted">{persisted ? t('storage.persisted') : t('storage.notPersisted')}</p>
      </section>
      <section className="ws-settings-section">
        <h3>{t('storage.backup')}</h3>
        <p className="muted">{t('storage.backupHint')}</p>
        <div className="ws-row">
          <label className="ws-backup-scope">
            <span>{t('storage.backupScope')}</span>
            <Select value={scopeId} onChange={(event) => setScopeId(event.target.value)} data-testid="backup-scope">
              <option value="">{t('storage.backupWorkspace')}</option>
              {bases?.map((base) => (
                <option key={base.id} value={base.id}>
                  {t('storage.backupBase', { name: baseLabel(base, t) })}
                </option>
              ))}
            </Select>
          </label>
          <button type="button" className="button secondary small" disabled={busy} onClick={backup}>
            {t('storage.backupDownload')}
          </button>
          <button
            type="button"
            className="button ghost small"
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            {t('storage.restore')}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            data-testid="restore-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void check(file);
            }}
          />
        </div>
        {message && <p className="ws-ok">{message}</p>}
        {/* Outside the settings dialog's subtree: a modal opened over another must not sit inside it. */}
        {pending &&
          createPortal(
            <RestoreQuestion
              envelope={pending.envelope}
              fileName={pending.fileName}
              onCancel={() => setPending(undefined)}
              onConfirm={() => void restore(pending.envelope)}
            />,
            document.body,
          )}
        {shown && (
          <div className="ws-error" role="alert">
            {shown.code !== undefined && <span className="ws-code">{String(shown.code)}</span>} {shown.message}
          </div>
        )}
      </section>
      <OfflineFonts storage={storage} onStored={refreshUsage} />
    </Dialog>
  );
}

/** The app's own question before a restore, saying what the valid backup holds and what it replaces. */
function RestoreQuestion({
  envelope,
  fileName,
  onCancel,
  onConfirm,
}: {
  envelope: BackupEnvelope;
  fileName: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useWorkspaceTranslation();
  const count = (store: string) =>
    ((envelope.stores as Record<string, unknown[] | undefined>)[store] ?? []).length.toLocaleString(i18n.language);
  const whole = envelope.scope.kind === 'workspace';
  return (
    <Dialog
      title={t('restore.title')}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button ghost small" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button primary small" onClick={onConfirm}>
            {t('restore.replace')}
          </button>
        </>
      }
    >
      <p>
        <strong>{fileName}</strong>
      </p>
      <p data-testid="restore-summary">
        {t('restore.summary', {
          tables: count('dataTables'),
          records: count('records'),
          templates: count('templates'),
          date: new Date(envelope.exportedAt).toLocaleString(i18n.language),
        })}
      </p>
      <p>{whole ? t('storage.restoreConfirm') : t('restore.confirmBase')}</p>
    </Dialog>
  );
}
