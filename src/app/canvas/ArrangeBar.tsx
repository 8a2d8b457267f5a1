/** The arrange row: align and distribute the selection, z-order, copy/paste, zoom. */

import { useCanvasTranslation } from '../services/i18n/canvas';
import type { Alignment, Layer } from './arrange';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

export function ArrangeBar({
  count,
  canPaste,
  zoom,
  onAlign,
  onDistribute,
  onLayer,
  onCopy,
  onPaste,
  onZoom,
}: {
  count: number;
  canPaste: boolean;
  zoom: number;
  onAlign: (to: Alignment) => void;
  onDistribute: (axis: 'horizontal' | 'vertical') => void;
  onLayer: (to: Layer) => void;
  onCopy: () => void;
  onPaste: () => void;
  onZoom: (zoom: number) => void;
}) {
  const { t } = useCanvasTranslation();
  const button = (id: string, label: string, onClick: () => void, disabled: boolean) => (
    <button
      key={id}
      type="button"
      className="btn cv-tool"
      data-testid={`canvas-${id}`}
      onClick={onClick}
      disabled={disabled}
    >
      {label}
    </button>
  );
  const step = (dir: 1 | -1) => {
    const i = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
    const next = ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, (i < 0 ? 2 : i) + dir))];
    if (next) onZoom(next);
  };
  return (
    <div className="cv-toolbar cv-arrange" role="toolbar" aria-label={t('arrange')}>
      <span className="cv-toolbar-label">{t('arrange')}:</span>
      {(['left', 'center', 'right', 'top', 'middle', 'bottom'] as const).map((a) =>
        button(`align-${a}`, t(`alignTo.${a}`), () => onAlign(a), count < 1),
      )}
      {button('distribute-h', t('distributeH'), () => onDistribute('horizontal'), count < 3)}
      {button('distribute-v', t('distributeV'), () => onDistribute('vertical'), count < 3)}
      <span className="cv-toolbar-sep" />
      {button('front', t('layer.front'), () => onLayer('front'), count < 1)}
      {button('forward', t('layer.forward'), () => onLayer('forward'), count < 1)}
      {button('backward', t('layer.backward'), () => onLayer('backward'), count < 1)}
      {button('back', t('layer.back'), () => onLayer('back'), count < 1)}
      <span className="cv-toolbar-sep" />
      {button('copy', t('copy'), onCopy, count < 1)}
      {button('paste', t('paste'), onPaste, !canPaste)}
      <span className="cv-toolbar-sep" />
      {button('zoom-out', '−', () => step(-1), zoom <= ZOOMS[0])}
      <output className="cv-zoom" data-testid="canvas-zoom" aria-label={t('zoom')}>
        {Math.round(zoom * 100)}%
      </output>
      {button('zoom-in', '+', () => step(1), zoom >= ZOOMS[ZOOMS.length - 1]!)}
    </div>
  );
}
