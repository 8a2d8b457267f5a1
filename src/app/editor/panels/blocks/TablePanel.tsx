import { useAtomValue } from 'jotai';
import { type BlockOfType, TableOps } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { editTableBlock, updateCell } from '../../state/commands';
import { fieldsAtom, useCommand, useSelectedCell } from '../../state/store';
import { BORDER_WIDTHS, CheckField, ColorField, NumberField, Section, SelectField } from '../controls';
import { FilterBuilder } from '../FilterBuilder';

export function TablePanel({ block }: { block: BlockOfType<'table'> }) {
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
