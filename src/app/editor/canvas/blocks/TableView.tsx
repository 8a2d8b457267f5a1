/** A table block while editing: every cell is a rich-text area; merges span; repeated rows are marked. */
import { useAtomValue } from 'jotai';
import type { CSSProperties } from 'react';
import { type BlockOfType, type BorderSide, TableOps } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { updateCellContent } from '../../richtext/commands';
import { RichTextEditor } from '../../richtext/RichTextEditor';
import { selectCell } from '../../state/commands';
import { fieldsAtom, useCommand, useSelectedCell } from '../../state/store';

const border = (side: BorderSide | undefined) => (side ? `${side.width}pt ${side.style} ${side.color}` : undefined);

export function TableView({ block }: { block: BlockOfType<'table'> }) {
  const { t } = useEditorTranslation();
  const run = useCommand();
  const fields = useAtomValue(fieldsAtom);
  const table = block.table;
  const total = table.columns.reduce((s, c) => s + c.width, 0);
  const selected = useSelectedCell(block.id);
  const bodyStart = table.headerRowCount;
  const bodyEnd = table.rows.length - table.footerRowCount;
  const listFields = table.dynamicRows
    ? (fields.find((f) => f.path === table.dynamicRows!.rootPath)?.children ?? [])
    : null;
  const base = border(table.border);

  return (
    <table className="qe-table" style={{ border: base }}>
      <colgroup>
        {table.columns.map((c) => (
          <col key={c.id} style={{ width: `${(c.width / total) * 100}%` }} />
        ))}
      </colgroup>
      <tbody>
        {table.rows.map((row, r) => {
          const repeated = Boolean(table.dynamicRows) && r >= bodyStart && r < bodyEnd;
          const kind = r < bodyStart ? 'header' : r >= bodyEnd ? 'footer' : 'body';
          return (
            <tr
              key={row.id}
              className={`qe-tr qe-tr-${kind}${repeated ? ' qe-tr-repeat' : ''}`}
              style={{ height: row.height }}
            >
              {row.cells.map((cell, c) => {
                const merge = TableOps.mergeAt(table, r, c);
                if (merge && (merge.rowIndex !== r || merge.colIndex !== c)) return null;
                const isSelected = selected?.row === r && selected.col === c;
                const style: CSSProperties = {
                  verticalAlign: cell.verticalAlign,
                  background: cell.background,
                  borderTop: border(cell.borders.top) ?? base,
                  borderRight: border(cell.borders.right) ?? base,
                  borderBottom: border(cell.borders.bottom) ?? base,
                  borderLeft: border(cell.borders.left) ?? base,
                };
                return (
                  <td
                    key={cell.id}
                    rowSpan={merge?.rowSpan}
                    colSpan={merge?.colSpan}
                    style={style}
                    className={isSelected ? 'qe-td qe-td-selected' : 'qe-td'}
                    onFocus={() => run(selectCell, block.id, r, c)}
                    onMouseDown={() => run(selectCell, block.id, r, c)}
                  >
                    <RichTextEditor
                      blockId={block.id}
                      value={cell.content}
                      label={t('table.cellLabel', { row: r + 1, col: c + 1 })}
                      listFields={repeated ? listFields : null}
                      onChange={(content, mediaEdit) => run(updateCellContent, block.id, r, c, content, mediaEdit)}
                    />
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
