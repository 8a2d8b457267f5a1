/**
 * The canvas designer: the page (blank, or an uploaded PDF drawn by pdf.js) with rulers in mm and
 * zoom, fields to add of every kind, select (Shift/Ctrl for several), drag with snapping and guide
 * lines, resize, rotate, nudge with the arrow keys (Shift: 10 mm), align/distribute, z-order,
 * copy/paste, a properties panel per field type with bindings picked from the table's or the
 * approval's fields (a team document's template: the document's variables), 100-step undo/redo,
 * pdfme import/export, save through template storage, and a live preview of a chosen record or
 * instance (a document's sample instance) rendered by the render worker like every print.
 *
 * This file reads the template and lays the designer out; the editing state is `useCanvasEditing`,
 * saving `useCanvasSave`, the binding and live preview `useCanvasData`, and the header, toolbar and
 * panels are their own components.
 */

import { useEffect, useRef, useState } from 'react';
import { type CanvasField, type CanvasTemplateContent, HISTORY_LIMIT, readCanvas } from '../services/canvasContent';
import { useCanvasTranslation } from '../services/i18n/canvas';
import { templateListHref } from '../services/links';
import type { OpenDocInput } from '../services/openSource';
import { recoverUnsaved } from '../services/saving/recover';
import { SaveConflict, SaveStorageBanner } from '../services/saving/SaveNotices';
import type { SavePipelineInput } from '../services/saving/useSavePipeline';
import { getStorage } from '../services/storage';
import { ArrangeBar } from './ArrangeBar';
import { alignFields, distributeFields, reorderFields } from './arrange';
import { CanvasHeader } from './CanvasHeader';
import { CanvasPreviewPanel } from './CanvasPreviewPanel';
import { CanvasPropertiesPanel } from './CanvasPropertiesPanel';
import { CanvasToolbar } from './CanvasToolbar';
import { DesignPage } from './DesignPage';
import { useCanvasData } from './useCanvasData';
import { SCALE, useCanvasEditing } from './useCanvasEditing';
import { useCanvasSave } from './useCanvasSave';
import './canvas.css';

function fieldLabel(f: CanvasField): string {
  if (f.type === 'multiVariableText') return f.text || f.name;
  if ((f.type === 'image' || f.type === 'signature') && f.content?.startsWith('data:')) return f.name;
  if (f.type === 'table') return `${f.name} ${f.content ?? ''}`;
  return f.content || f.name;
}

interface ScreenProps {
  templateId: string;
  backHref?: string;
  /** A team document's template: designed on the document's data source and previewed with its sample data. */
  openDoc?: OpenDocInput;
}

interface Loaded extends SavePipelineInput {
  content: CanvasTemplateContent;
}

/**
 * Reads the template after the save pipeline put back what the journal kept of the last session (a
 * crash, a killed browser); a draft waiting for a conflict decision is shown and reopens the dialog.
 */
export function CanvasDesignerScreen(props: ScreenProps) {
  const { t } = useCanvasTranslation();
  const { templateId } = props;
  const [loaded, setLoaded] = useState<Loaded | null | 'unreadable'>();
  useEffect(() => {
    let alive = true;
    void (async () => {
      const db = await getStorage();
      // A storage failure while recovering must not keep the designer closed: the journal stays.
      const draft = await recoverUnsaved(db, templateId).catch(() => null);
      const found = await db.templates.get(templateId);
      if (!alive) return;
      if (!found) return setLoaded(null);
      try {
        setLoaded({ row: found, draft, content: readCanvas(draft?.content ?? found.content) });
      } catch {
        setLoaded('unreadable');
      }
    })();
    return () => {
      alive = false;
    };
  }, [templateId]);
  if (loaded === undefined) return <p className="qe-loading" aria-busy="true" />;
  if (loaded === null) return <p role="alert">{t('missing')}</p>;
  if (loaded === 'unreadable') return <p role="alert">{t('unreadable')}</p>;
  return <CanvasDesigner {...props} loaded={loaded} />;
}

function CanvasDesigner({ templateId, backHref, openDoc, loaded }: ScreenProps & { loaded: Loaded }) {
  const { t } = useCanvasTranslation();
  const [zoom, setZoom] = useState(1);
  const importInput = useRef<HTMLInputElement>(null);
  const editing = useCanvasEditing(loaded.content);
  const { content, setHistory, selected, pageIndex, size, commit } = editing;
  const { row, pipeline, leaveDialog } = useCanvasSave(loaded, content, setHistory);
  const data = useCanvasData({ tableId: loaded.row.tableId, openDoc, content, templateId });
  const background = editing.pdfPages?.images[pageIndex];

  return (
    <section className="screen cv-screen" data-testid="canvas-designer" aria-labelledby="cv-title">
      <SaveStorageBanner
        pipeline={pipeline}
        template={() => ({ id: row.id, name: row.name, content: pipeline.unsavedContent() })}
      />
      <SaveConflict pipeline={pipeline} />
      {leaveDialog}
      <CanvasHeader
        name={row.name}
        backHref={backHref ?? templateListHref(row.tableId)}
        binding={data.binding}
        editing={editing}
        pipeline={pipeline}
        onImport={() => importInput.current?.click()}
      />
      <CanvasToolbar editing={editing} importInput={importInput} />
      <ArrangeBar
        count={selected.length}
        canPaste={editing.canPaste}
        zoom={zoom}
        onAlign={(to) => commit(alignFields(content, pageIndex, selected, to, size))}
        onDistribute={(axis) => commit(distributeFields(content, pageIndex, selected, axis))}
        onLayer={(to) => commit(reorderFields(content, pageIndex, selected, to))}
        onCopy={editing.copy}
        onPaste={editing.paste}
        onZoom={setZoom}
      />
      <p className="cv-note">{t('keysHint')}</p>
      <div className="cv-body">
        <div className="cv-stage">
          <DesignPage
            content={content}
            pageIndex={pageIndex}
            size={size}
            scale={SCALE * zoom}
            {...(background ? { background } : {})}
            selected={selected}
            onSelect={editing.setSelected}
            onLive={(next) => setHistory((h) => ({ ...h, present: next }))}
            onDragEnd={(base) =>
              setHistory((h) => {
                if (h.present === base) return h;
                return { past: [...h.past, base].slice(-HISTORY_LIMIT), present: h.present, future: [] };
              })
            }
            onKeyDown={(event) => editing.onKeyDown(event, () => pipeline.flush())}
            labelOf={fieldLabel}
            rotateLabel={t('rotate')}
          />
        </div>
        <aside className="cv-side">
          <CanvasPropertiesPanel editing={editing} binding={data.binding} choice={data.choice} />
          <CanvasPreviewPanel data={data} />
        </aside>
      </div>
    </section>
  );
}
