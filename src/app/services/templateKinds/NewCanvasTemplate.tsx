/** "New canvas template" on a template list: a blank A4 page, stored like every template, then opened. */
import { useState } from 'react';
import { EditorMode } from '../../../core/model/types';
import type { TemplateRow } from '../../../storage/types';
import { blankCanvas } from '../canvasContent';
import { useCanvasTranslation } from '../i18n/canvas';
import { getStorage } from '../storage';

async function createCanvasTemplate(tableId: string, name: string): Promise<TemplateRow> {
  const db = await getStorage();
  const table = await db.tables.get(tableId);
  return db.templates.create({
    name,
    baseId: table?.baseId ?? 'local',
    tableId,
    type: EditorMode.Design,
    content: JSON.stringify(blankCanvas()),
  });
}

export function NewCanvasTemplate({ tableId, onCreated }: { tableId: string; onCreated: (row: TemplateRow) => void }) {
  const { t } = useCanvasTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn cv-new"
      data-testid="canvas-new"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void createCanvasTemplate(tableId, t('newName'))
          .then(onCreated)
          .finally(() => setBusy(false));
      }}
    >
      {t('newTemplate')}
    </button>
  );
}
