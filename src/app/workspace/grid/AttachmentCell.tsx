import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { attachFiles, type CellValue, type Storage, type StoredAttachment, type TableField } from '../../../storage';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';
import { trackSave } from '../../services/storageWrites';

interface Props {
  storage: Storage;
  recordId: string;
  field: TableField;
  value: CellValue | undefined;
  /** Writes the cell's new list (the grid's own save: revision check, unsaved marking). */
  onChange: (next: StoredAttachment[] | undefined) => void;
}

const isImage = (a: StoredAttachment) => a.mime.startsWith('image/');

/** A thumbnail from the asset store; the object URL lives exactly as long as the element. */
function AssetThumb({ storage, hash, name }: { storage: Storage; hash: string; name: string }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    let objectUrl: string | undefined;
    let live = true;
    void storage.assets.getBlob(hash).then((blob) => {
      if (!blob || !live) return;
      objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [storage, hash]);
  return url ? <img className="ws-att-thumb" src={url} alt={name} /> : <span className="ws-att-thumb empty" />;
}

/** An attachment cell: file chips (with image thumbnails), remove buttons, and "Attach files". */
export function AttachmentCell({ storage, recordId, field, value, onChange }: Props) {
  const { t } = useWorkspaceTranslation();
  const input = useRef<HTMLInputElement>(null);
  const list = Array.isArray(value) ? (value as StoredAttachment[]) : [];

  const attach = async (files: File[]) => {
    if (files.length === 0) return;
    try {
      await trackSave(() =>
        attachFiles(
          storage,
          recordId,
          field.id,
          files.map((file) => ({ blob: file, name: file.name })),
        ),
      );
    } catch {
      // trackSave already raised the storage banner; nothing half-written remains.
    }
  };
  const remove = (index: number) => {
    const next = list.filter((_, i) => i !== index);
    onChange(next.length > 0 ? next : undefined);
  };
  // The grid's key handler would turn Enter/space on these buttons into cell edits.
  const keepKeys = (event: KeyboardEvent) => event.stopPropagation();

  return (
    <span className="ws-chips ws-att" title={list.map((a) => a.name).join('\n')}>
      <button
        type="button"
        className="ws-att-add"
        onKeyDown={keepKeys}
        aria-label={t('grid.attachFiles')}
        title={t('grid.attachFiles')}
        onClick={(event) => {
          event.stopPropagation();
          input.current?.click();
        }}
      >
        +
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="attach-input"
        accept={field.type === 'attachmentImage' ? 'image/*' : undefined}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void attach(files);
        }}
      />
      {list.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be attached twice; position tells them apart
        <span key={`${i}:${a.assetHash ?? a.url ?? a.name}`} className="ws-chip ws-att-chip" title={a.name}>
          {a.assetHash && isImage(a) && <AssetThumb storage={storage} hash={a.assetHash} name={a.name} />}
          <span className="ws-att-name">{a.name}</span>
          <button
            type="button"
            className="ws-att-remove"
            onKeyDown={keepKeys}
            aria-label={t('grid.removeAttachment', { name: a.name })}
            title={t('grid.removeAttachment', { name: a.name })}
            onClick={(event) => {
              event.stopPropagation();
              remove(i);
            }}
          >
            ×
          </button>
        </span>
      ))}
    </span>
  );
}
