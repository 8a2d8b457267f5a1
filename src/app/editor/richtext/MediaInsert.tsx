/**
 * The settings of media inside rich text — an inline image (from an image field, or a link) and a
 * QR code (the record link, a field's value or fixed text). The format bar's insert forms and the
 * popovers that edit media already in the text share these fields, so both look and work alike.
 */
import { useState } from 'react';
import type { Editor } from 'slate';
import { ReactEditor } from 'slate-react';
import { DEFAULT_QR_CONFIG, type HorizontalAlign, type QrConfig, type QrValue } from '../../../core/model';
import { useEditorTranslation } from '../../services/i18n/editor';
import { Select } from '../../shell/Select';
import { usePrintableFields } from './FieldPicker';
import { type InlineImageSettings, insertInlineImage, insertQrCode } from './slate';

/** Field types whose value is a list of files or an image link. */
const IMAGE_FIELD_TYPES = new Set(['attachment', 'attachmentImage', 'attachments', 'image']);

function useImageFields() {
  const { groups } = usePrintableFields();
  return groups.flatMap((g) => g.items.filter((i) => IMAGE_FIELD_TYPES.has(i.field.type)));
}

function SizeInput({
  label,
  value,
  onChange,
  optional,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  optional?: boolean;
}) {
  const { t } = useEditorTranslation();
  return (
    <label className="qe-field-row">
      <span>{label}</span>
      <input
        className="qe-input"
        type="number"
        min={optional ? 0 : 8}
        max={600}
        placeholder={optional ? t('media.auto') : undefined}
        value={value ?? ''}
        onChange={(e) => {
          const n = Number(e.target.value);
          onChange(e.target.value === '' || !(n > 0) ? undefined : Math.min(600, n));
        }}
      />
    </label>
  );
}

/**
 * Source and size of an inline image. `mode` 'insert' inserts on the first choice of a source; 'edit'
 * applies each change at once to the image being edited.
 */
export function InlineImageFields({
  value,
  mode,
  onSource,
  onSize,
}: {
  value: InlineImageSettings;
  mode: 'insert' | 'edit';
  onSource: (source: { name: string } | { url: string }) => void;
  onSize: (size: { width?: number; height?: number }) => void;
}) {
  const { t } = useEditorTranslation();
  const fields = useImageFields();
  const [url, setUrl] = useState(value.url ?? '');
  const applied = mode === 'edit' && url.trim() === (value.url ?? '');
  return (
    <div className="qe-media-form">
      <div className="qe-media-sizes">
        <SizeInput
          label={t('text.imageWidth')}
          value={value.width}
          optional={mode === 'edit'}
          onChange={(width) => onSize({ width, height: value.height })}
        />
        <SizeInput
          label={t('media.height')}
          value={value.height}
          optional
          onChange={(height) => onSize({ width: value.width, height })}
        />
      </div>
      <h3 className="qe-picker-group">{t('text.imageFields')}</h3>
      {fields.length === 0 ? (
        <p className="qe-muted">{t('fields.none')}</p>
      ) : (
        <ul className="qe-menu">
          {fields.map((item) => (
            <li key={item.path}>
              <button
                type="button"
                className="qe-menu-item"
                aria-pressed={mode === 'edit' ? value.name === item.path : undefined}
                onClick={() => onSource({ name: item.path })}
              >
                {item.name ?? item.path}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="qe-field-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (url.trim()) onSource({ url: url.trim() });
        }}
      >
        <input
          className="qe-input"
          type="url"
          aria-label={t('text.imageUrl')}
          placeholder={t('text.imageUrl')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <button type="submit" className="qe-btn qe-btn-small" disabled={!url.trim() || applied}>
          {mode === 'edit' ? t('media.apply') : t('text.insertLink')}
        </button>
      </form>
    </div>
  );
}

export function InlineImageForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [size, setSize] = useState<{ width?: number; height?: number }>({ width: 48 });
  return (
    <InlineImageFields
      value={size}
      mode="insert"
      onSize={setSize}
      onSource={(source) => {
        ReactEditor.focus(editor);
        insertInlineImage(editor, source, size.width, size.height);
        onDone();
      }}
    />
  );
}

const QR_KINDS = ['currentRecord', 'recordShareUrl', 'fieldValue', 'custom'] as const;
const ALIGNS: HorizontalAlign[] = ['left', 'center', 'right'];

/** Content, size and alignment of a QR code in text. */
export function QrFields({ value, onChange }: { value: QrConfig; onChange: (config: QrConfig) => void }) {
  const { t } = useEditorTranslation();
  const { groups } = usePrintableFields();
  const fields = groups.flatMap((g) => g.items);
  const kinds: string[] = QR_KINDS.includes(value.value.type as (typeof QR_KINDS)[number])
    ? [...QR_KINDS]
    : [...QR_KINDS, value.value.type];
  const setKind = (kind: string) => {
    const next: QrValue =
      kind === 'custom'
        ? { type: 'custom', value: '' }
        : kind === 'fieldValue'
          ? { type: 'fieldValue', fieldType: 'name', field: fields[0]?.path ?? '' }
          : ({ type: kind } as QrValue);
    onChange({ ...value, value: next });
  };
  return (
    <>
      <label className="qe-field-row">
        <span>{t('qr.content')}</span>
        <Select size="small" className="qe-select" value={value.value.type} onChange={(e) => setKind(e.target.value)}>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(`qr.${k as (typeof QR_KINDS)[number]}`)}
            </option>
          ))}
        </Select>
      </label>
      {value.value.type === 'custom' && (
        <label className="qe-field-row">
          <span>{t('qr.value')}</span>
          <input
            className="qe-input"
            value={value.value.value}
            onChange={(e) => onChange({ ...value, value: { type: 'custom', value: e.target.value } })}
          />
        </label>
      )}
      {value.value.type === 'fieldValue' && (
        <label className="qe-field-row">
          <span>{t('props.field')}</span>
          <Select
            size="small"
            className="qe-select"
            value={value.value.field}
            onChange={(e) =>
              onChange({ ...value, value: { type: 'fieldValue', fieldType: 'name', field: e.target.value } })
            }
          >
            {fields.map((f) => (
              <option key={f.path} value={f.path}>
                {f.name ?? f.path}
              </option>
            ))}
          </Select>
        </label>
      )}
      <div className="qe-media-sizes">
        <label className="qe-field-row">
          <span>{t('media.qrSize')}</span>
          <input
            className="qe-input"
            type="number"
            min={24}
            max={400}
            value={value.size}
            onChange={(e) => {
              const n = Number(e.target.value);
              if (n > 0) onChange({ ...value, size: Math.min(400, n) });
            }}
          />
        </label>
        <label className="qe-field-row">
          <span>{t('media.align')}</span>
          <Select
            size="small"
            className="qe-select"
            value={value.align}
            onChange={(e) => onChange({ ...value, align: e.target.value as HorizontalAlign })}
          >
            {ALIGNS.map((a) => (
              <option key={a} value={a}>
                {t(`media.align_${a}`)}
              </option>
            ))}
          </Select>
        </label>
      </div>
    </>
  );
}

/** A QR code's content is ready to print when custom text is not empty and a field is chosen. */
function qrReady(value: QrValue): boolean {
  if (value.type === 'custom') return value.value.trim() !== '';
  if (value.type === 'fieldValue') return value.field !== '';
  return true;
}

export function QrInsertForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useEditorTranslation();
  const [config, setConfig] = useState<QrConfig>({
    size: DEFAULT_QR_CONFIG.size,
    align: 'left',
    value: { type: 'currentRecord' },
  });
  const ready = qrReady(config.value);
  return (
    <form
      className="qe-media-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        ReactEditor.focus(editor);
        insertQrCode(editor, config.value, config.size, config.align);
        onDone();
      }}
    >
      <QrFields value={config} onChange={setConfig} />
      <button type="submit" className="qe-btn qe-btn-small qe-btn-primary" disabled={!ready}>
        {t('text.insertQr')}
      </button>
    </form>
  );
}
