import type { BlockOfType } from '../../../../core/model';

/** A richText block has no settings of its own: only the common ones below. */
export function RichTextPanel(_props: { block: BlockOfType<'richText'> }) {
  return null;
}
