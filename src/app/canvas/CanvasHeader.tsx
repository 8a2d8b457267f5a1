/**
 * The canvas designer's header: back to the template list, the template's name and kind, what a
 * team document's template is bound to, undo/redo, pdfme import/export, Save and the save state.
 */

import type { LoadedBinding } from '../services/binding';
import { exportPdfme, HISTORY_LIMIT } from '../services/canvasContent';
import { downloadBlob } from '../services/download';
import { InAppLink } from '../services/InAppLink';
import { useCanvasTranslation } from '../services/i18n/canvas';
import { type SavePipeline, useSaveStatus } from '../services/saving/useSavePipeline';
import type { CanvasEditing } from './useCanvasEditing';

export function CanvasHeader({
  name,
  backHref,
  binding,
  editing,
  pipeline,
  onImport,
}: {
  name: string;
  backHref: string;
  binding: LoadedBinding | undefined;
  editing: CanvasEditing;
  pipeline: SavePipeline;
  /** Opens the pdfme file picker. */
  onImport: () => void;
}) {
  const { t } = useCanvasTranslation();
  return (
    <header className="cv-head">
      <InAppLink href={backHref} className="cv-back">
        ← {t('back')}
      </InAppLink>
      <h1 id="cv-title">{name}</h1>
      <span className="cv-kind">{t('kind')}</span>
      {binding?.kind === 'open' ? (
        <span className="cv-bound" data-testid="canvas-bound-to">
          {t('boundToDoc', { name: binding.context.docName })}
        </span>
      ) : null}
      <div className="cv-actions">
        <button
          type="button"
          className="btn"
          data-testid="canvas-undo"
          title={t('undoSteps', { count: HISTORY_LIMIT })}
          onClick={editing.undo}
          disabled={!editing.history.past.length}
        >
          {t('undo')}
        </button>
        <button
          type="button"
          className="btn"
          data-testid="canvas-redo"
          onClick={editing.redo}
          disabled={!editing.history.future.length}
        >
          {t('redo')}
        </button>
        <button type="button" className="btn" data-testid="canvas-import" onClick={onImport}>
          {t('importPdfme')}
        </button>
        <button
          type="button"
          className="btn"
          data-testid="canvas-export"
          onClick={() =>
            downloadBlob(new Blob([exportPdfme(editing.content)], { type: 'application/json' }), `${name}.pdfme.json`)
          }
        >
          {t('exportPdfme')}
        </button>
        <button type="button" className="btn btn-primary" data-testid="canvas-save" onClick={() => pipeline.flush()}>
          {t('save')}
        </button>
        <SaveState pipeline={pipeline} />
      </div>
    </header>
  );
}

/** The save state on its own, so a status change re-renders this label and not the designer. */
function SaveState({ pipeline }: { pipeline: SavePipeline }) {
  const { t } = useCanvasTranslation();
  const { status } = useSaveStatus(pipeline.status);
  const label = { saved: t('saved'), saving: t('saving'), failed: t('saveFailed'), conflict: t('conflict') }[status];
  return (
    <span className="cv-save-state" role="status" data-testid="canvas-save-state" data-save={status}>
      {label}
    </span>
  );
}
