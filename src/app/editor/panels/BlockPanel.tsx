/** Properties of the selected block: its own settings, then spacing, background and border. */
import { useAtomValue } from 'jotai';
import {
  BARCODE_FORMATS,
  type Block,
  type BlockOfType,
  type BlockPatch,
  type QrValue,
  type Spacing,
  TableOps,
} from '../../../core/model';
import { useEditorTranslation } from '../i18n/useEditorTranslation';
import { editTableBlock, updateBlock, updateCell } from '../state/commands';
import { fieldsAtom, useCommand, useSelectedCell } from '../state/store';
import {
  BORDER_WIDTHS,
  CheckField,
  ColorField,
  NumberField,
  Section,
  SelectField,
  SPACING_MAX,
  TextField,
} from './controls';
import { FilterBuilder } from './FilterBuilder';

function usePatch(block: Block) {
  const run = useCommand();
  return (patch: BlockPatch) => run(updateBlock, block.id, patch);
}

function useAligns() {
  const { t } = useEditorTranslation();
  return [
    ['left', t('props.left')],
    ['center', t('props.center')],
    ['right', t('props.right')],
  ] as const;
}

function FieldSelect({
  label,
  value,
  onChange,
  filter,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  filter?: (type: string) => boolean;
}) {
  const { t } = useEditorTranslation();
  const fields = useAtomValue(fieldsAtom).filter((f) => !filter || filter(f.type));
  return (
    <SelectField
      label={label}
      value={value}
      options={[['', t('props.chooseField')], ...fields.map((f) => [f.path, f.label] as const)]}
      onChange={onChange}
    />
  );
}

function QrPanel({ block }: { block: BlockOfType<'qrcode'> }) {
  const { t } = useEditorTranslation();
  const patch = usePatch(block);
  const qr = block.qrcode;
  const setValue = (value: QrValue) => patch({ qrcode: { ...qr, value } });
  const types = ['custom', 'currentRecord', 'recordShareUrl', 'currentView', 'view', 'fieldValue'] as const;
  return (
    <Section title={t('blocks.qrcode')}>
      <SelectField
        label={t('qr.content')}
        value={qr.value.type}
        options={types.map((type) => [type, t(`qr.${type}`)] as const)}
        onChange={(type) =>
          setValue(
            type === 'custom'
              ? { type, value: '' }
              : type === 'view'
                ? { type, viewId: '' }
                : type === 'fieldValue'
                  ? { type, fieldType: 'name', field: '' }
                  : { type },
          )
        }
      />
      {qr.value.type === 'custom' && (
        <TextField
          label={t('qr.value')}
          value={qr.value.value}
          onChange={(value) => setValue({ type: 'custom', value })}
        />
      )}
      {qr.value.type === 'view' && (
        <TextField
          label={t('qr.viewId')}
          value={qr.value.viewId}
          onChange={(viewId) => setValue({ type: 'view', viewId })}
        />
      )}
      {qr.value.type === 'fieldValue' && (
        <FieldSelect
          label={t('props.field')}
          value={qr.value.field}
          onChange={(field) => setValue({ type: 'fieldValue', fieldType: 'name', field })}
        />
      )}
      <NumberField
        label={t('props.size')}
        value={qr.size}
        min={40}
        max={400}
        onChange={(size) => patch({ qrcode: { ...qr, size } })}
      />
      <SelectField
        label={t('props.align')}
        value={qr.align}
        options={useAligns()}
        onChange={(align) => patch({ qrcode: { ...qr, align } })}
      />
    </Section>
  );
}

function BarcodePanel({ block }: { block: BlockOfType<'barcode'> }) {
  const { t } = useEditorTranslation();
  const patch = usePatch(block);
  const b = block.barcode;
  const set = (p: Partial<typeof b>) => patch({ barcode: { ...b, ...p } });
  return (
    <Section title={t('blocks.barcode')}>
      <SelectField
        label={t('barcode.format')}
        value={b.format}
        options={BARCODE_FORMATS.map((f) => [f, f] as const)}
        onChange={(format) => set({ format })}
      />
      <SelectField
        label={t('barcode.valueType')}
        value={b.valueType}
        options={[
          ['custom', t('barcode.customValue')],
          ['field', t('barcode.fromField')],
        ]}
        onChange={(valueType) => set({ valueType })}
      />
      {b.valueType === 'custom' ? (
        <TextField label={t('barcode.value')} value={b.value} onChange={(value) => set({ value })} />
      ) : (
        <FieldSelect label={t('props.field')} value={b.fieldName ?? ''} onChange={(fieldName) => set({ fieldName })} />
      )}
      <NumberField
        label={t('barcode.barWidth')}
        value={b.width}
        min={1}
        max={4}
        step={0.5}
        onChange={(width) => set({ width })}
      />
      <NumberField
        label={t('barcode.barHeight')}
        value={b.height}
        min={10}
        max={200}
        onChange={(height) => set({ height })}
      />
      <NumberField
        label={t('barcode.fontSize')}
        value={b.fontSize}
        min={6}
        max={24}
        onChange={(fontSize) => set({ fontSize })}
      />
      <CheckField
        label={t('barcode.displayValue')}
        checked={b.displayValue}
        onChange={(displayValue) => set({ displayValue })}
      />
      <ColorField
        label={t('barcode.lineColor')}
        value={b.lineColor}
        onChange={(v) => set({ lineColor: v ?? '#000000' })}
      />
      <ColorField
        label={t('props.background')}
        value={b.background}
        onChange={(v) => set({ background: v ?? '#FFFFFF' })}
      />
      <SelectField
        label={t('props.align')}
        value={b.align}
        options={useAligns()}
        onChange={(align) => set({ align })}
      />
    </Section>
  );
}

function ImagePanel({ block }: { block: BlockOfType<'image'> | BlockOfType<'staticImage'> }) {
  const { t } = useEditorTranslation();
  const patch = usePatch(block);
  const image = block.image;
  const aligns = useAligns();
  const upload = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () =>
      patch({
        image: {
          mode: 'static',
          url: String(reader.result),
          align: image.mode === 'static' ? image.align : 'center',
          file: { fileName: file.name, mime: file.type, fileSize: file.size },
        },
      });
    reader.readAsDataURL(file);
  };
  return (
    <Section title={t(`blocks.${block.type}`)}>
      {block.type === 'image' && (
        <SelectField
          label={t('image.source')}
          value={image.mode}
          options={[
            ['attachment', t('image.attachment')],
            ['static', t('image.static')],
          ]}
          onChange={(mode) =>
            patch({
              image:
                mode === 'attachment'
                  ? { mode, fieldName: '', hideWhenEmpty: false, emptyContent: '', imageDisplayMode: 'fitWidth' }
                  : { mode, url: '', align: 'center' },
            })
          }
        />
      )}
      {image.mode === 'attachment' ? (
        <>
          <FieldSelect
            label={t('props.field')}
            value={image.fieldName}
            onChange={(fieldName) => patch({ image: { ...image, fieldName } })}
            filter={(type) => type.startsWith('attachment')}
          />
          <SelectField
            label={t('image.displayMode')}
            value={image.imageDisplayMode}
            options={[
              ['fitWidth', t('image.fitWidth')],
              ['oneImagePerLine', t('image.oneImagePerLine')],
            ]}
            onChange={(imageDisplayMode) => patch({ image: { ...image, imageDisplayMode } })}
          />
          <CheckField
            label={t('image.hideWhenEmpty')}
            checked={image.hideWhenEmpty}
            onChange={(hideWhenEmpty) => patch({ image: { ...image, hideWhenEmpty } })}
          />
          {!image.hideWhenEmpty && (
            <TextField
              label={t('image.emptyContent')}
              value={image.emptyContent}
              onChange={(emptyContent) => patch({ image: { ...image, emptyContent } })}
            />
          )}
        </>
      ) : (
        <>
          <label className="qe-btn qe-btn-small qe-upload">
            {t('image.upload')}
            <input type="file" accept="image/*" className="qe-sr" onChange={(e) => upload(e.target.files?.[0])} />
          </label>
          <TextField
            label={t('image.url')}
            value={image.url.startsWith('data:') ? (image.file?.fileName ?? '') : image.url}
            onChange={(url) => patch({ image: { ...image, url } })}
          />
          <NumberField
            label={t('props.width')}
            value={image.width}
            min={10}
            max={800}
            onChange={(width) => patch({ image: { ...image, width } })}
          />
          <SelectField
            label={t('props.align')}
            value={image.align}
            options={aligns}
            onChange={(align) => patch({ image: { ...image, align } })}
          />
        </>
      )}
    </Section>
  );
}

function TablePanel({ block }: { block: BlockOfType<'table'> }) {
  const { t } = useEditorTranslation();
  const run = useCommand();
  const fields = useAtomValue(fieldsAtom);
  const table = block.table;
  const cell = useSelectedCell(block.id);
  const rows = table.rows.length;
  const cols = table.columns.length;
  const edit = (e: Parameters<typeof editTableBlock>[2]) => run(editTableBlock, block.id, e);
  const current = cell ? table.rows[cell.row]?.cells[cell.col] : undefined;
  const merge = cell ? TableOps.mergeAt(table, cell.row, cell.col) : undefined;
  const lists = fields.filter((f) => f.children);
  const listFields = table.dynamicRows
    ? (lists.find((l) => l.path === table.dynamicRows!.rootPath)?.children ?? [])
    : [];
  const btn = (label: string, action: () => void, disabled = false) => (
    <button type="button" className="qe-btn qe-btn-small" disabled={disabled} onClick={action}>
      {label}
    </button>
  );
  return (
    <>
      <Section title={t('table.structure')}>
        <NumberField
          label={t('table.headerRows')}
          value={table.headerRowCount}
          min={0}
          max={rows - table.footerRowCount}
          onChange={(headerRowCount) => edit({ kind: 'set', patch: { headerRowCount } })}
        />
        <NumberField
          label={t('table.footerRows')}
          value={table.footerRowCount}
          min={0}
          max={rows - table.headerRowCount}
          onChange={(footerRowCount) => edit({ kind: 'set', patch: { footerRowCount } })}
        />
        <CheckField
          label={t('table.repeatHeader')}
          checked={table.repeatHeader}
          onChange={(repeatHeader) => edit({ kind: 'set', patch: { repeatHeader } })}
        />
        <SelectField
          label={t('table.borderWidth')}
          value={table.border.width}
          options={BORDER_WIDTHS.map((w) => [w, `${w} pt`] as const)}
          onChange={(width) => edit({ kind: 'set', patch: { border: { ...table.border, width } } })}
        />
        <ColorField
          label={t('table.border')}
          value={table.border.color}
          onChange={(color) => edit({ kind: 'set', patch: { border: { ...table.border, color: color ?? '#000000' } } })}
        />
        <SelectField
          label={t('props.style')}
          value={table.border.style}
          options={[
            ['solid', t('props.solid')],
            ['dashed', t('props.dashed')],
            ['dotted', t('props.dotted')],
            ['none', t('props.none')],
          ]}
          onChange={(style) => edit({ kind: 'set', patch: { border: { ...table.border, style } } })}
        />
      </Section>
      <Section title={t('table.dynamic')}>
        <SelectField
          label={t('table.listField')}
          value={table.dynamicRows?.rootPath ?? ''}
          options={[['', t('table.noList')], ...lists.map((l) => [l.path, l.label] as const)]}
          onChange={(rootPath) => edit({ kind: 'set', patch: { dynamicRows: rootPath ? { rootPath } : undefined } })}
        />
        {table.dynamicRows && (
          <FilterBuilder
            filter={table.dynamicRows.filter}
            fields={listFields}
            onChange={(filter) =>
              edit({
                kind: 'set',
                patch: { dynamicRows: { rootPath: table.dynamicRows!.rootPath, ...(filter ? { filter } : {}) } },
              })
            }
          />
        )}
      </Section>
      <Section title={t('table.cell')}>
        {!cell || !current ? (
          <p className="qe-muted">{t('table.selectCell')}</p>
        ) : (
          <>
            <p className="qe-muted">{t('table.cellLabel', { row: cell.row + 1, col: cell.col + 1 })}</p>
            <div className="qe-btn-grid">
              {btn(t('table.rowAbove'), () => edit({ kind: 'insertRow', index: cell.row }))}
              {btn(t('table.rowBelow'), () => edit({ kind: 'insertRow', index: cell.row + 1 }))}
              {btn(t('table.deleteRow'), () => edit({ kind: 'deleteRow', index: cell.row }), rows <= 1)}
              {btn(t('table.colLeft'), () => edit({ kind: 'insertColumn', index: cell.col }))}
              {btn(t('table.colRight'), () => edit({ kind: 'insertColumn', index: cell.col + 1 }))}
              {btn(t('table.deleteCol'), () => edit({ kind: 'deleteColumn', index: cell.col }), cols <= 1)}
              {btn(
                t('table.mergeRight'),
                () =>
                  edit({
                    kind: 'merge',
                    range: {
                      rowIndex: cell.row,
                      colIndex: cell.col,
                      rowSpan: merge?.rowSpan ?? 1,
                      colSpan: (merge?.colSpan ?? 1) + 1,
                    },
                  }),
                cell.col + (merge?.colSpan ?? 1) >= cols,
              )}
              {btn(
                t('table.mergeDown'),
                () =>
                  edit({
                    kind: 'merge',
                    range: {
                      rowIndex: cell.row,
                      colIndex: cell.col,
                      rowSpan: (merge?.rowSpan ?? 1) + 1,
                      colSpan: merge?.colSpan ?? 1,
                    },
                  }),
                cell.row + (merge?.rowSpan ?? 1) >= rows,
              )}
              {btn(t('table.split'), () => edit({ kind: 'split', row: cell.row, col: cell.col }), !merge)}
            </div>
            <SelectField
              label={t('table.verticalAlign')}
              value={current.verticalAlign}
              options={[
                ['top', t('table.top')],
                ['middle', t('table.middle')],
                ['bottom', t('table.bottom')],
              ]}
              onChange={(verticalAlign) => run(updateCell, block.id, cell.row, cell.col, { verticalAlign })}
            />
            <ColorField
              label={t('table.cellBackground')}
              value={current.background}
              clearLabel={t('props.none')}
              onChange={(background) => run(updateCell, block.id, cell.row, cell.col, { background })}
            />
          </>
        )}
      </Section>
    </>
  );
}

function RulePanel({ block }: { block: BlockOfType<'horizontalRule'> }) {
  const { t } = useEditorTranslation();
  const patch = usePatch(block);
  const r = block.rule;
  return (
    <Section title={t('blocks.horizontalRule')}>
      <SelectField
        label={t('props.lineWidth')}
        value={r.width}
        options={BORDER_WIDTHS.map((w) => [w, `${w} pt`] as const)}
        onChange={(width) => patch({ rule: { ...r, width } })}
      />
      <ColorField
        label={t('props.color')}
        value={r.color}
        onChange={(color) => patch({ rule: { ...r, color: color ?? '#000000' } })}
      />
      <SelectField
        label={t('props.style')}
        value={r.style}
        options={[
          ['solid', t('props.solid')],
          ['dashed', t('props.dashed')],
          ['dotted', t('props.dotted')],
        ]}
        onChange={(style) => patch({ rule: { ...r, style } })}
      />
    </Section>
  );
}

function FloatPanel({ block }: { block: BlockOfType<'floatContainer'> }) {
  const { t } = useEditorTranslation();
  const patch = usePatch(block);
  const f = block.float;
  return (
    <Section title={t('blocks.floatContainer')}>
      <NumberField label={t('props.x')} value={f.x} min={0} onChange={(x) => patch({ float: { ...f, x } })} />
      <NumberField label={t('props.y')} value={f.y} min={0} onChange={(y) => patch({ float: { ...f, y } })} />
      <NumberField
        label={t('props.width')}
        value={f.width}
        min={20}
        onChange={(width) => patch({ float: { ...f, width } })}
      />
      <NumberField
        label={t('props.height')}
        value={f.height}
        min={0}
        onChange={(height) => patch({ float: { ...f, ...(height ? { height } : {}) } })}
      />
    </Section>
  );
}

function CommonPanel({ block }: { block: Block }) {
  const { t } = useEditorTranslation();
  const patch = usePatch(block);
  const setMargin = (side: keyof Spacing, value: number) => patch({ margins: { ...block.margins, [side]: value } });
  return (
    <Section title={t('props.margins')}>
      <div className="qe-quad">
        {(['top', 'right', 'bottom', 'left'] as const).map((side) => (
          <NumberField
            key={side}
            label={t(`pageSetting.${side}`)}
            value={block.margins[side]}
            min={0}
            max={SPACING_MAX}
            onChange={(v) => setMargin(side, v)}
          />
        ))}
      </div>
      <NumberField
        label={t('props.width')}
        value={block.width}
        min={10}
        max={100}
        onChange={(width) => patch({ width })}
      />
      <ColorField
        label={t('props.background')}
        value={block.background}
        clearLabel={t('props.none')}
        onChange={(background) => patch({ background })}
      />
      <ColorField
        label={t('props.borderColor')}
        value={block.borderColor}
        clearLabel={t('props.none')}
        onChange={(borderColor) => patch({ borderColor })}
      />
    </Section>
  );
}

export function BlockPanel({ block }: { block: Block }) {
  const { t } = useEditorTranslation();
  const patch = usePatch(block);
  let own: React.ReactNode = null;
  switch (block.type) {
    case 'qrcode':
      own = <QrPanel block={block} />;
      break;
    case 'barcode':
      own = <BarcodePanel block={block} />;
      break;
    case 'image':
    case 'staticImage':
      own = <ImagePanel block={block} />;
      break;
    case 'table':
      own = <TablePanel block={block} />;
      break;
    case 'horizontalRule':
      own = <RulePanel block={block} />;
      break;
    case 'floatContainer':
      own = <FloatPanel block={block} />;
      break;
    case 'editItem':
      own = (
        <Section title={t('blocks.editItem')}>
          <NumberField
            label={t('props.width')}
            value={block.labelWidth}
            min={10}
            max={90}
            onChange={(labelWidth) => patch({ labelWidth })}
          />
        </Section>
      );
      break;
    default:
      own = null;
  }
  return (
    <div className="qe-panel-body">
      {own}
      <CommonPanel block={block} />
    </div>
  );
}
