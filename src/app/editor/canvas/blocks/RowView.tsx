import type { BlockOfType } from '../../../../core/model';
import { ColumnView } from '../Canvas';

/** A nested row: its columns are drop targets like a page row's. */
export function RowView({ block }: { block: BlockOfType<'row'> }) {
  return (
    <div className="qe-row qe-row-nested">
      {block.columns.map((column, i) => (
        <ColumnView key={column.id} column={column} nested index={i} />
      ))}
    </div>
  );
}
