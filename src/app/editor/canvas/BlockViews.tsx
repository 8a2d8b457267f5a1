/** The non-text blocks as they will print, drawn for editing (QR codes are real, bar codes sketched). */
import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import type { BlockOfType, QrValue } from '../../../core/model';
import { useEditorTranslation } from '../i18n/useEditorTranslation';

const justify = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

export function qrText(value: QrValue): string {
  switch (value.type) {
    case 'custom':
      return value.value;
    case 'fieldValue':
      return `{${value.field}}`;
    case 'view':
      return `view:${value.viewId}`;
    default:
      return value.type;
  }
}

export function QrView({ block }: { block: BlockOfType<'qrcode'> }) {
  const { t } = useEditorTranslation();
  const { size, align, value } = block.qrcode;
  const text = qrText(value) || ' ';
  const svg = useMemo(() => renderSVG(text, { border: 0 }), [text]);
  const caption =
    value.type === 'custom' ? value.value : value.type === 'fieldValue' ? `{${value.field}}` : t(`qr.${value.type}`);
  return (
    <figure className="qe-media" style={{ justifyContent: justify[align] }}>
      <span
        className="qe-qr"
        style={{ width: size, height: size }}
        role="img"
        aria-label={`${t('blocks.qrcode')}: ${caption}`}
      >
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: uqr renders the SVG from our own text */}
        <span dangerouslySetInnerHTML={{ __html: svg }} />
      </span>
      <figcaption className="qe-media-caption">{caption}</figcaption>
    </figure>
  );
}

export function BarcodeView({ block }: { block: BlockOfType<'barcode'> }) {
  const { t } = useEditorTranslation();
  const b = block.barcode;
  const value = b.valueType === 'field' ? `{${b.fieldName ?? ''}}` : b.value;
  return (
    <figure className="qe-media" style={{ justifyContent: justify[b.align] }}>
      <span
        className="qe-barcode"
        role="img"
        aria-label={`${t('blocks.barcode')} ${b.format}: ${value}`}
        style={{ background: b.background }}
      >
        <span
          className="qe-bars"
          style={{
            height: b.height,
            backgroundImage: `repeating-linear-gradient(90deg, ${b.lineColor} 0 ${b.width}px, transparent ${b.width}px ${b.width * 2}px, ${b.lineColor} ${b.width * 2}px ${b.width * 2.5}px, transparent ${b.width * 2.5}px ${b.width * 4}px)`,
          }}
        />
        {b.displayValue && (
          <span className="qe-bar-text" style={{ fontSize: b.fontSize, color: b.lineColor }}>
            {value || b.format}
          </span>
        )}
      </span>
    </figure>
  );
}

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

export function RuleView({ block }: { block: BlockOfType<'horizontalRule'> }) {
  const r = block.rule;
  return <hr className="qe-rule" style={{ borderTop: `${r.width}pt ${r.style} ${r.color}` }} />;
}
