import type { BlockOfType } from '../../../../core/model';

/** A row block has no settings of its own: only the common ones below. */
export function RowPanel(_props: { block: BlockOfType<'row'> }) {
  return null;
}
