/** The QR code block, drawn for real (uqr) so the designer sees its size. */
import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import type { BlockOfType, QrValue } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { justify } from './shared';

/** The text a QR value stands for while editing (the printed value needs a record). */
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

export function QrcodeView({ block }: { block: BlockOfType<'qrcode'> }) {
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
