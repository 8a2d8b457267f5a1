/**
 * "New attachment template" on a table's template list (issue #30): the table's attachment fields,
 * all of them in the table's order, on A4 with no cover; then opened in its editor. A table with
 * no attachment field says so and stores nothing.
 */
import { useState } from 'react';
import { EditorMode } from '../../../core/model/types';
import type { TemplateRow } from '../../../storage/types';
import { useOfficeTranslation } from '../i18n/office';
import { getStorage } from '../storage';

const FILE_TYPES = new Set<string>(['attachment', 'attachmentImage']);

async function createAttachmentTemplate(tableId: string, name: string): Promise<TemplateRow | null> {
  const db = await getStorage();
  const table = await db.tables.get(tableId);
  const fields = (table?.fields ?? []).filter((field) => FILE_TYPES.has(field.type)).map((field) => field.id);
  if (fields.length === 0) return null;
  return db.templates.create({
    name,
    baseId: table?.baseId ?? 'local',
    tableId,
    type: EditorMode.AttachmentTemplate,
    content: JSON.stringify({ kind: 'attachment', schemaVersion: 1, fields }),
  });
}

export function NewAttachmentTemplate({
  tableId,
  onCreated,
}: {
  tableId: string;
  onCreated: (row: TemplateRow) => void;
}) {
  const { t } = useOfficeTranslation();
  const [busy, setBusy] = useState(false);
  const [none, setNone] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn"
        data-testid="attachment-new"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setNone(false);
          void createAttachmentTemplate(tableId, t('attachment.newName'))
            .then((row) => (row ? onCreated(row) : setNone(true)))
            .finally(() => setBusy(false));
        }}
      >
        {t('attachment.newTemplate')}
      </button>
      {none ? (
        <span role="alert" className="muted">
          {t('attachment.noField')}
        </span>
      ) : null}
    </>
  );
}
