/**
 * The canvas designer: the page (blank, or an uploaded PDF drawn by pdf.js) with rulers in mm and
 * zoom, fields to add of every kind, select (Shift/Ctrl for several), drag with snapping and guide
 * lines, resize, rotate, nudge with the arrow keys (Shift: 10 mm), align/distribute, z-order,
 * copy/paste, a properties panel per field type with bindings picked from the table's or the
 * approval's fields (a team document's template: the document's variables), 100-step undo/redo,
 * pdfme import/export, save through template storage, and a live preview of a chosen record or
 * instance (a document's sample instance) rendered by the render worker like every print.
 */

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { mapApproval } from '../../core/data/approval';
import type { TemplateRow } from '../../storage/types';
import { bindingChoices, type LoadedBinding } from '../services/binding';
import {
  ADDABLE_TYPES,
  type AddableType,
  addField,
  type CanvasField,
  type CanvasTemplateContent,
  exportPdfme,
  findField,
  HISTORY_LIMIT,
  type History,
  importPdfme,
  nudgeOf,
  pageSize,
  pushHistory,
  readCanvas,
  redo,
  undo,
  updateField,
} from '../services/canvasContent';
import { downloadBlob } from '../services/download';
import { InAppLink } from '../services/InAppLink';
import { useCanvasTranslation } from '../services/i18n/canvas';
import { templateListHref } from '../services/links';
import type { OpenDocInput } from '../services/openSource';
import { ErrorPanel } from '../services/print/ErrorPanel';
import { recoverUnsaved } from '../services/saving/recover';
import { SaveConflict, SaveStorageBanner, useLeaveGuard } from '../services/saving/SaveNotices';
import { type SavePipelineInput, useSavePipeline, useSaveStatus } from '../services/saving/useSavePipeline';
import { getStorage } from '../services/storage';
import { Select } from '../shell/Select';
import { ArrangeBar } from './ArrangeBar';
import {
  alignFields,
  copyFields,
  distributeFields,
  moveFields,
  pasteFields,
  removeFields,
  reorderFields,
  rotateField,
} from './arrange';
import { bindOptions } from './bindings';
import { DesignPage } from './DesignPage';
import { FieldProperties } from './FieldProperties';
import { pdfPageSizes, useBasePdf } from './useBasePdf';
import { useCanvasBinding } from './useCanvasBinding';
import { useCanvasPreview } from './useCanvasPreview';
import './canvas.css';

/** Screen px per mm of the designer's page at 100 % (A4 is 630 px wide). */
const SCALE = 3;

function bytesToDataUrl(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:application/pdf;base64,${btoa(binary)}`;
}

/** Signature names an approval's instance holds, for binding signature fields. */
function signatureKeysOf(binding: LoadedBinding | undefined, choice: string) {
  if (binding?.kind !== 'approval') return { byNode: [], byPerson: [] };
  const instance = binding.instances.find((i) => i.code === choice) ?? binding.instances[0];
  if (!instance) return { byNode: [], byPerson: [] };
  const mapping = mapApproval(binding.definition.design, instance.instance, {});
  return { byNode: Object.keys(mapping.signatures.byNode), byPerson: Object.keys(mapping.signatures.byPerson) };
}

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
  const { t: tApp } = useTranslation();
  const [row, setRow] = useState<TemplateRow>(loaded.row);
  const [history, setHistory] = useState<History>(() => ({ past: [], present: loaded.content, future: [] }));
  const [selected, setSelected] = useState<string[]>([]);
  const [pageIndex, setPageIndex] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [clipboard, setClipboard] = useState<CanvasField[]>([]);
  const [importState, setImportState] = useState<'bad' | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const importInput = useRef<HTMLInputElement>(null);

  const content = history.present;
  const scale = SCALE * zoom;

  // Every change goes through the one save pipeline: journalled in its own task, autosaved.
  const input = useMemo<SavePipelineInput>(() => ({ row: loaded.row, draft: loaded.draft }), [loaded]);
  const latest = useRef(content);
  latest.current = content;
  /** The content that needs no save (set before another tab's version is shown). */
  const lastSaved = useRef(content);
  const pipeline = useSavePipeline(input, row.name, row.tableId, {
    serialize: () => JSON.stringify(latest.current),
    showExternal: (next) => {
      let shown: CanvasTemplateContent;
      try {
        shown = readCanvas(next.content);
      } catch {
        return;
      }
      lastSaved.current = shown;
      flushSync(() => {
        setHistory({ past: [], present: shown, future: [] });
        setRow(next);
      });
    },
  });
  const { changed } = pipeline;
  useLayoutEffect(() => {
    if (content === lastSaved.current) return;
    lastSaved.current = content;
    changed();
  }, [content, changed]);
  const leaveDialog = useLeaveGuard(pipeline);
  const { status: save } = useSaveStatus(pipeline.status);

  // What the template prints from, and the live preview of the chosen record on the shared render run.
  const failPreview = useRef<(error: unknown) => void>(() => undefined);
  const { binding, choice, setChoice } = useCanvasBinding(loaded.row.tableId, openDoc, (error) =>
    failPreview.current(error),
  );
  const {
    state: previewState,
    run: previewRun,
    error: previewError,
    box: previewBox,
  } = useCanvasPreview({
    binding,
    choice,
    content,
    templateId,
  });
  failPreview.current = (error) => previewRun.fail(error);
  const preview = previewState.shown;
  const rendering = previewState.status === 'rendering';

  // The base PDF's pages as images behind the fields (drawn once per PDF).
  const { pages: pdfPages, state: pdfState, setState: setPdfState } = useBasePdf(content?.basePdf, SCALE);

  const size = content ? pageSize(content, pdfPages?.sizes[pageIndex]) : { width: 210, height: 297 };
  const single = selected.length === 1 ? findField(content, selected[0]!) : undefined;

  const commit = useCallback((next: CanvasTemplateContent) => {
    setHistory((h) => pushHistory(h, next));
  }, []);

  const doCopy = () => {
    if (selected.length) setClipboard(copyFields(content, pageIndex, selected));
  };
  const doPaste = () => {
    if (!clipboard.length) return;
    const pasted = pasteFields(history.present, pageIndex, clipboard, size);
    commit(pasted.content);
    setSelected(pasted.names);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    const shortcut: Record<string, () => void> = {
      z: () => setHistory(event.shiftKey ? redo(history) : undo(history)),
      y: () => setHistory(redo(history)),
      s: () => pipeline.flush(),
      c: doCopy,
      v: doPaste,
      a: () => setSelected((history.present.schemas[pageIndex] ?? []).map((f) => f.name)),
    };
    if (mod && shortcut[key]) {
      event.preventDefault();
      shortcut[key]();
      return;
    }
    if (!selected.length) return;
    const nudge = nudgeOf(event.key, event.shiftKey);
    if (nudge) {
      event.preventDefault();
      commit(moveFields(history.present, pageIndex, selected, nudge.dx, nudge.dy, size));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      commit(removeFields(history.present, selected));
      setSelected([]);
    } else if (event.key === 'Escape') setSelected([]);
  };

  const takePdf = async (file: File) => {
    setPdfState('reading');
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const sizes = await pdfPageSizes(bytes);
      const basePdf = bytesToDataUrl(bytes);
      // Fields added while the file was read stay: the PDF goes under the content as it is now.
      setHistory((h) =>
        pushHistory(h, { ...h.present, basePdf, schemas: sizes.map((_, i) => h.present.schemas[i] ?? []) }),
      );
      setPageIndex(0);
    } catch {
      setPdfState('bad');
    }
  };

  const takeImport = async (file: File) => {
    try {
      const next = importPdfme(await file.text());
      commit(next);
      setSelected([]);
      setPageIndex(0);
      setImportState(undefined);
    } catch {
      setImportState('bad');
    }
  };

  const pageCount = content.schemas.length;
  const saveLabel = useMemo(
    () =>
      ({
        saved: t('saved'),
        saving: t('saving'),
        failed: t('saveFailed'),
        conflict: t('conflict'),
      })[save],
    [save, t],
  );
  const options = useMemo(
    () => (single ? bindOptions(single.type, binding?.fields ?? [], signatureKeysOf(binding, choice)) : []),
    [single, binding, choice],
  );

  const choices = bindingChoices(
    binding,
    binding?.kind === 'open' && binding.context.fromSample ? t('sampleData') : t('generatedData'),
  );

  return (
    <section className="screen cv-screen" data-testid="canvas-designer" aria-labelledby="cv-title">
      <SaveStorageBanner
        pipeline={pipeline}
        template={() => ({ id: row.id, name: row.name, content: pipeline.unsavedContent() })}
      />
      <SaveConflict pipeline={pipeline} />
      {leaveDialog}
      <header className="cv-head">
        <InAppLink href={backHref ?? templateListHref(row.tableId)} className="cv-back">
          ← {t('back')}
        </InAppLink>
        <h1 id="cv-title">{row.name}</h1>
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
            onClick={() => setHistory(undo(history))}
            disabled={!history.past.length}
          >
            {t('undo')}
          </button>
          <button
            type="button"
            className="btn"
            data-testid="canvas-redo"
            onClick={() => setHistory(redo(history))}
            disabled={!history.future.length}
          >
            {t('redo')}
          </button>
          <button
            type="button"
            className="btn"
            data-testid="canvas-import"
            onClick={() => importInput.current?.click()}
          >
            {t('importPdfme')}
          </button>
          <button
            type="button"
            className="btn"
            data-testid="canvas-export"
            onClick={() =>
              downloadBlob(
                new Blob([exportPdfme(history.present)], { type: 'application/json' }),
                `${row.name}.pdfme.json`,
              )
            }
          >
            {t('exportPdfme')}
          </button>
          <button type="button" className="btn btn-primary" data-testid="canvas-save" onClick={() => pipeline.flush()}>
            {t('save')}
          </button>
          <span className="cv-save-state" role="status" data-testid="canvas-save-state" data-save={save}>
            {saveLabel}
          </span>
        </div>
      </header>
      <div className="cv-toolbar" role="toolbar" aria-label={t('add')}>
        <span className="cv-toolbar-label">{t('add')}:</span>
        {ADDABLE_TYPES.map((type: AddableType) => (
          <button
            key={type}
            type="button"
            className="btn cv-tool"
            data-testid={`canvas-add-${type}`}
            onClick={() => {
              const added = addField(history.present, pageIndex, type);
              commit(added.content);
              setSelected([added.name]);
            }}
          >
            {t(`types.${type}`)}
          </button>
        ))}
        <span className="cv-toolbar-sep" />
        <button type="button" className="btn" onClick={() => fileInput.current?.click()} data-testid="canvas-use-pdf">
          {t('uploadPdf')}
        </button>
        {typeof content.basePdf === 'string' ? (
          <button
            type="button"
            className="btn"
            onClick={() => {
              commit({
                ...history.present,
                basePdf: { width: 210, height: 297, padding: [0, 0, 0, 0] },
                schemas: [history.present.schemas.flat()],
              });
              setPageIndex(0);
            }}
          >
            {t('blankPage')}
          </button>
        ) : null}
        <input
          ref={fileInput}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          data-testid="canvas-pdf-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void takePdf(file);
          }}
        />
        <input
          ref={importInput}
          type="file"
          accept="application/json,.json"
          hidden
          data-testid="canvas-import-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void takeImport(file);
          }}
        />
        {pageCount > 1 ? (
          <label className="cv-page-pick">
            <span>{t('page')}</span>
            <Select
              value={pageIndex}
              data-testid="canvas-page-pick"
              onChange={(e) => {
                setPageIndex(Number(e.target.value));
                setSelected([]);
              }}
            >
              {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n - 1}>
                  {t('pageOf', { n, count: pageCount })}
                </option>
              ))}
            </Select>
          </label>
        ) : null}
        {pdfState === 'reading' ? <span role="status">{t('readingPdf')}</span> : null}
        {pdfState === 'bad' ? <span role="alert">{t('badPdf')}</span> : null}
        {importState === 'bad' ? <span role="alert">{t('badImport')}</span> : null}
      </div>
      <ArrangeBar
        count={selected.length}
        canPaste={clipboard.length > 0}
        zoom={zoom}
        onAlign={(to) => commit(alignFields(history.present, pageIndex, selected, to, size))}
        onDistribute={(axis) => commit(distributeFields(history.present, pageIndex, selected, axis))}
        onLayer={(to) => commit(reorderFields(history.present, pageIndex, selected, to))}
        onCopy={doCopy}
        onPaste={doPaste}
        onZoom={setZoom}
      />
      <p className="cv-note">{t('keysHint')}</p>
      <div className="cv-body">
        <div className="cv-stage">
          <DesignPage
            content={content}
            pageIndex={pageIndex}
            size={size}
            scale={scale}
            {...(pdfPages?.images[pageIndex] ? { background: pdfPages.images[pageIndex] } : {})}
            selected={selected}
            onSelect={setSelected}
            onLive={(next) => setHistory((h) => ({ ...h, present: next }))}
            onDragEnd={(base) =>
              setHistory((h) => {
                if (h.present === base) return h;
                return { past: [...h.past, base].slice(-HISTORY_LIMIT), present: h.present, future: [] };
              })
            }
            onKeyDown={onKeyDown}
            labelOf={fieldLabel}
            rotateLabel={t('rotate')}
          />
        </div>
        <aside className="cv-side">
          <section className="cv-panel" aria-labelledby="cv-props" data-testid="canvas-properties">
            <h2 id="cv-props">{t('properties')}</h2>
            {single ? (
              <FieldProperties
                key={single.name}
                field={single}
                bindOptions={options}
                patch={(fn) => commit(updateField(history.present, single.name, fn))}
                onRotate={(deg) => commit(rotateField(history.present, single.name, deg))}
                onRemove={() => {
                  commit(removeFields(history.present, [single.name]));
                  setSelected([]);
                }}
              />
            ) : selected.length > 1 ? (
              <p className="cv-muted" data-testid="canvas-multi">
                {t('selectedCount', { count: selected.length })}
              </p>
            ) : (
              <p className="cv-muted">{t('noSelection')}</p>
            )}
          </section>
          <section className="cv-panel" aria-labelledby="cv-preview">
            <h2 id="cv-preview">{t('preview')}</h2>
            <label className="cv-prop cv-wide">
              <span>
                {binding?.kind === 'approval'
                  ? t('instance')
                  : binding?.kind === 'open'
                    ? t('docInstance')
                    : t('record')}
              </span>
              <Select data-testid="canvas-record" value={choice} onChange={(e) => setChoice(e.target.value)}>
                <option value="">{t('noRecord')}</option>
                {choices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </Select>
            </label>
            {rendering ? (
              <p className="cv-muted" role="status" aria-busy="true">
                {t('rendering')}
              </p>
            ) : null}
            {previewError !== undefined ? (
              // The same run again: a worker that failed or a record read that broke may do now.
              <ErrorPanel
                error={previewError}
                onRetry={() => void previewRun.retry()}
                retryLabel={tApp('common.refresh')}
              />
            ) : null}
            <div className="cv-preview" ref={previewBox} data-testid="canvas-preview" />
            <p className="qe-sr" data-testid="canvas-preview-text">
              {preview?.text ?? ''}
            </p>
          </section>
        </aside>
      </div>
    </section>
  );
}
