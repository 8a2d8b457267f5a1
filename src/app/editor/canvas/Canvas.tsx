/**
 * The pages as they will print: paper size (mm → px at 96 dpi), margins, orientation; rows of
 * columns with draggable dividers; blocks with a toolbar when selected, moved by drag and drop.
 */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import {
  type CSSProperties,
  type DragEvent,
  Fragment,
  memo,
  type PointerEvent,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { type Block, type Column, type Page, pageDimensions, type Row } from '../../../core/model';
import { useEditorTranslation } from '../../services/i18n/editor';
import { Icon, type IconName } from '../Icon';
import {
  addColumnBeside,
  copyBlock,
  deleteBlock,
  duplicateBlock,
  type PageCommand,
  pageCommand,
  pasteBlock,
  selectBlock,
  selectPage,
  setColumnWidths,
} from '../state/commands';
import {
  currentPageIdAtom,
  hasClipboardAtom,
  pageSettingAtom,
  pagesAtom,
  previewIssuesAtom,
  settingsAtom,
  useBlockSelected,
  useCommand,
} from '../state/store';
import { BlockBody } from './blocks/index';
import { LazyPage } from './LazyPage';
import { moveBlockStep, moveBlockToColumn, moveBlockToNewRow } from './moves';
import './nested.css';

export const MM_TO_PX = 96 / 25.4;
const DRAG_TYPE = 'application/x-quire-block';
/** While a block is dragged, the drop targets inside columns open up so they are easy to hit. */
const draggingAtom = atom(false);

/**
 * Where the selected block's toolbar goes: a place in the editor's bar above the page (set by the
 * editor screen). Floating over the page it covered the content above the block.
 */
export const blockBarSlotAtom = atom<HTMLElement | null>(null);

function BlockToolbar({ block }: { block: Block }) {
  const { t } = useEditorTranslation();
  const run = useCommand();
  const hasClipboard = useAtomValue(hasClipboardAtom);
  const tool = (label: string, glyph: IconName, action: () => void, disabled = false) => (
    <button
      type="button"
      className="qe-tool"
      aria-label={label}
      title={label}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={action}
    >
      <Icon name={glyph} />
    </button>
  );
  return (
    <div className="qe-blockbar" role="toolbar" aria-label={t(`blocks.${block.type}`)}>
      <span className="qe-blockbar-name">{t(`blocks.${block.type}`)}</span>
      {tool(t('blockbar.moveUp'), 'up', () => run(moveBlockStep, block.id, -1))}
      {tool(t('blockbar.moveDown'), 'down', () => run(moveBlockStep, block.id, 1))}
      {tool(t('blockbar.addColumn'), 'columns', () => run(addColumnBeside, block.id))}
      {tool(t('blockbar.duplicate'), 'duplicate', () => run(duplicateBlock, block.id))}
      {tool(t('blockbar.copy'), 'copy', () => run(copyBlock, block.id))}
      {tool(t('blockbar.paste'), 'paste', () => run(pasteBlock), !hasClipboard)}
      {tool(t('blockbar.delete'), 'trash', () => run(deleteBlock, block.id))}
    </div>
  );
}

/** Memoised: typing re-renders only the edited block (the model shares every unchanged block). */
const BlockFrame = memo(function BlockFrame({ block }: { block: Block }) {
  const { t } = useEditorTranslation();
  const run = useCommand();
  const setDragging = useSetAtom(draggingAtom);
  const selected = useBlockSelected(block.id);
  const slot = useAtomValue(blockBarSlotAtom);
  const issues = useAtomValue(previewIssuesAtom)[block.id];
  const m = block.margins;
  const style: CSSProperties = {
    margin: `${m.top}px ${m.right}px ${m.bottom}px ${m.left}px`,
    width: block.width < 100 ? `${block.width}%` : undefined,
    background: block.background,
    border: block.borderColor ? `1px solid ${block.borderColor}` : undefined,
  };
  if (block.type === 'floatContainer')
    Object.assign(style, {
      marginLeft: block.float.x,
      marginTop: block.float.y,
      width: block.float.width,
      minHeight: block.float.height,
    });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: selects the block on click; keyboard users reach it through its handle and text
    <div
      className={`qe-block qe-block-${block.type}${selected ? ' qe-block-selected' : ''}${issues ? ' qe-block-error' : ''}`}
      data-block-id={block.id}
      data-preview-error={issues ? 'true' : undefined}
      data-block-type={block.type}
      style={style}
      onMouseDown={(e) => {
        e.stopPropagation();
        if (!selected) run(selectBlock, block.id);
      }}
      onFocus={(e) => {
        e.stopPropagation();
        if (!selected) run(selectBlock, block.id);
      }}
    >
      <button
        type="button"
        className="qe-handle"
        draggable
        aria-label={`${t('blockbar.drag')}: ${t(`blocks.${block.type}`)}`}
        title={t('blockbar.drag')}
        onDragStart={(e) => {
          e.stopPropagation();
          e.dataTransfer.setData(DRAG_TYPE, block.id);
          e.dataTransfer.effectAllowed = 'move';
          // Changing the layout inside dragstart cancels the drag in Chromium: open the targets a frame later.
          requestAnimationFrame(() => setDragging(true));
        }}
        onDragEnd={() => setDragging(false)}
        onClick={() => run(selectBlock, block.id)}
      >
        <Icon name="drag" />
      </button>
      {selected && (slot ? createPortal(<BlockToolbar block={block} />, slot) : <BlockToolbar block={block} />)}
      <BlockBody block={block} />
      {issues && (
        <p className="qe-block-error-note" role="alert" contentEditable={false}>
          {t('previewPanel.blockError', { message: issues.join('; ') })}
        </p>
      )}
    </div>
  );
});

function ColumnDivider({ pageId, row, index }: { pageId: string; row: Row; index: number }) {
  const run = useCommand();
  const start = useRef<{ x: number; widths: number[]; total: number } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const rowElement = (e.currentTarget.parentElement as HTMLElement).getBoundingClientRect();
    start.current = { x: e.clientX, widths: row.columns.map((c) => c.width), total: rowElement.width };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const s = start.current;
    if (!s) return;
    const delta = ((e.clientX - s.x) / s.total) * 100;
    const widths = s.widths.slice();
    const left = Math.max(5, Math.min(s.widths[index]! + s.widths[index + 1]! - 5, s.widths[index]! + delta));
    widths[index + 1] = s.widths[index]! + s.widths[index + 1]! - left;
    widths[index] = left;
    run(setColumnWidths, pageId, row.id, widths);
  };
  const left = row.columns.slice(0, index + 1).reduce((sum, c) => sum + c.width, 0);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable, draggable splitter is a separator widget, not an <hr>
    <div
      className="qe-divider"
      role="separator"
      aria-orientation="vertical"
      aria-valuenow={Math.round(row.columns[index]!.width)}
      aria-valuemin={5}
      aria-valuemax={95}
      tabIndex={0}
      style={{ left: `${left}%` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => {
        start.current = null;
      }}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
        e.preventDefault();
        const widths = row.columns.map((c) => c.width);
        const step = e.key === 'ArrowLeft' ? -2 : 2;
        widths[index] = widths[index]! + step;
        widths[index + 1] = widths[index + 1]! - step;
        if (widths[index]! >= 5 && widths[index + 1]! >= 5) run(setColumnWidths, pageId, row.id, widths);
      }}
    />
  );
}

function DropZone({ pageId, beforeRowId }: { pageId: string; beforeRowId: string | null }) {
  const run = useCommand();
  const setDragging = useSetAtom(draggingAtom);
  const [over, setOver] = useState(false);
  const accept = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
    e.preventDefault();
    setOver(true);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the keyboard moves blocks with Alt+arrows
    <div
      className={`qe-drop${over ? ' qe-drop-over' : ''}`}
      data-drop-row={beforeRowId ?? 'end'}
      onDragOver={accept}
      onDragEnter={accept}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        setDragging(false);
        const id = e.dataTransfer.getData(DRAG_TYPE);
        if (id) run(moveBlockToNewRow, id, pageId, beforeRowId);
      }}
    />
  );
}

/** A drop target between the blocks of a column: the block lands at `index` in that column. */
function ColumnDrop({ column, index, label }: { column: Column; index: number; label?: string }) {
  const { t } = useEditorTranslation();
  const run = useCommand();
  const setDragging = useSetAtom(draggingAtom);
  const [over, setOver] = useState(false);
  const accept = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
    e.preventDefault();
    e.stopPropagation();
    setOver(true);
  };
  const empty = column.blocks.length === 0;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the keyboard moves blocks with Alt+arrows
    <div
      className={`qe-cdrop${empty ? ' qe-cdrop-empty' : ''}${over ? ' qe-cdrop-over' : ''}`}
      data-drop-column={column.id}
      data-drop-index={index}
      onDragOver={accept}
      onDragEnter={accept}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        setOver(false);
        setDragging(false);
        const id = e.dataTransfer.getData(DRAG_TYPE);
        if (id) run(moveBlockToColumn, id, column.id, index);
      }}
    >
      {empty ? <span className="qe-cdrop-text">{label ?? t('canvas.emptyColumn')}</span> : null}
      {over && !empty ? <span className="qe-cdrop-text">{t('canvas.dropHere')}</span> : null}
    </div>
  );
}

/**
 * A column's blocks. Columns of nested rows, and of page rows split into columns, take dropped
 * blocks between their blocks; a page row of one column takes them through the row drop zones.
 */
export const ColumnView = memo(function ColumnView({
  column,
  nested,
  index,
}: {
  column: Column;
  nested?: boolean;
  index?: number;
}) {
  const { t } = useEditorTranslation();
  const dragging = useAtomValue(draggingAtom);
  const drops = nested || index !== undefined;
  return (
    <div
      className={`qe-col${nested ? ' qe-col-nested' : ''}${dragging && drops ? ' qe-col-dragging' : ''}`}
      style={{ width: `${column.width}%` }}
    >
      {drops && column.blocks.length === 0 && (
        <ColumnDrop
          column={column}
          index={0}
          label={nested ? t('canvas.emptyColumnN', { n: (index ?? 0) + 1 }) : undefined}
        />
      )}
      {column.blocks.map((block, i) => (
        <Fragment key={block.id}>
          {drops && <ColumnDrop column={column} index={i} />}
          <BlockFrame block={block} />
        </Fragment>
      ))}
      {drops && column.blocks.length > 0 && <ColumnDrop column={column} index={column.blocks.length} />}
    </div>
  );
});

function PageBar({ page, index, count }: { page: Page; index: number; count: number }) {
  const { t } = useEditorTranslation();
  const run = useCommand();
  const action = (command: PageCommand, glyph: IconName, disabled = false) => (
    <button
      type="button"
      className="qe-tool"
      aria-label={`${t(`pages.${command}`)} (${t('editor.page', { n: index + 1 })})`}
      title={t(`pages.${command}`)}
      disabled={disabled}
      onClick={() => run(pageCommand, command, page.id)}
    >
      <Icon name={glyph} size={14} />
    </button>
  );
  return (
    <div className="qe-pagebar">
      <span className="qe-page-label">{t('editor.page', { n: index + 1 })}</span>
      {action('up', 'up', index === 0)}
      {action('down', 'down', index === count - 1)}
      {action('duplicate', 'duplicate')}
      {action('add', 'plus')}
      {action('delete', 'trash')}
    </div>
  );
}

const RowView = memo(function RowView({ pageId, row }: { pageId: string; row: Row }) {
  return (
    <div className="qe-row-wrap">
      <DropZone pageId={pageId} beforeRowId={row.id} />
      <div className="qe-row">
        {row.columns.map((column, i) => (
          <ColumnView key={column.id} column={column} index={row.columns.length > 1 ? i : undefined} />
        ))}
        {row.columns.slice(0, -1).map((column, i) => (
          <ColumnDivider key={`d-${column.id}`} pageId={pageId} row={row} index={i} />
        ))}
      </div>
    </div>
  );
});

interface PageViewProps {
  page: Page;
  index: number;
  count: number;
  current: boolean;
  /** Paper size, margins and type (shared by all pages; stable while the settings do not change). */
  paperStyle: CSSProperties;
  width: number;
  lang: string | undefined;
}

/** Memoised: an edit re-renders its own page only. */
const PageView = memo(function PageView({ page, index, count, current, paperStyle, width, lang }: PageViewProps) {
  const { t } = useEditorTranslation();
  const run = useCommand();
  return (
    <section
      className={`qe-page-wrap${current ? ' qe-page-current' : ''}`}
      style={{ width }}
      aria-label={t('editor.page', { n: index + 1 })}
    >
      <PageBar page={page} index={index} count={count} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: clicking the paper's blank area only deselects; keyboard users use Escape */}
      <div className="qe-page" style={paperStyle} lang={lang} onMouseDown={() => run(selectPage, page.id)}>
        <LazyPage index={index}>
          {page.rows.length === 0 && <p className="qe-page-empty">{t('editor.emptyPage')}</p>}
          {page.rows.map((row) => (
            <RowView key={row.id} pageId={page.id} row={row} />
          ))}
          <DropZone pageId={page.id} beforeRowId={null} />
        </LazyPage>
      </div>
    </section>
  );
});

export function Canvas({ zoom, tip }: { zoom: number; tip?: React.ReactNode }) {
  const pages = useAtomValue(pagesAtom);
  const pageSetting = useAtomValue(pageSettingAtom);
  const settings = useAtomValue(settingsAtom);
  const currentPageId = useAtomValue(currentPageIdAtom);
  const size = pageDimensions(pageSetting);
  const paperStyle = useMemo(
    (): CSSProperties => ({
      width: size.width * MM_TO_PX,
      minHeight: size.height * MM_TO_PX,
      padding: `${pageSetting.paddingTop * MM_TO_PX}px ${pageSetting.paddingRight * MM_TO_PX}px ${pageSetting.paddingBottom * MM_TO_PX}px ${pageSetting.paddingLeft * MM_TO_PX}px`,
      fontSize: `${settings.fontSize}pt`,
      lineHeight: settings.defaultLineHeight,
      zoom,
      ['--qe-unzoom' as string]: 1 / zoom,
    }),
    [size.width, size.height, pageSetting, settings.fontSize, settings.defaultLineHeight, zoom],
  );
  const dragging = useAtomValue(draggingAtom);
  return (
    <div className={`qe-pages${dragging ? ' qe-pages-dragging' : ''}`}>
      {tip}
      {pages.map((page, index) => (
        <PageView
          key={page.id}
          page={page}
          index={index}
          count={pages.length}
          current={currentPageId === page.id}
          paperStyle={paperStyle}
          width={size.width * MM_TO_PX * zoom}
          lang={settings.lang}
        />
      ))}
    </div>
  );
}
