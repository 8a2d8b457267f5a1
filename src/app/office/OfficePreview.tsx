/**
 * Shows a filled Office file in the page: Word pages through docx-preview (loaded on first use),
 * Excel sheets as grids, PowerPoint slides with their boxes placed by their offsets. The bytes
 * come from the render worker — the same pipeline as printing.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { OfficeKind } from '../../core/outputs/catalogue';
import { useOfficeTranslation } from '../services/i18n/office';
import { type Deck, readDeck, type SlideShape } from './pptxSlides';
import { columnName, GRID_LIMITS, readWorkbook, type Sheet } from './xlsxGrid';
import '../services/print/office.css';

export function OfficePreview({
  kind,
  bytes,
  onError,
}: {
  kind: OfficeKind;
  bytes: Uint8Array;
  onError?: (error: unknown) => void;
}) {
  if (kind === 'docx') return <WordPages bytes={bytes} onError={onError} />;
  if (kind === 'xlsx') return <Workbook bytes={bytes} onError={onError} />;
  return <Slides bytes={bytes} onError={onError} />;
}

/** Link targets come from the uploaded file: only web, mail and in-document links stay links. */
export function neutralizeLinks(root: ParentNode): void {
  for (const link of root.querySelectorAll('a[href]')) {
    const href = (link.getAttribute('href') ?? '').trim();
    if (href.startsWith('#')) continue;
    if (/^(https?:|mailto:)/i.test(href)) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    } else link.removeAttribute('href');
  }
}

function WordPages({ bytes, onError }: { bytes: Uint8Array; onError?: (error: unknown) => void }) {
  const body = useRef<HTMLDivElement>(null);
  const styles = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'drawing' | 'ready'>('drawing');
  const { t } = useOfficeTranslation();
  useEffect(() => {
    const container = body.current;
    if (!container) return;
    let alive = true;
    setState('drawing');
    void import('docx-preview')
      .then((lib) =>
        lib.renderAsync(bytes.slice(), container, styles.current ?? undefined, {
          inWrapper: true,
          breakPages: true,
          ignoreLastRenderedPageBreak: true,
          renderHeaders: true,
          renderFooters: true,
          renderFootnotes: true,
          className: 'of-docx',
        }),
      )
      .then(() => {
        neutralizeLinks(container);
        if (alive) setState('ready');
      })
      .catch((error: unknown) => alive && onError?.(error));
    return () => {
      alive = false;
      container.replaceChildren();
    };
  }, [bytes, onError]);
  return (
    <div className="of-word" data-testid="office-preview" data-kind="docx" data-state={state}>
      {state === 'drawing' ? <p className="of-muted">{t('drawing')}</p> : null}
      <div ref={styles} />
      <div ref={body} />
    </div>
  );
}

function useParsed<T>(bytes: Uint8Array, read: (b: Uint8Array) => T, onError?: (error: unknown) => void): T | null {
  const parsed = useMemo(() => {
    try {
      return { value: read(bytes) };
    } catch (error) {
      return { error };
    }
  }, [bytes, read]);
  useEffect(() => {
    if ('error' in parsed) onError?.(parsed.error);
  }, [parsed, onError]);
  return 'value' in parsed ? (parsed.value as T) : null;
}

function Workbook({ bytes, onError }: { bytes: Uint8Array; onError?: (error: unknown) => void }) {
  const { t } = useOfficeTranslation();
  const sheets = useParsed(bytes, readWorkbook, onError);
  const [index, setIndex] = useState(0);
  if (!sheets) return null;
  const sheet = sheets[Math.min(index, sheets.length - 1)];
  return (
    <div className="of-workbook" data-testid="office-preview" data-kind="xlsx" data-state="ready">
      {sheet ? <SheetGrid sheet={sheet} /> : null}
      {sheet?.truncated ? (
        <p className="of-muted">{t('rowsCut', { rows: GRID_LIMITS.rows, columns: GRID_LIMITS.columns })}</p>
      ) : null}
      <div className="of-sheet-tabs" role="tablist" aria-label={t('sheets')}>
        {sheets.map((s, i) => (
          <button
            // Sheet names are unique within a workbook (Excel refuses duplicates).
            key={s.name}
            type="button"
            role="tab"
            aria-selected={i === index}
            className={i === index ? 'of-sheet-tab active' : 'of-sheet-tab'}
            onClick={() => setIndex(i)}
          >
            {s.name}
          </button>
        ))}
      </div>
    </div>
  );
}

function SheetGrid({ sheet }: { sheet: Sheet }) {
  const columns = Math.max(sheet.columns, 1);
  return (
    <div className="of-grid-scroll">
      <table className="of-grid" aria-label={sheet.name}>
        <thead>
          <tr>
            <th className="of-corner" />
            {Array.from({ length: columns }, (_, c) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
              <th key={c} scope="col">
                {columnName(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sheet.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions
            <tr key={r}>
              <th scope="row">{r + 1}</th>
              {Array.from({ length: columns }, (_, c) => {
                const cell = row[c];
                if (cell?.hidden) return null;
                return (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions
                    key={c}
                    colSpan={cell?.colSpan}
                    rowSpan={cell?.rowSpan}
                    className={cell ? `of-cell-${cell.kind}${cell.bold ? ' of-bold' : ''}` : undefined}
                  >
                    {cell?.text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Shown width of a slide; shapes scale with it. */
const SLIDE_PX = 720;
const EMU_PER_POINT = 12_700;

function Slides({ bytes, onError }: { bytes: Uint8Array; onError?: (error: unknown) => void }) {
  const { t } = useOfficeTranslation();
  const deck = useParsed(bytes, readDeck, onError);
  if (!deck) return null;
  const scale = SLIDE_PX / deck.width;
  return (
    <div className="of-deck" data-testid="office-preview" data-kind="pptx" data-state="ready">
      {deck.slides.map((slide, i) => (
        <section
          // biome-ignore lint/suspicious/noArrayIndexKey: slides are positions
          key={i}
          className="of-slide"
          aria-label={t('slide', { number: i + 1 })}
          style={{ width: SLIDE_PX, height: Math.round(deck.height * scale) }}
        >
          {slide.shapes.map((shape, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: shapes are in drawing order
            <SlideShapeView key={j} shape={shape} scale={scale} deck={deck} />
          ))}
        </section>
      ))}
    </div>
  );
}

function SlideShapeView({ shape, scale }: { shape: SlideShape; scale: number; deck: Deck }) {
  const style: React.CSSProperties = {
    left: shape.box.x * scale,
    top: shape.box.y * scale,
    width: shape.box.width * scale,
    height: shape.box.height * scale,
  };
  const points = (pt: number | undefined) => (pt ?? 18) * EMU_PER_POINT * scale;
  if (shape.kind === 'picture')
    return shape.src ? <img className="of-shape" style={style} src={shape.src} alt="" /> : null;
  if (shape.kind === 'table')
    return (
      <table className="of-shape of-slide-table" style={{ ...style, fontSize: points(12) }}>
        <tbody>
          {shape.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions
            <tr key={r}>
              {row.map((text, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions
                <td key={c}>{text}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <div className="of-shape of-slide-text" style={{ ...style, ...(shape.fill ? { background: shape.fill } : {}) }}>
      {shape.paragraphs.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are positions
        <p key={i} style={p.align ? { textAlign: p.align } : undefined}>
          {p.runs.map((run, j) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: runs are positions
              key={j}
              style={{
                fontSize: points(run.size),
                fontWeight: run.bold ? 700 : undefined,
                fontStyle: run.italic ? 'italic' : undefined,
                color: run.color,
              }}
            >
              {run.text}
            </span>
          ))}
          {p.runs.length === 0 ? '\u00a0' : null}
        </p>
      ))}
    </div>
  );
}
