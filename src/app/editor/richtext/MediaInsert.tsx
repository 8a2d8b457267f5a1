/**
 * Format-bar forms that put media into rich text: an inline image (from an image field, or a link)
 * and a QR code (the record link, a field's value or fixed text).
 */
import { useState } from 'react';
import type { Editor } from 'slate';
import { ReactEditor } from 'slate-react';
import type { QrValue } from '../../../core/model';
import { useEditorTranslation } from '../i18n/useEditorTranslation';
import { usePrintableFields } from './FieldPicker';
import { insertInlineImage, insertQrCode } from './slate';

/** Field types whose value is a list of files or an image link. */
export const IMAGE_FIELD_TYPES = new Set(['attachment', 'attachmentImage', 'attachments', 'image']);

function useImageFields() {
  const { groups } = usePrintableFields();
  return groups.flatMap((g) => g.items.filter((i) => IMAGE_FIELD_TYPES.has(i.field.type)));
}

export function InlineImageForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useEditorTranslation();
  const fields = useImageFields();
  const [url, setUrl] = useState('');
  const [width, setWidth] = useState(48);
  const insert = (source: { name: string } | { url: string }) => {
    ReactEditor.focus(editor);
    insertInlineImage(editor, source, width);
    onDone();
  };
  return (
    <div className="qe-media-form">
      <label className="qe-field-row">
        <span>{t('text.imageWidth')}</span>
        <input
          className="qe-input"
          type="number"
          min={8}
          max={600}
          value={width}
          onChange={(e) => setWidth(Math.max(8, Number(e.target.value) || 0))}
        />
      </label>
      <h3 className="qe-picker-group">{t('text.imageFields')}</h3>
      {fields.length === 0 ? (
        <p className="qe-muted">{t('fields.none')}</p>
      ) : (
        <ul className="qe-menu">
          {fields.map((item) => (
            <li key={item.path}>
              <button type="button" className="qe-menu-item" onClick={() => insert({ name: item.path })}>
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
          if (url.trim()) insert({ url: url.trim() });
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
        <button type="submit" className="qe-btn qe-btn-small" disabled={!url.trim()}>
          {t('text.insertLink')}
        </button>
      </form>
    </div>
  );
}

const QR_KINDS = ['currentRecord', 'recordShareUrl', 'fieldValue', 'custom'] as const;

export function QrInsertForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useEditorTranslation();
  const { groups } = usePrintableFields();
  const fields = groups.flatMap((g) => g.items);
  const [kind, setKind] = useState<(typeof QR_KINDS)[number]>('currentRecord');
  const [text, setText] = useState('');
  const [field, setField] = useState(fields[0]?.path ?? '');
  const value: QrValue =
    kind === 'custom'
      ? { type: 'custom', value: text }
      : kind === 'fieldValue'
        ? { type: 'fieldValue', fieldType: 'name', field }
        : { type: kind };
  const ready = kind === 'custom' ? text.trim() !== '' : kind === 'fieldValue' ? field !== '' : true;
  return (
    <form
      className="qe-media-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        ReactEditor.focus(editor);
        insertQrCode(editor, value);
        onDone();
      }}
    >
      <label className="qe-field-row">
        <span>{t('qr.content')}</span>
        <select className="qe-input" value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
          {QR_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`qr.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {kind === 'custom' && (
        <label className="qe-field-row">
          <span>{t('qr.value')}</span>
          <input className="qe-input" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
      )}
      {kind === 'fieldValue' && (
        <label className="qe-field-row">
          <span>{t('props.field')}</span>
          <select className="qe-input" value={field} onChange={(e) => setField(e.target.value)}>
            {fields.map((f) => (
              <option key={f.path} value={f.path}>
                {f.name ?? f.path}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="submit" className="qe-btn qe-btn-small qe-btn-primary" disabled={!ready}>
        {t('text.insertQr')}
      </button>
    </form>
  );
}
