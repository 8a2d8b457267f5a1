import type { BlockOfType } from '../../../../core/model';
import { ImagePanel } from './ImagePanel';

export function StaticImagePanel({ block }: { block: BlockOfType<'staticImage'> }) {
  return <ImagePanel block={block} />;
}
