/** The bar code block, sketched (the real bars need the record's value). */
import type { BlockOfType } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { justify } from './shared';

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
