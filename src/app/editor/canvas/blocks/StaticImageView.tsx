import type { BlockOfType } from '../../../../core/model';
import { ImageView } from './ImageView';

export function StaticImageView({ block }: { block: BlockOfType<'staticImage'> }) {
  return <ImageView block={block} />;
}
