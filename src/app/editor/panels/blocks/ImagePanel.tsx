import type { BlockOfType } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { CheckField, NumberField, Section, SelectField, TextField } from '../controls';
import { FieldSelect, useAligns, usePatch } from './shared';

/** Image settings; a static image block shows the same panel without the source switch. */
export function ImagePanel({ block }: { block: BlockOfType<'image'> | BlockOfType<'staticImage'> }) {
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
            // A document's data source names its images `inline-image(s)`; a table's, `attachment…`.
            filter={(type) => type.startsWith('attachment') || type.startsWith('inline-image')}
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
