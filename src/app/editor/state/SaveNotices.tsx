/**
 * What the editor tells the user about saving: the storage banner (a full disk or blocked storage:
 * the reason, Retry, and a download of the unsaved work) and the conflict dialog when another tab
 * saved the same template.
 */
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { ERROR_CATALOGUE } from '../../../core/errors';
import { ConflictDialog, type ConflictDialogTexts } from '../../services/conflict/ConflictDialog';
import type { Conflict, ConflictResolution } from '../../services/conflict/conflict';
import { templateParts } from '../../services/conflict/templateParts';
import { getStorage } from '../../services/storage';
import { useEditorTranslation } from '../i18n/useEditorTranslation';
import { saveFailureAtom, saveStatusAtom } from './store';
import type { TemplateConflict } from './useTemplateSaving';
import './saving.css';

type StorageFailure = 'StorageQuotaExceeded' | 'StorageUnavailable';
const STORAGE_FAILURES = new Set<string>(['StorageQuotaExceeded', 'StorageUnavailable'] satisfies StorageFailure[]);

/** The unsaved work as a JSON file: this template's newest content, plus anything else storage refused. */
export async function unsavedWorkFile(
  template: { id: string; name: string; content: string },
  reason: string,
  now = Date.now(),
): Promise<{ blob: Blob; fileName: string }> {
  const storage = await getStorage();
  const key = `template:${template.id}`;
  let content: unknown = template.content;
  try {
    content = JSON.parse(template.content);
  } catch {
    // Kept as text: the file must hold it whatever it is.
  }
  const items = [
    { key, label: template.name, payload: { id: template.id, name: template.name, content }, reason, failedAt: now },
    ...storage.pending.list().filter((item) => item.key !== key),
  ];
  const file = { format: 'quire-unsaved', version: 1, exportedAt: new Date(now).toISOString(), items };
  return {
    blob: new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
    fileName: storage.pending.fileName(now),
  };
}

function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function StorageBanner(props: {
  template: () => { id: string; name: string; content: string };
  onRetry: () => void;
}) {
  const { t } = useEditorTranslation();
  const status = useAtomValue(saveStatusAtom);
  const failure = useAtomValue(saveFailureAtom);
  // Stays while a retry runs ('saving'): it goes once a write has landed.
  if (status === 'saved' || status === 'conflict' || !failure || !STORAGE_FAILURES.has(failure)) return null;
  const onDownload = () => {
    void unsavedWorkFile(props.template(), failure).then(({ blob, fileName }) => download(blob, fileName));
  };
  return (
    <div className="qe-storage-banner" role="alert" data-failure={failure}>
      <p>
        <strong>{t(failure === 'StorageQuotaExceeded' ? 'saving.quota' : 'saving.unavailable')}</strong>{' '}
        <code className="qe-storage-code">{ERROR_CATALOGUE[failure as StorageFailure].code}</code>{' '}
        {t('saving.bannerHelp')}
      </p>
      <button type="button" className="qe-btn qe-btn-small" onClick={props.onRetry}>
        {t('editor.retry')}
      </button>
      <button type="button" className="qe-btn qe-btn-small qe-btn-primary" onClick={onDownload}>
        {t('saving.download')}
      </button>
    </div>
  );
}

export function TemplateConflictDialog(props: {
  conflict: TemplateConflict;
  onResolve: (resolution: ConflictResolution) => void;
  busy: boolean;
  error: string | null;
}) {
  const { t } = useEditorTranslation();
  const { mine, theirs } = props.conflict;
  const conflict = useMemo<Conflict>(
    () => ({
      mine: {
        label: t('saving.mine'),
        content: mine.content,
        revision: mine.revision,
        parts: templateParts(mine.content),
        at: mine.at,
      },
      theirs: {
        label: t('saving.theirs'),
        content: theirs.content,
        revision: theirs.revision,
        parts: templateParts(theirs.content),
        at: theirs.updatedAt,
      },
    }),
    [mine, theirs, t],
  );
  const texts: ConflictDialogTexts = {
    title: t('saving.conflictTitle'),
    intro: t('saving.conflictIntro'),
    takeTheirs: t('saving.takeTheirs'),
    keepMine: t('saving.keepMine'),
    keepCopy: t('saving.keepCopy'),
    unchanged: (n) => t('saving.unchanged', { n }),
    absent: t('saving.absent'),
    noTextChanges: t('saving.noTextChanges'),
  };
  return (
    <ConflictDialog
      conflict={conflict}
      texts={texts}
      onResolve={props.onResolve}
      busy={props.busy}
      error={props.error}
    />
  );
}
