/**
 * What every template screen tells the user about saving, the same way: the status (saved, saving,
 * not saved with Retry, changed elsewhere), the storage banner (a full disk or blocked storage: the
 * reason, Retry, and a download of the unsaved work; the same `StorageAlert` the workspace shows), the conflict dialog when another tab saved
 * the same template, and the question before leaving the screen with changes storage refused.
 */
import { useBlocker } from '@tanstack/react-router';
import { useMemo } from 'react';
import { ERROR_CATALOGUE } from '../../../core/errors';
import { ConflictDialog, type ConflictDialogTexts } from '../conflict/ConflictDialog';
import type { Conflict, ConflictResolution } from '../conflict/conflict';
import { templateParts } from '../conflict/templateParts';
import { useDialogs } from '../dialogs/ConfirmDialog';
import { downloadBlob } from '../download';
import { StorageAlert } from '../StorageAlert';
import { getStorage } from '../storage';
import { useSavingTranslation } from './i18n/useSavingTranslation';
import { type SavePipeline, type TemplateConflict, useSaveStatus } from './useSavePipeline';
import './saving.css';

type StorageFailure = 'StorageQuotaExceeded' | 'StorageUnavailable';
const STORAGE_FAILURES = new Set<string>(['StorageQuotaExceeded', 'StorageUnavailable'] satisfies StorageFailure[]);

/** The unsaved work as a JSON file: this template's newest content, plus anything else storage refused. */
async function unsavedWorkFile(
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

/** The save status with Retry after a failed write (`data-save` names the state for tests and styles). */
export function SaveIndicator({ pipeline }: { pipeline: SavePipeline }) {
  const { t } = useSavingTranslation();
  const { status } = useSaveStatus(pipeline.status);
  return (
    <span className={`qe-save qe-save-${status}`} role="status" data-save={status} data-testid="save-status">
      <span className="qe-save-dot" aria-hidden="true" />
      {t(`status.${status}`)}
      {status === 'failed' && (
        <button type="button" className="qe-btn qe-btn-small qe-btn-quiet" onClick={pipeline.retry}>
          {t('status.retry')}
        </button>
      )}
    </span>
  );
}

/** A template's save refused by storage: the reason, Retry, and the unsaved work as a download. */
export function SaveStorageBanner(props: {
  template: () => { id: string; name: string; content: string };
  pipeline: SavePipeline;
}) {
  const { t } = useSavingTranslation();
  const { status, failure } = useSaveStatus(props.pipeline.status);
  // Stays while a retry runs ('saving'): it goes once a write has landed.
  if (status === 'saved' || status === 'conflict' || !failure || !STORAGE_FAILURES.has(failure)) return null;
  const onDownload = () => {
    void unsavedWorkFile(props.template(), failure).then(({ blob, fileName }) => downloadBlob(blob, fileName));
  };
  return (
    <StorageAlert
      className="qe-storage-banner"
      failure={failure}
      headline={t(failure === 'StorageQuotaExceeded' ? 'saving.quota' : 'saving.unavailable')}
      code={ERROR_CATALOGUE[failure as StorageFailure].code}
      detail={<span className="ws-banner-count">{t('saving.bannerHelp')}</span>}
      actions={
        <>
          <button type="button" className="button small ghost" onClick={props.pipeline.retry}>
            {t('status.retry')}
          </button>
          <button type="button" className="button small primary" onClick={onDownload}>
            {t('saving.download')}
          </button>
        </>
      }
    />
  );
}

/** The conflict dialog of the pipeline's open conflict (nothing while there is none). */
export function SaveConflict({ pipeline }: { pipeline: SavePipeline }) {
  if (!pipeline.conflict) return null;
  return (
    <TemplateConflictDialog
      conflict={pipeline.conflict}
      onResolve={(resolution) => void pipeline.resolve(resolution)}
      busy={pipeline.resolving}
      error={pipeline.resolveError}
    />
  );
}

function TemplateConflictDialog(props: {
  conflict: TemplateConflict;
  onResolve: (resolution: ConflictResolution) => void;
  busy: boolean;
  error: string | null;
}) {
  const { t } = useSavingTranslation();
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

/**
 * Leaving the screen: in-app navigation waits for every change to be stored; what storage refused
 * is left only on request, asked in the app's own dialog (returned: render it). Closing the tab
 * keeps the browser's own prompt (beforeunload), the only one a closing tab can show.
 */
export function useLeaveGuard(pipeline: SavePipeline) {
  const { t } = useSavingTranslation();
  const { confirm, dialog } = useDialogs();
  useBlocker({
    shouldBlockFn: async () => {
      if (await pipeline.flushAndWait()) return false;
      const leave = await confirm({
        title: t('saving.leaveTitle'),
        message: t('saving.leaveConfirm'),
        confirmLabel: t('saving.leave'),
        cancelLabel: t('saving.stay'),
        danger: true,
      });
      return !leave;
    },
    enableBeforeUnload: () => pipeline.hasUnsaved(),
  });
  return dialog;
}
