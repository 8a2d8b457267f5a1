/**
 * The properties panel of one field, by type: place and size in mm and rotation for every field;
 * text (content with tags, font, size, alignment, colour), multi-variable text, bar code kind,
 * table columns bound to a list, images and signatures (bound, uploaded or drawn), check boxes and
 * shape colours. Binding is picked from the table's or approval's fields (bindings.ts).
 */
import type { ReactNode } from 'react';
import english from '../../i18n/locales/en-US/canvas.json';
import { type CanvasField, CODE_TYPES, FONT_CHOICES, withColumns } from '../services/canvasContent';
import { useCanvasTranslation } from '../services/i18n/canvas';
import { Select } from '../shell/Select';
import { applyBinding, type BindOption, isCodeField } from './bindings';
import { DrawPad } from './DrawPad';

/** A field type the designer names in words (`types.<type>`); another keeps its own name. */
const hasTypeName = (type: string): type is keyof typeof english.types => Object.hasOwn(english.types, type);

const TEXT_TYPES = new Set(['text', 'multiVariableText', 'date', 'time', 'dateTime', 'select']);
const SHAPES = new Set(['line', 'rectangle', 'ellipse']);
/** Bar code names are the same in every language; the QR code's is translated. */
const CODE_NAMES: Record<string, string> = {
  code128: 'Code 128',
  code39: 'Code 39',
  ean13: 'EAN-13',
  ean8: 'EAN-8',
  upca: 'UPC-A',
  upce: 'UPC-E',
  itf14: 'ITF-14',
  nw7: 'NW-7 (Codabar)',
  japanpost: 'Japan Post',
  gs1datamatrix: 'GS1 DataMatrix',
  pdf417: 'PDF417',
};

interface FieldPropertiesProps {
  field: CanvasField;
  bindOptions: BindOption[];
  patch: (fn: (f: CanvasField) => CanvasField) => void;
  onRotate: (degrees: number) => void;
  onRemove: () => void;
}

function readImage(file: File): Promise<string | undefined> {
  if (!/^image\/(png|jpeg)$/.test(file.type)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : undefined);
    reader.onerror = () => resolve(undefined);
    reader.readAsDataURL(file);
  });
}

export function FieldProperties({ field, bindOptions, patch, onRotate, onRemove }: FieldPropertiesProps) {
  const { t } = useCanvasTranslation();
  const num = (
    label: string,
    value: number,
    id: string,
    set: (f: CanvasField, v: number) => CanvasField,
    step = 0.1,
  ) => (
    <label className="cv-prop">
      <span>{label}</span>
      <input
        type="number"
        step={step}
        data-testid={`canvas-prop-${id}`}
        value={value}
        onChange={(e) => {
          const v = Number(e.target.value);
          if (e.target.value !== '' && Number.isFinite(v)) patch((f) => set(f, v));
        }}
      />
    </label>
  );
  const color = (label: string, key: string, fallback: string) => (
    <label className="cv-prop">
      <span>{label}</span>
      <input
        type="color"
        data-testid={`canvas-prop-${key}`}
        value={
          typeof field[key] === 'string' && /^#[0-9a-f]{6}$/i.test(field[key] as string)
            ? (field[key] as string)
            : fallback
        }
        onChange={(e) => {
          const value = e.target.value;
          patch((f) => ({ ...f, [key]: value }));
        }}
      />
    </label>
  );
  const binder = (label: string): ReactNode =>
    bindOptions.length ? (
      <label className="cv-prop cv-wide">
        <span>{label}</span>
        <Select
          data-testid="canvas-bind"
          value=""
          onChange={(e) => {
            const option = bindOptions.find((o) => o.id === e.target.value);
            if (option) patch((f) => applyBinding(f, option));
          }}
        >
          <option value="">{t('pickField')}</option>
          {bindOptions.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </Select>
      </label>
    ) : null;
  const contentBox = (key: 'content' | 'text', hint: string) => (
    <label className="cv-prop cv-wide">
      <span>{key === 'text' ? t('variablesText') : t('content')}</span>
      <textarea
        data-testid={`canvas-prop-${key}`}
        rows={3}
        value={(field[key] as string | undefined) ?? ''}
        placeholder={hint}
        onChange={(e) => {
          const value = e.target.value;
          patch((f) => ({ ...f, [key]: value }));
        }}
      />
    </label>
  );
  const columns =
    field.type === 'table'
      ? (field.columns ?? []).map((cell, i) => ({
          cell,
          head: String((field.head as unknown[] | undefined)?.[i] ?? ''),
        }))
      : [];
  const setColumns = (next: { head: string; cell: string }[]) => patch((f) => withColumns(f, next));

  return (
    <>
      <p className="cv-field-name">
        {t('field')}: <strong>{field.name}</strong> · {hasTypeName(field.type) ? t(`types.${field.type}`) : field.type}
      </p>
      <div className="cv-grid">
        {num(t('x'), field.position.x, 'x', (f, v) => ({ ...f, position: { ...f.position, x: v } }))}
        {num(t('y'), field.position.y, 'y', (f, v) => ({ ...f, position: { ...f.position, y: v } }))}
        {num(t('width'), field.width, 'width', (f, v) => ({ ...f, width: Math.max(0.1, v) }))}
        {num(t('height'), field.height, 'height', (f, v) => ({ ...f, height: Math.max(0.1, v) }))}
        <label className="cv-prop">
          <span>{t('rotate')}</span>
          <input
            type="number"
            step={1}
            data-testid="canvas-prop-rotate"
            value={field.rotate ?? 0}
            onChange={(e) => {
              const v = Number(e.target.value);
              if (Number.isFinite(v)) onRotate(v);
            }}
          />
        </label>
        {num(t('opacity'), field.opacity ?? 1, 'opacity', (f, v) => ({ ...f, opacity: Math.min(1, Math.max(0, v)) }))}
      </div>

      {field.type === 'multiVariableText' ? contentBox('text', t('variablesHint')) : null}
      {TEXT_TYPES.has(field.type) && field.type !== 'multiVariableText'
        ? contentBox('content', t('contentHint'))
        : null}
      {isCodeField(field) ? (
        <>
          <label className="cv-prop cv-wide">
            <span>{t('codeType')}</span>
            <Select
              data-testid="canvas-prop-code-type"
              value={field.type}
              onChange={(e) => {
                const type = e.target.value as CanvasField['type'];
                patch((f) => ({ ...f, type }));
              }}
            >
              {CODE_TYPES.map((c) => (
                <option key={c} value={c}>
                  {CODE_NAMES[c] ?? t('types.qrcode')}
                </option>
              ))}
            </Select>
          </label>
          {contentBox('content', t('codeHint'))}
        </>
      ) : null}
      {field.type === 'checkbox' ? contentBox('content', t('checkHint')) : null}
      {field.type === 'image' || field.type === 'signature' ? (
        <>
          <p className="cv-muted">
            {field.content?.startsWith('data:') ? t('staticImage') : field.content || t('noImage')}
          </p>
          <label className="cv-prop cv-wide">
            <span>{t('uploadImage')}</span>
            <input
              type="file"
              accept="image/png,image/jpeg"
              data-testid="canvas-image-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file)
                  void readImage(file).then((url) => {
                    if (url) patch((f) => ({ ...f, content: url }));
                  });
              }}
            />
          </label>
          {field.type === 'signature' ? (
            <DrawPad
              label={t('drawSignature')}
              clearLabel={t('clear')}
              useLabel={t('useDrawing')}
              onDrawn={(url) => patch((f) => ({ ...f, content: url }))}
            />
          ) : null}
        </>
      ) : null}
      {field.type === 'table' ? (
        <fieldset className="cv-columns" data-testid="canvas-columns">
          <legend>{t('columns')}</legend>
          <p className="cv-muted">{field.content ? `${t('rowsFrom')} ${field.content}` : t('pickList')}</p>
          {columns.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their place
            <div className="cv-column" key={i}>
              <input
                aria-label={t('columnHead')}
                value={c.head}
                data-testid="canvas-column-head"
                onChange={(e) => setColumns(columns.map((x, j) => (j === i ? { ...x, head: e.target.value } : x)))}
              />
              <input
                aria-label={t('columnCell')}
                value={c.cell}
                data-testid="canvas-column-cell"
                onChange={(e) => setColumns(columns.map((x, j) => (j === i ? { ...x, cell: e.target.value } : x)))}
              />
              <button type="button" className="btn" onClick={() => setColumns(columns.filter((_, j) => j !== i))}>
                ×
              </button>
            </div>
          ))}
          <button type="button" className="btn" onClick={() => setColumns([...columns, { head: '', cell: '' }])}>
            {t('addColumn')}
          </button>
        </fieldset>
      ) : null}

      {!SHAPES.has(field.type) ? binder(field.type === 'table' ? t('bindList') : t('insertField')) : null}

      {TEXT_TYPES.has(field.type) || field.type === 'table' ? (
        <div className="cv-grid">
          {num(t('fontSize'), field.fontSize ?? 12, 'font-size', (f, v) => ({ ...f, fontSize: Math.max(1, v) }), 0.5)}
          <label className="cv-prop">
            <span>{t('font')}</span>
            <Select
              data-testid="canvas-prop-font"
              value={field.fontName ?? FONT_CHOICES[0]}
              onChange={(e) => {
                const fontName = e.target.value;
                patch((f) => ({ ...f, fontName }));
              }}
            >
              {[...new Set([field.fontName ?? FONT_CHOICES[0], ...FONT_CHOICES])].map((name) => (
                <option key={name} value={name}>
                  {name.replace(/_/g, ' ')}
                </option>
              ))}
            </Select>
          </label>
          {field.type !== 'table' ? (
            <>
              <label className="cv-prop">
                <span>{t('alignment')}</span>
                <Select
                  data-testid="canvas-prop-alignment"
                  value={field.alignment ?? 'left'}
                  onChange={(e) => {
                    const alignment = e.target.value as 'left' | 'center' | 'right';
                    patch((f) => ({ ...f, alignment }));
                  }}
                >
                  {(['left', 'center', 'right'] as const).map((a) => (
                    <option key={a} value={a}>
                      {t(`align.${a}`)}
                    </option>
                  ))}
                </Select>
              </label>
              <label className="cv-prop">
                <span>{t('verticalAlignment')}</span>
                <Select
                  data-testid="canvas-prop-valign"
                  value={field.verticalAlignment ?? 'top'}
                  onChange={(e) => {
                    const verticalAlignment = e.target.value as 'top' | 'middle' | 'bottom';
                    patch((f) => ({ ...f, verticalAlignment }));
                  }}
                >
                  {(['top', 'middle', 'bottom'] as const).map((a) => (
                    <option key={a} value={a}>
                      {t(`valign.${a}`)}
                    </option>
                  ))}
                </Select>
              </label>
              {color(t('fontColor'), 'fontColor', '#000000')}
            </>
          ) : null}
        </div>
      ) : null}
      {SHAPES.has(field.type) || field.type === 'checkbox' ? (
        <div className="cv-grid">
          {color(t('color'), 'color', '#000000')}
          {field.type === 'rectangle' || field.type === 'ellipse' ? (
            <>
              {color(t('borderColor'), 'borderColor', '#000000')}
              {num(
                t('borderWidth'),
                typeof field.borderWidth === 'number' ? field.borderWidth : 0.3,
                'border-width',
                (f, v) => ({ ...f, borderWidth: Math.max(0, v) }),
              )}
            </>
          ) : null}
        </div>
      ) : null}
      {isCodeField(field) ? <div className="cv-grid">{color(t('barColor'), 'barColor', '#000000')}</div> : null}
      <button type="button" className="btn cv-remove" onClick={onRemove}>
        {t('remove')}
      </button>
    </>
  );
}
