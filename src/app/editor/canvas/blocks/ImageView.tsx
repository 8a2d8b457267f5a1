/** Image blocks: a static image as it will print, an attachment field as its binding. */
import type { BlockOfType } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { justify } from './shared';

export function ImageView({ block }: { block: BlockOfType<'image'> | BlockOfType<'staticImage'> }) {
  const { t } = useEditorTranslation();
  const image = block.image;
  if (image.mode === 'static') {
    return (
      <figure className="qe-media" style={{ justifyContent: justify[image.align] }}>
        {image.url ? (
          <img
            src={image.url}
            alt={image.file?.fileName ?? t('blocks.staticImage')}
            style={{ width: image.width ?? 'auto', maxWidth: '100%' }}
          />
        ) : (
          <span className="qe-image-empty">{t('image.upload')}</span>
        )}
      </figure>
    );
  }
  return (
    <figure className="qe-media">
      <span className="qe-image-empty">
        {image.fieldName ? `{${image.fieldName}}` : t('image.attachment')} · {t(`image.${image.imageDisplayMode}`)}
      </span>
    </figure>
  );
}
