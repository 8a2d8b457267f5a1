/**
 * "New Word / Excel / PowerPoint template" on a template list: the designer picks a file of that
 * kind; it is checked in the render worker (zip limits, DTDs, macros, path traversal) before it is
 * stored, so a refused file leaves the user's data as it was and shows the catalogued error.
 */
import { useRef, useState } from 'react';
import { acceptOf, OFFICE_KINDS, type OfficeKind, TEMPLATE_KINDS } from '../../../core/outputs/catalogue';
import type { TemplateRow } from '../../../storage/types';
import { fileBytes } from '../download';
import { useOfficeTranslation } from '../i18n/office';
import { officeContentFromUpload } from '../officeFile';
import { ErrorPanel } from '../print/ErrorPanel';
import { checkInWorker } from '../print/workerCheck';
import { getStorage } from '../storage';

/** The template's name: the file's name without its extension. */
function templateNameOf(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '').trim() || fileName;
}

/** Checks and stores an uploaded file as a new template bound to `tableId`. Throws what refused it. */
async function createOfficeTemplate(
  file: { name: string; bytes: Uint8Array },
  kind: OfficeKind,
  tableId: string,
): Promise<TemplateRow> {
  const content = officeContentFromUpload(file.bytes, file.name, kind);
  const problem = await checkInWorker(content);
  if (problem !== undefined) throw problem;
  const db = await getStorage();
  const table = await db.tables.get(tableId);
  return db.templates.create({
    name: templateNameOf(file.name),
    baseId: table?.baseId ?? 'local',
    tableId,
    type: TEMPLATE_KINDS[kind].upload.editorMode,
    content: JSON.stringify(content),
  });
}

export function NewOfficeTemplate({ tableId, onCreated }: { tableId: string; onCreated: (row: TemplateRow) => void }) {
  const { t } = useOfficeTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<OfficeKind>('docx');
  const [checking, setChecking] = useState<string | undefined>();
  const [error, setError] = useState<unknown>();

  const pick = (next: OfficeKind) => {
    setKind(next);
    setError(undefined);
    const el = input.current;
    if (!el) return;
    // The picker opens now, before React re-renders: its accept list is set by hand.
    el.accept = acceptOf(next);
    el.click();
  };
  const upload = async (file: File) => {
    setChecking(file.name);
    setError(undefined);
    try {
      onCreated(await createOfficeTemplate({ name: file.name, bytes: await fileBytes(file) }, kind, tableId));
    } catch (e) {
      setError(e);
    } finally {
      setChecking(undefined);
    }
  };

  return (
    <div className="of-new" data-testid="office-new">
      <div className="of-new-buttons">
        {OFFICE_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            className="btn of-new-button"
            data-kind={k}
            disabled={checking !== undefined}
            onClick={() => pick(k)}
          >
            {t(`newTemplate.${k}`)}
          </button>
        ))}
      </div>
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptOf(kind)}
        data-testid="office-upload-input"
        data-kind={kind}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {checking ? (
        <p className="of-muted" role="status" aria-busy="true">
          {t('checking', { file: checking })}
        </p>
      ) : null}
      {error !== undefined ? <ErrorPanel error={error} /> : null}
    </div>
  );
}
