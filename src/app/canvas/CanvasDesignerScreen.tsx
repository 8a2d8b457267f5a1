/**
 * The canvas designer: the page (blank, or an uploaded PDF drawn by pdf.js), fields as boxes to
 * add, select, drag, resize and nudge with the arrow keys (Shift: 10 mm), a properties panel
 * (position and size in mm, content with tags, font size, alignment, a table field to insert),
 * undo/redo, save through template storage, and a live preview of a chosen record rendered by
 * the render worker like every print.
 */
import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RecordRow, TableField, TemplateRow } from '../../storage/types';
import { ErrorPanel } from '../office/ErrorPanel';
import { InAppLink } from '../office/InAppLink';
import { templateListHref } from '../office/links';
import { drawPdf } from '../services/pdf';
import { EMPTY_SOURCE, renderLivePreview, tableRecordSource } from '../services/printing';
import { getStorage } from '../services/storage';
import {
  ADDABLE_TYPES,
  type AddableType,
  addField,
  type CanvasField,
  type CanvasTemplateContent,
  findField,
  type History,
  moveField,
  nudgeOf,
  pageSize,
  pushHistory,
  readCanvas,
  redo,
  removeField,
  resizeField,
  tagFor,
  undo,
  updateField,
} from './content';
import { useCanvasTranslation } from './i18n/useCanvasTranslation';
import './canvas.css';
import { Select } from '../shell/Select';

/** Screen px per mm of the designer's page (A4 is 630 px wide). */
const SCALE = 3;
const PREVIEW_WIDTH = 360;
const RECORDS_LISTED = 50;
const TEXT_TYPES = new Set(['text', 'multiVariableText', 'date', 'time', 'dateTime', 'select']);

type SaveState = 'saved' | 'dirty' | 'saving' | 'failed' | 'conflict';

interface Drag {
  name: string;
  mode: 'move' | 'resize';
  x: number;
  y: number;
  base: CanvasTemplateContent;
}

function bytesToDataUrl(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:application/pdf;base64,${btoa(binary)}`;
}

function dataUrlToBytes(url: string): Uint8Array {
  const binary = atob(url.slice(url.indexOf(',') + 1));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Page sizes of a PDF in mm (pdf-lib, loaded when a PDF is used). */
async function pdfPageSizes(bytes: Uint8Array): Promise<{ width: number; height: number }[]> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true });
  const mm = (pt: number) => Math.round((pt * 25.4 * 10) / 72) / 10;
  return doc.getPages().map((p) => {
    const { width, height } = p.getSize();
    return { width: mm(width), height: mm(height) };
  });
}

function recordLabel(record: RecordRow, fields: TableField[], n: number): string {
  const primary = fields.find((f) => (f as { isPrimary?: boolean }).isPrimary) ?? fields[0];
  const value = primary ? record.values[primary.id] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : `#${n}`;
}

export function CanvasDesignerScreen({ templateId, backHref }: { templateId: string; backHref?: string }) {
  const { t } = useCanvasTranslation();
  const [row, setRow] = useState<TemplateRow | null>();
  const [history, setHistory] = useState<History>();
  const [loadError, setLoadError] = useState<'unreadable' | undefined>();
  const [selected, setSelected] = useState<string>();
  const [pageIndex, setPageIndex] = useState(0);
  const [tableFields, setTableFields] = useState<TableField[]>([]);
  const [records, setRecords] = useState<RecordRow[]>([]);
  const [recordId, setRecordId] = useState<string>('');
  const [save, setSave] = useState<SaveState>('saved');
  const [pdfPages, setPdfPages] = useState<{ images: string[]; sizes: { width: number; height: number }[] }>();
  const [pdfState, setPdfState] = useState<'reading' | 'bad' | undefined>();
  const [preview, setPreview] = useState<{ canvases: HTMLCanvasElement[]; text: string } | undefined>();
  const [previewError, setPreviewError] = useState<unknown>();
  const [rendering, setRendering] = useState(false);
  const revision = useRef(0);
  const drag = useRef<Drag | undefined>(undefined);
  const previewBox = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const content = history?.present;

  useEffect(() => {
    let alive = true;
    void (async () => {
      const db = await getStorage();
      const found = await db.templates.get(templateId);
      if (!alive) return;
      setRow(found ?? null);
      if (!found) return;
      revision.current = found.revision;
      try {
        setHistory({ past: [], present: readCanvas(found.content), future: [] });
      } catch {
        setLoadError('unreadable');
      }
      const table = await db.tables.get(found.tableId);
      if (!alive || !table) return;
      setTableFields(table.fields);
      const rows = await db.records.page(table.id, 0, RECORDS_LISTED);
      if (!alive) return;
      setRecords(rows);
      setRecordId(rows[0]?.id ?? '');
    })();
    return () => {
      alive = false;
    };
  }, [templateId]);

  // The base PDF's pages as images behind the fields (drawn once per PDF).
  const basePdf = content?.basePdf;
  useEffect(() => {
    if (typeof basePdf !== 'string') {
      setPdfPages(undefined);
      return;
    }
    let alive = true;
    setPdfState('reading');
    void (async () => {
      try {
        const bytes = basePdf.startsWith('data:') ? dataUrlToBytes(basePdf) : dataUrlToBytes(`x,${basePdf}`);
        const sizes = await pdfPageSizes(bytes);
        const drawn = await drawPdf(bytes, (sizes[0]?.width ?? 210) * SCALE);
        if (!alive) return;
        setPdfPages({ images: drawn.pages.map((c) => c.toDataURL('image/png')), sizes });
        setPdfState(undefined);
      } catch {
        if (alive) setPdfState('bad');
      }
    })();
    return () => {
      alive = false;
    };
  }, [basePdf]);

  const size = content ? pageSize(content, pdfPages?.sizes[pageIndex]) : { width: 210, height: 297 };
  const fields = content?.schemas[pageIndex] ?? [];
  const field = content && selected ? findField(content, selected) : undefined;

  const commit = useCallback((next: CanvasTemplateContent) => {
    setHistory((h) => (h ? pushHistory(h, next) : h));
    setSave('dirty');
  }, []);

  const doSave = useCallback(async () => {
    if (!history) return;
    setSave('saving');
    try {
      const db = await getStorage();
      const saved = await db.templates.save(templateId, { content: JSON.stringify(history.present) }, revision.current);
      revision.current = saved.revision;
      setSave('saved');
    } catch (error) {
      setSave(/revision|conflict/i.test(String(error)) ? 'conflict' : 'failed');
    }
  }, [history, templateId]);

  // Live preview: the chosen record through the render worker, a moment after the last change.
  useEffect(() => {
    if (!content || !row) return;
    let alive = true;
    const timer = setTimeout(() => {
      setRendering(true);
      void (async () => {
        try {
          const db = await getStorage();
          const source = recordId ? await tableRecordSource(db, row.tableId, recordId) : EMPTY_SOURCE;
          const file = await renderLivePreview({ key: `canvas:${templateId}`, content }, source);
          const drawn = await drawPdf(file.bytes, PREVIEW_WIDTH);
          if (!alive) return;
          setPreview({ canvases: drawn.pages, text: drawn.text.join('\n') });
          setPreviewError(undefined);
        } catch (error) {
          if (alive) setPreviewError(error);
        } finally {
          if (alive) setRendering(false);
        }
      })();
    }, 350);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [content, recordId, row, templateId]);

  useEffect(() => {
    const box = previewBox.current;
    if (!box) return;
    box.replaceChildren(...(preview?.canvases ?? []));
  }, [preview]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!history) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      setHistory(event.shiftKey ? redo(history) : undo(history));
      setSave('dirty');
      return;
    }
    if (mod && event.key.toLowerCase() === 'y') {
      event.preventDefault();
      setHistory(redo(history));
      setSave('dirty');
      return;
    }
    if (mod && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void doSave();
      return;
    }
    if (!selected) return;
    const nudge = nudgeOf(event.key, event.shiftKey);
    if (nudge) {
      event.preventDefault();
      commit(moveField(history.present, selected, nudge.dx, nudge.dy, size));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      commit(removeField(history.present, selected));
      setSelected(undefined);
    }
  };

  const startDrag = (event: ReactPointerEvent, name: string, mode: Drag['mode']) => {
    if (!history) return;
    event.stopPropagation();
    event.preventDefault();
    setSelected(name);
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
    drag.current = { name, mode, x: event.clientX, y: event.clientY, base: history.present };
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = (event.clientX - d.x) / SCALE;
    const dy = (event.clientY - d.y) / SCALE;
    const next =
      d.mode === 'move' ? moveField(d.base, d.name, dx, dy, size) : resizeField(d.base, d.name, dx, dy, size);
    // While dragging the page follows the pointer; the whole drag is one undo step.
    setHistory((h) => (h ? { ...h, present: next } : h));
  };
  const endDrag = () => {
    const d = drag.current;
    drag.current = undefined;
    if (!d) return;
    setHistory((h) => {
      if (!h || h.present === d.base) return h;
      setSave('dirty');
      return { past: [...h.past, d.base].slice(-100), present: h.present, future: [] };
    });
  };

  const patch = (fn: (f: CanvasField) => CanvasField) => {
    if (history && selected) commit(updateField(history.present, selected, fn));
  };
  const numberInput = (label: string, value: number, set: (f: CanvasField, v: number) => CanvasField, id: string) => (
    <label className="cv-prop">
      <span>{label}</span>
      <input
        type="number"
        step="0.1"
        data-testid={`canvas-prop-${id}`}
        value={value}
        onChange={(e) => {
          const v = Number(e.target.value);
          if (Number.isFinite(v)) patch((f) => set(f, v));
        }}
      />
    </label>
  );

  const takePdf = async (file: File) => {
    setPdfState('reading');
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const sizes = await pdfPageSizes(bytes);
      const basePdf = bytesToDataUrl(bytes);
      // Fields added while the file was read stay: the PDF goes under the content as it is now.
      setHistory((h) =>
        h ? pushHistory(h, { ...h.present, basePdf, schemas: sizes.map((_, i) => h.present.schemas[i] ?? []) }) : h,
      );
      setSave('dirty');
      setPageIndex(0);
    } catch {
      setPdfState('bad');
    }
  };

  const pageCount = content?.schemas.length ?? 1;
  const saveLabel = useMemo(
    () =>
      ({
        saved: t('saved'),
        dirty: t('unsaved'),
        saving: t('saving'),
        failed: t('saveFailed'),
        conflict: t('conflict'),
      })[save],
    [save, t],
  );

  if (row === undefined) return <p className="qe-loading" aria-busy="true" />;
  if (row === null) return <p role="alert">{t('missing')}</p>;
  if (loadError || !content || !history) return <p role="alert">{t(loadError ?? 'unreadable')}</p>;

  return (
    <section className="screen cv-screen" data-testid="canvas-designer" aria-labelledby="cv-title">
      <header className="cv-head">
        <InAppLink href={backHref ?? templateListHref(row.tableId)} className="cv-back">
          ← {t('back')}
        </InAppLink>
        <h1 id="cv-title">{row.name}</h1>
        <span className="cv-kind">{t('kind')}</span>
        <div className="cv-actions">
          <button
            type="button"
            className="btn"
            onClick={() => setHistory(undo(history))}
            disabled={!history.past.length}
          >
            {t('undo')}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => setHistory(redo(history))}
            disabled={!history.future.length}
          >
            {t('redo')}
          </button>
          <button type="button" className="btn btn-primary" data-testid="canvas-save" onClick={() => void doSave()}>
            {t('save')}
          </button>
          <span className="cv-save-state" role="status" data-testid="canvas-save-state" data-state={save}>
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
            className="btn"
            data-testid={`canvas-add-${type}`}
            onClick={() => {
              const added = addField(history.present, pageIndex, type);
              commit(added.content);
              setSelected(added.name);
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
        {pageCount > 1 ? (
          <label className="cv-page-pick">
            <span>{t('page')}</span>
            <Select value={pageIndex} onChange={(e) => setPageIndex(Number(e.target.value))}>
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
      </div>
      <p className="cv-note">{t('notYet')}</p>
      <div className="cv-body">
        <div className="cv-stage">
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the page takes the designer's keys (arrows, undo, delete); every field is also a focusable button */}
          <div
            className="cv-page"
            data-testid="canvas-page"
            tabIndex={-1}
            style={{
              width: size.width * SCALE,
              height: size.height * SCALE,
              backgroundImage: pdfPages?.images[pageIndex] ? `url(${pdfPages.images[pageIndex]})` : undefined,
            }}
            onKeyDown={onKeyDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onPointerDown={() => setSelected(undefined)}
          >
            {fields.map((f) => (
              <button
                key={f.name}
                type="button"
                className={`cv-field${f.name === selected ? ' is-selected' : ''}`}
                data-testid="canvas-field"
                data-name={f.name}
                data-type={f.type}
                aria-pressed={f.name === selected}
                style={{
                  left: f.position.x * SCALE,
                  top: f.position.y * SCALE,
                  width: Math.max(f.width * SCALE, 4),
                  height: Math.max(f.height * SCALE, 4),
                  fontSize: TEXT_TYPES.has(f.type) ? `${(f.fontSize ?? 12) * 0.3528 * SCALE}px` : undefined,
                  textAlign: f.alignment === 'justify' ? 'left' : (f.alignment ?? 'left'),
                }}
                onPointerDown={(e) => startDrag(e, f.name, 'move')}
                onFocus={() => setSelected(f.name)}
              >
                <span className="cv-field-text">{f.content || f.name}</span>
                {f.name === selected ? (
                  <span
                    className="cv-handle"
                    data-testid="canvas-resize"
                    aria-hidden="true"
                    onPointerDown={(e) => startDrag(e, f.name, 'resize')}
                  />
                ) : null}
              </button>
            ))}
          </div>
        </div>
        <aside className="cv-side">
          <section className="cv-panel" aria-labelledby="cv-props" data-testid="canvas-properties">
            <h2 id="cv-props">{t('properties')}</h2>
            {!field ? (
              <p className="cv-muted">{t('noSelection')}</p>
            ) : (
              <>
                <p className="cv-field-name">
                  {t('field')}: <strong>{field.name}</strong> · {t(`types.${field.type as AddableType}`, field.type)}
                </p>
                <div className="cv-grid">
                  {numberInput(t('x'), field.position.x, (f, v) => ({ ...f, position: { ...f.position, x: v } }), 'x')}
                  {numberInput(t('y'), field.position.y, (f, v) => ({ ...f, position: { ...f.position, y: v } }), 'y')}
                  {numberInput(t('width'), field.width, (f, v) => ({ ...f, width: Math.max(0.1, v) }), 'width')}
                  {numberInput(t('height'), field.height, (f, v) => ({ ...f, height: Math.max(0.1, v) }), 'height')}
                </div>
                {field.type !== 'rectangle' && field.type !== 'line' && field.type !== 'ellipse' ? (
                  <>
                    <label className="cv-prop cv-wide">
                      <span>{t('content')}</span>
                      <textarea
                        data-testid="canvas-prop-content"
                        rows={3}
                        value={field.content ?? ''}
                        placeholder={t('contentHint')}
                        onChange={(e) => {
                          const value = e.target.value;
                          patch((f) => ({ ...f, content: value }));
                        }}
                      />
                    </label>
                    <label className="cv-prop cv-wide">
                      <span>{t('insertField')}</span>
                      <Select
                        data-testid="canvas-bind"
                        value=""
                        onChange={(e) => {
                          const name = e.target.value;
                          if (!name) return;
                          const tag = tagFor(name);
                          patch((f) => ({
                            ...f,
                            content: TEXT_TYPES.has(f.type) && f.content ? `${f.content}${tag}` : tag,
                          }));
                        }}
                      >
                        <option value="">{t('pickField')}</option>
                        {tableFields.map((tf) => (
                          <option key={tf.id} value={tf.name}>
                            {tf.name}
                          </option>
                        ))}
                      </Select>
                    </label>
                  </>
                ) : null}
                {TEXT_TYPES.has(field.type) ? (
                  <div className="cv-grid">
                    {numberInput(
                      t('fontSize'),
                      field.fontSize ?? 12,
                      (f, v) => ({ ...f, fontSize: Math.max(1, v) }),
                      'font-size',
                    )}
                    <label className="cv-prop">
                      <span>{t('alignment')}</span>
                      <Select
                        data-testid="canvas-prop-alignment"
                        value={field.alignment ?? 'left'}
                        onChange={(e) => {
                          const alignment = e.target.value as 'left' | 'center' | 'right';
                          patch((f) => ({ ...f, alignment }));
                        }}
                      >
                        {(['left', 'center', 'right'] as const).map((a) => (
                          <option key={a} value={a}>
                            {t(`align.${a}`)}
                          </option>
                        ))}
                      </Select>
                    </label>
                  </div>
                ) : null}
                <button
                  type="button"
                  className="btn cv-remove"
                  onClick={() => {
                    commit(removeField(history.present, field.name));
                    setSelected(undefined);
                  }}
                >
                  {t('remove')}
                </button>
              </>
            )}
          </section>
          <section className="cv-panel" aria-labelledby="cv-preview">
            <h2 id="cv-preview">{t('preview')}</h2>
            <label className="cv-prop cv-wide">
              <span>{t('record')}</span>
              <Select data-testid="canvas-record" value={recordId} onChange={(e) => setRecordId(e.target.value)}>
                <option value="">{t('noRecord')}</option>
                {records.map((r, i) => (
                  <option key={r.id} value={r.id}>
                    {recordLabel(r, tableFields, i + 1)}
                  </option>
                ))}
              </Select>
            </label>
            {rendering ? (
              <p className="cv-muted" role="status" aria-busy="true">
                {t('rendering')}
              </p>
            ) : null}
            {previewError !== undefined ? <ErrorPanel error={previewError} /> : null}
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
