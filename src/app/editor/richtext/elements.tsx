/** How each rich-text node looks while editing: text blocks as printed, variables as chips. */
import { useAtomValue } from 'jotai';
import { type CSSProperties, useId, useMemo, useRef, useState } from 'react';
import { Transforms } from 'slate';
import { ReactEditor, type RenderElementProps, type RenderLeafProps, useSlateStatic } from 'slate-react';
import { renderSVG } from 'uqr';
import { isValidVariablePath } from '../../../core/expr/names';
import {
  type ComputeCommand,
  DEFAULT_QR_CONFIG,
  type LoopMode,
  type NumberFormat,
  type QrConfig,
  type VariableFilterCall,
} from '../../../core/model';
import { useEditorTranslation } from '../../services/i18n/editor';
import { qrText } from '../canvas/blocks/QrcodeView';
import { Icon } from '../Icon';
import { fieldsAtom, settingsAtom } from '../state/store';
import { describeChain, filterLabel, filtersForType } from './chipText';
import { type PickedField, usePrintableFields } from './FieldPicker';
import { CHIP_FILTERS, type ChipFilterName, describeFilters, isChipFilter, newFilterCall } from './filters';
import { InlineImageFields, QrFields } from './MediaInsert';
import './media.css';
import { Select } from '../../shell/Select';
import { type InlineImageSettings, loopItemContent, removeMedia, updateInlineImage, updateTextQr } from './slate';
import { useDismiss } from './useDismiss';

function textBlockStyle(element: RenderElementProps['element']): CSSProperties {
  const style: CSSProperties = {};
  if (typeof element.align === 'string') style.textAlign = element.align as CSSProperties['textAlign'];
  if (typeof element.lineHeight === 'number') style.lineHeight = element.lineHeight;
  if (element.marginBottom !== undefined && element.marginBottom !== '')
    style.marginBottom = `${Number(element.marginBottom)}px`;
  return style;
}

function useSetNode(element: RenderElementProps['element']) {
  const editor = useSlateStatic();
  return (patch: Record<string, unknown>) => {
    const at = ReactEditor.findPath(editor, element);
    Transforms.setNodes(editor, patch, { at });
  };
}

function useRemoveNode(element: RenderElementProps['element']) {
  const editor = useSlateStatic();
  return () => Transforms.removeNodes(editor, { at: ReactEditor.findPath(editor, element) });
}

function FilterEditor({
  filters,
  onChange,
  offered: fitting,
}: {
  filters: VariableFilterCall[];
  onChange: (f: VariableFilterCall[]) => void;
  /** The filters that fit the field's type; one already applied stays listed. */
  offered: readonly ChipFilterName[];
}) {
  const { t } = useEditorTranslation();
  const offered = [
    ...fitting,
    ...filters.map((f) => f.name).filter((n): n is ChipFilterName => isChipFilter(n) && !fitting.includes(n)),
  ];
  return (
    <div className="qe-filters">
      {filters.map((filter, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a filter chain is positional; the same filter may appear twice
        <div className="qe-filter-row" key={`${filter.name}-${index}`}>
          <Select
            size="small"
            className="qe-select"
            aria-label={t('chip.addFilter')}
            value={filter.name}
            onChange={(e) => onChange(filters.map((f, i) => (i === index ? newFilterCall(e.target.value) : f)))}
          >
            {offered.map((name) => (
              <option key={name} value={name}>
                {filterLabel(name, t)}
              </option>
            ))}
          </Select>
          {(isChipFilter(filter.name) ? CHIP_FILTERS[filter.name] : []).map((spec, argIndex) => {
            const listId = `qe-filter-${filter.name}-${argIndex}`;
            return (
              <span key={listId}>
                <input
                  className="qe-input qe-input-arg"
                  aria-label={t('chip.args')}
                  list={spec.options ? listId : undefined}
                  placeholder={spec.placeholder}
                  value={String(filter.args[argIndex] ?? '')}
                  onChange={(e) =>
                    onChange(
                      filters.map((f, i) =>
                        i === index ? { ...f, args: f.args.map((a, j) => (j === argIndex ? e.target.value : a)) } : f,
                      ),
                    )
                  }
                />
                {spec.options && (
                  <datalist id={listId}>
                    {spec.options.map((o) => (
                      <option key={o} value={o} />
                    ))}
                  </datalist>
                )}
              </span>
            );
          })}
          <button
            type="button"
            className="qe-icon-btn"
            aria-label={t('chip.remove')}
            onClick={() => onChange(filters.filter((_, i) => i !== index))}
          >
            ×
          </button>
        </div>
      ))}
      <Select
        size="small"
        className="qe-select"
        aria-label={t('chip.addFilter')}
        value=""
        onChange={(e) => e.target.value && onChange([...filters, newFilterCall(e.target.value)])}
      >
        <option value="">+ {t('chip.addFilter')}</option>
        {fitting.map((name) => (
          <option key={name} value={name}>
            {filterLabel(name, t)}
          </option>
        ))}
      </Select>
    </div>
  );
}

function Popover({
  title,
  onClose,
  children,
  className,
}: {
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  className?: string;
}) {
  const { t } = useEditorTranslation();
  const ref = useRef<HTMLSpanElement>(null);
  useDismiss(ref, onClose);
  return (
    <span
      ref={ref}
      className={`qe-popover${className ? ` ${className}` : ''}`}
      role="dialog"
      aria-label={title}
      contentEditable={false}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape') onClose();
      }}
      onMouseDown={(e) => e.stopPropagation()}
    >
      <strong className="qe-popover-title">{title}</strong>
      {children}
      <button type="button" className="qe-btn qe-btn-primary qe-btn-small" onClick={onClose}>
        {t('chip.done')}
      </button>
    </span>
  );
}

/**
 * What a chip shows: the label the field list shows for its path (an approval item's own name, a
 * signer's `Manager · Signature image`), else, for a linked table's field, the link and the field
 * (`Customer · Company`, which says more than `Company` alone), never the tag's syntax: a first-row
 * index (`Customer.0.Company`, as older templates and the demo write it) is not shown.
 */
export function chipLabel(name: string, groups: ReadonlyArray<{ items: readonly PickedField[] }>): string {
  if (name === '#') return '#';
  const item = chipField(name, groups);
  if (item) return item.name || (item.path.includes('.') ? item.path.split('.').join(' · ') : item.field.label || name);
  return name;
}

/** `Customer.0.Company` → `Customer.Company`: a link's first row is the field the list offers. */
const withoutRowIndex = (path: string) => path.replace(/\.\d+(?=\.|$)/g, '');

/** The field list's entry a chip is bound to (its type decides the formatting offered). */
function chipField(name: string, groups: ReadonlyArray<{ items: readonly PickedField[] }>): PickedField | undefined {
  for (const wanted of new Set([name, withoutRowIndex(name)]))
    for (const group of groups) for (const item of group.items) if (item.path === wanted) return item;
  return undefined;
}

function VariableChip({ attributes, children, element }: RenderElementProps) {
  const { t, lang } = useEditorTranslation();
  const [open, setOpen] = useState(false);
  const settings = useAtomValue(settingsAtom);
  const setNode = useSetNode(element);
  const remove = useRemoveNode(element);
  const { groups } = usePrintableFields();
  const name = String(element.name ?? '');
  const filters = (element.filters as VariableFilterCall[] | undefined) ?? [];
  const label = chipLabel(name, groups);
  // The examples read as the document prints them: in the template's language.
  const filterText = describeChain(filters, settings.lang || lang, t);
  const offered = filtersForType(chipField(name, groups)?.field.type);
  const kind = element.type === 'loopItemInline' ? 'qe-chip qe-chip-item' : 'qe-chip';
  return (
    <span {...attributes} className="qe-chip-wrap">
      <span contentEditable={false} className={kind} data-variable={name}>
        <button
          type="button"
          className="qe-chip-btn"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-haspopup="dialog"
        >
          <span className="qe-chip-name" title={[name, describeFilters(filters)].filter(Boolean).join(' | ')}>
            {label || '·'}
          </span>
          {filterText && <span className="qe-chip-filters">{filterText}</span>}
        </button>
        {open && (
          <Popover title={t('chip.formatting', { name: label })} onClose={() => setOpen(false)}>
            <FilterEditor filters={filters} offered={offered} onChange={(next) => setNode({ filters: next })} />
            <button type="button" className="qe-btn qe-btn-small qe-btn-danger" onClick={remove}>
              {t('chip.deleteVariable')}
            </button>
          </Popover>
        )}
      </span>
      {children}
    </span>
  );
}

const COMMANDS: ComputeCommand[] = ['sum', 'average', 'count', 'max', 'min'];

function ComputeChip({ attributes, children, element }: RenderElementProps) {
  const { t } = useEditorTranslation();
  const [open, setOpen] = useState(false);
  const setNode = useSetNode(element);
  const cmd = COMMANDS.find((c) => c === element.cmd);
  const format = element.format as NumberFormat;
  const setFormat = (patch: Partial<NumberFormat>) => setNode({ format: { ...format, ...patch } });
  const errorId = useId();
  // A typed name must follow the naming rule (spec 001 §5.1); the tag parser and `quire validate` refuse it otherwise.
  const typedName = String(element.name ?? '').trim();
  const nameProblem = typedName !== '' && !isValidVariablePath(typedName);
  return (
    <span {...attributes} className="qe-chip-wrap">
      <span contentEditable={false} className="qe-chip qe-chip-compute" data-compute={String(element.name)}>
        <button
          type="button"
          className="qe-chip-btn"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-haspopup="dialog"
        >
          Σ {cmd ? t(`compute.${cmd}`) : String(element.cmd)}({String(element.name)})
        </button>
        {open && (
          <Popover title={t('compute.title')} onClose={() => setOpen(false)}>
            <label className="qe-field-row">
              <span>{t('props.field')}</span>
              <input
                className="qe-input"
                value={String(element.name)}
                aria-invalid={nameProblem}
                aria-describedby={nameProblem ? errorId : undefined}
                onChange={(e) => setNode({ name: e.target.value })}
              />
            </label>
            {nameProblem && (
              <span className="qe-error" role="alert" id={errorId}>
                {t('fields.invalidName', { name: String(element.name) })}
              </span>
            )}
            <label className="qe-field-row">
              <span>{t('compute.cmd')}</span>
              <Select
                size="small"
                className="qe-select"
                value={String(element.cmd)}
                onChange={(e) => setNode({ cmd: e.target.value })}
              >
                {COMMANDS.map((c) => (
                  <option key={c} value={c}>
                    {t(`compute.${c}`)}
                  </option>
                ))}
              </Select>
            </label>
            <label className="qe-field-row">
              <span>{t('compute.range')}</span>
              <Select
                size="small"
                className="qe-select"
                value={String(element.range)}
                onChange={(e) => setNode({ range: e.target.value })}
              >
                <option value="all">{t('compute.all')}</option>
                <option value="currentPage">{t('compute.currentPage')}</option>
              </Select>
            </label>
            <label className="qe-field-row">
              <span>{t('compute.decimals')}</span>
              <input
                className="qe-input"
                type="number"
                min={0}
                max={6}
                value={format.decimalScale}
                onChange={(e) => setFormat({ decimalScale: Number(e.target.value) })}
              />
            </label>
            <label className="qe-check">
              <input
                type="checkbox"
                checked={format.fixedDecimalScale}
                onChange={(e) => setFormat({ fixedDecimalScale: e.target.checked })}
              />
              {t('compute.fixed')}
            </label>
            <label className="qe-check">
              <input
                type="checkbox"
                checked={format.thousandSeparator}
                onChange={(e) => setFormat({ thousandSeparator: e.target.checked })}
              />
              {t('compute.thousands')}
            </label>
            <label className="qe-field-row">
              <span>{t('compute.prefix')}</span>
              <input
                className="qe-input"
                value={format.prefix}
                onChange={(e) => setFormat({ prefix: e.target.value })}
              />
            </label>
            <label className="qe-field-row">
              <span>{t('compute.suffix')}</span>
              <input
                className="qe-input"
                value={format.suffix}
                onChange={(e) => setFormat({ suffix: e.target.value })}
              />
            </label>
          </Popover>
        )}
      </span>
      {children}
    </span>
  );
}

const MODES: LoopMode[] = ['list', 'paragraph', 'inline'];
const MODE_LABELS = {
  list: 'loop.modeList',
  paragraph: 'loop.modeParagraph',
  inline: 'loop.modeInline',
} as const satisfies Record<LoopMode, string>;

function itemNamesOf(itemContent: unknown): string[] {
  const names: string[] = [];
  const visit = (nodes: unknown) => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes as Array<Record<string, unknown>>) {
      if ((node.type === 'loopItemInline' || node.type === 'variable') && typeof node.name === 'string')
        names.push(node.name);
      visit(node.children);
    }
  };
  visit(itemContent);
  return names;
}

function LoopCard({ attributes, children, element }: RenderElementProps) {
  const { t } = useEditorTranslation();
  const [open, setOpen] = useState(false);
  const setNode = useSetNode(element);
  const remove = useRemoveNode(element);
  const fields = useAtomValue(fieldsAtom);
  const rootPath = String(element.rootPath ?? '');
  const list = fields.find((f) => f.path === rootPath);
  const names = itemNamesOf(element.itemContent);
  const mode = String(element.mode) as LoopMode;
  return (
    <div {...attributes} className="qe-loop">
      <div contentEditable={false}>
        <button
          type="button"
          className="qe-loop-head"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-haspopup="dialog"
        >
          <Icon name="loop" size={13} /> {t('loop.title')}: <strong>{rootPath || '—'}</strong> · {t(MODE_LABELS[mode])}
        </button>
        <div className="qe-loop-item">
          {names.map((n) => (
            <span key={n} className="qe-chip qe-chip-item">
              {n}
            </span>
          ))}
        </div>
        {open && (
          <Popover title={t('loop.title')} onClose={() => setOpen(false)}>
            <label className="qe-field-row">
              <span>{t('loop.list')}</span>
              <Select
                size="small"
                className="qe-select"
                value={rootPath}
                onChange={(e) => setNode({ rootPath: e.target.value, itemContent: loopItemContent([]) })}
              >
                <option value="">—</option>
                {fields
                  .filter((f) => f.children)
                  .map((f) => (
                    <option key={f.path} value={f.path}>
                      {f.label}
                    </option>
                  ))}
              </Select>
            </label>
            <fieldset className="qe-fieldset">
              <legend>{t('loop.itemContent')}</legend>
              {(list?.children ?? []).map((child) => (
                <label className="qe-check" key={child.path}>
                  <input
                    type="checkbox"
                    checked={names.includes(child.path)}
                    onChange={(e) =>
                      setNode({
                        itemContent: loopItemContent(
                          e.target.checked ? [...names, child.path] : names.filter((n) => n !== child.path),
                        ),
                      })
                    }
                  />
                  {child.label}
                </label>
              ))}
            </fieldset>
            <label className="qe-field-row">
              <span>{t('loop.mode')}</span>
              <Select
                size="small"
                className="qe-select"
                value={mode}
                onChange={(e) => setNode({ mode: e.target.value })}
              >
                {MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(MODE_LABELS[m])}
                  </option>
                ))}
              </Select>
            </label>
            {mode === 'list' && (
              <label className="qe-field-row">
                <span>{t('loop.listType')}</span>
                <Select
                  size="small"
                  className="qe-select"
                  value={String(element.listType)}
                  onChange={(e) => setNode({ listType: e.target.value })}
                >
                  <option value="ul">{t('loop.ul')}</option>
                  <option value="ol">{t('loop.ol')}</option>
                </Select>
              </label>
            )}
            {mode === 'inline' && (
              <label className="qe-field-row">
                <span>{t('loop.joiner')}</span>
                <input
                  className="qe-input"
                  value={String(element.inlineJoiner)}
                  onChange={(e) => setNode({ inlineJoiner: e.target.value })}
                />
              </label>
            )}
            <label className="qe-check">
              <input
                type="checkbox"
                checked={Boolean(element.hideWhenEmpty)}
                onChange={(e) => setNode({ hideWhenEmpty: e.target.checked })}
              />
              {t('loop.hideWhenEmpty')}
            </label>
            {!element.hideWhenEmpty && (
              <label className="qe-field-row">
                <span>{t('loop.emptyContent')}</span>
                <input
                  className="qe-input"
                  value={String(element.customEmptyContent ?? '')}
                  onChange={(e) => setNode({ customEmptyContent: e.target.value })}
                />
              </label>
            )}
            <button type="button" className="qe-btn qe-btn-small qe-btn-danger" onClick={remove}>
              {t('chip.remove')}
            </button>
          </Popover>
        )}
      </div>
      {children}
    </div>
  );
}

/** Opens a media element's settings: its path is looked up on use, as the text may have moved it. */
function useMediaEditor(element: RenderElementProps['element']) {
  const editor = useSlateStatic();
  const at = () => ReactEditor.findPath(editor, element);
  return {
    setImage: (patch: InlineImageSettings) => updateInlineImage(editor, at(), patch),
    setQr: (config: QrConfig) => updateTextQr(editor, at(), config),
    remove: () => removeMedia(editor, at()),
  };
}

function InlineImage({ attributes, children, element }: RenderElementProps) {
  const { t } = useEditorTranslation();
  const [open, setOpen] = useState(false);
  const media = useMediaEditor(element);
  const url = typeof element.url === 'string' ? element.url : '';
  const name = typeof element.name === 'string' ? element.name : '';
  const width = typeof element.width === 'number' ? element.width : undefined;
  const height = typeof element.height === 'number' ? element.height : undefined;
  return (
    <span {...attributes} className="qe-void qe-chip-wrap" data-inline-image={name || url}>
      <span contentEditable={false} className="qe-inline-image">
        <button
          type="button"
          className={`qe-media-btn${open ? ' qe-media-open' : ''}`}
          aria-label={t('media.editImage', { name: name || t('image.url') })}
          aria-expanded={open}
          aria-haspopup="dialog"
          onClick={() => setOpen((o) => !o)}
        >
          {url ? (
            <img src={url} alt="" style={{ width, height: height ?? 'auto' }} />
          ) : (
            <span className="qe-chip qe-chip-media" style={{ minWidth: width, minHeight: height }}>
              <Icon name="image" /> {name}
            </span>
          )}
        </button>
        {open && (
          <Popover title={t('text.image')} onClose={() => setOpen(false)}>
            <InlineImageFields
              mode="edit"
              value={{ name, url, width, height }}
              onSource={(source) => media.setImage(source)}
              onSize={(size) => media.setImage(size)}
            />
            <button type="button" className="qe-btn qe-btn-small qe-btn-danger" onClick={media.remove}>
              {t('media.deleteImage')}
            </button>
          </Popover>
        )}
      </span>
      {children}
    </span>
  );
}

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

function TextQr({ attributes, children, element }: RenderElementProps) {
  const { t } = useEditorTranslation();
  const [open, setOpen] = useState(false);
  const media = useMediaEditor(element);
  const config = (element.qrcode as QrConfig | undefined) ?? { ...DEFAULT_QR_CONFIG, align: 'left' };
  const value = config.value;
  const text = qrText(value) || ' ';
  const svg = useMemo(() => renderSVG(text, { border: 0 }), [text]);
  const caption =
    value.type === 'custom' ? value.value : value.type === 'fieldValue' ? `{${value.field}}` : t(`qr.${value.type}`);
  const size = Math.min(config.size, 160);
  return (
    <div
      {...attributes}
      className="qe-void qe-text-qr"
      data-text-qr={value.type}
      style={{ display: 'flex', justifyContent: JUSTIFY[config.align] ?? 'flex-start' }}
    >
      <span contentEditable={false} className="qe-chip-wrap">
        <button
          type="button"
          className={`qe-media-btn qe-text-qr-body${open ? ' qe-media-open' : ''}`}
          aria-label={t('media.editQr', { content: caption })}
          aria-expanded={open}
          aria-haspopup="dialog"
          onClick={() => setOpen((o) => !o)}
        >
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: uqr renders the SVG from our own text */}
          <span className="qe-qr" style={{ width: size, height: size }} dangerouslySetInnerHTML={{ __html: svg }} />
          <span className="qe-media-caption">{caption}</span>
        </button>
        {open && (
          <Popover title={t('text.qrcode')} className={`qe-popover-${config.align}`} onClose={() => setOpen(false)}>
            <QrFields value={config} onChange={media.setQr} />
            <button type="button" className="qe-btn qe-btn-small qe-btn-danger" onClick={media.remove}>
              {t('media.deleteQr')}
            </button>
          </Popover>
        )}
      </span>
      {children}
    </div>
  );
}

function VoidCard(props: RenderElementProps) {
  const { attributes, children, element } = props;
  if (element.type === 'inline-image') return <InlineImage {...props} />;
  if (element.type === 'qrcode') return <TextQr {...props} />;
  const label =
    element.type === 'attachment'
      ? `[file] ${String(element.fieldName ?? '')}`
      : `[img] ${String((element.image as { fieldName?: string; url?: string } | undefined)?.fieldName ?? '')}`;
  return (
    <div {...attributes} className="qe-void">
      <span contentEditable={false} className="qe-chip qe-chip-media">
        {label}
      </span>
      {children}
    </div>
  );
}

export function renderElement(props: RenderElementProps) {
  const { attributes, children, element } = props;
  const style = textBlockStyle(element);
  switch (element.type) {
    case 'heading-one':
      return (
        <h1 {...attributes} className="qe-h1" style={style}>
          {children}
        </h1>
      );
    case 'heading-two':
      return (
        <h2 {...attributes} className="qe-h2" style={style}>
          {children}
        </h2>
      );
    case 'bulleted-list':
      return <ul {...attributes}>{children}</ul>;
    case 'numbered-list':
      return <ol {...attributes}>{children}</ol>;
    case 'list-item':
      return (
        <li {...attributes} style={style}>
          {children}
        </li>
      );
    case 'variable':
    case 'loopItemInline':
      return <VariableChip {...props} />;
    case 'computeVariable':
      return <ComputeChip {...props} />;
    case 'loop':
      return <LoopCard {...props} />;
    case 'image':
    case 'static-image':
    case 'qrcode':
    case 'attachment':
    case 'inline-image':
      return <VoidCard {...props} />;
    default:
      return (
        <p {...attributes} className="qe-p" style={style}>
          {children}
        </p>
      );
  }
}

export function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  const style: CSSProperties = {};
  if (leaf.color) style.color = leaf.color;
  if (leaf.backgroundColor) style.backgroundColor = leaf.backgroundColor;
  if (leaf.fontSize) style.fontSize = `${leaf.fontSize}pt`;
  let content = children;
  if (leaf.bold) content = <strong>{content}</strong>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.underline) content = <u>{content}</u>;
  if (leaf.code) content = <code>{content}</code>;
  return (
    <span {...attributes} style={style}>
      {content}
    </span>
  );
}
