import type { BlockOfType } from '../../../../core/model';

/** A article block has no settings of its own: only the common ones below. */
export function ArticlePanel(_props: { block: BlockOfType<'article'> }) {
  return null;
}
