/**
 * The preview screen's "Several records…": a document template's records (or approval instances)
 * printed as Word, Excel or PowerPoint — one file, a ZIP of one file per record, or for Word one
 * document with a section per record — with progress and cancel. The same panel as the Office
 * editor's (`PrintPanel`), over every record of the bound table, not only the picker's first page.
 */
import { useEffect, useState } from 'react';
import type { FileFormat } from '../../../core/outputs/catalogue';
import type { Storage } from '../../../storage';
import type { TemplateRow } from '../../../storage/types';
import { loadBinding } from '../binding';
import { useOfficeTranslation } from '../i18n/office';
import { getStorage } from '../storage';
import { PrintPanel, type PrintTarget, printTarget } from './PrintPanel';

interface Loaded {
  storage: Storage;
  row: TemplateRow;
  target: PrintTarget | undefined;
  ids: string[];
}

/** The template, what it prints from, and every record id (in the table's order) or instance code. */
export async function loadPrintScope(storage: Storage, templateId: string): Promise<Loaded | null> {
  const row = await storage.templates.get(templateId);
  if (!row) return null;
  const binding = await loadBinding(storage, row.tableId);
  const target = printTarget(binding);
  const ids =
    target?.kind === 'table'
      ? await storage.records.orderedIds(target.tableId)
      : binding.kind === 'approval'
        ? binding.instances.map((i) => i.code)
        : [];
  return { storage, row, target, ids };
}

export function ExportBatch({
  templateId,
  currentId,
  format,
}: {
  templateId: string;
  /** The record or instance the preview shows (offered as "this record"). */
  currentId: string | undefined;
  format: FileFormat;
}) {
  const { t } = useOfficeTranslation();
  const [loaded, setLoaded] = useState<Loaded | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    setLoaded(undefined);
    void getStorage()
      .then((db) => loadPrintScope(db, templateId))
      .then((found) => {
        if (alive) setLoaded(found);
      });
    return () => {
      alive = false;
    };
  }, [templateId]);

  if (loaded === undefined) return <p className="of-muted" aria-busy="true" />;
  if (!loaded?.target) return <p className="of-muted">{t('print.noTable')}</p>;
  return (
    <PrintPanel
      storage={loaded.storage}
      template={loaded.row}
      target={loaded.target}
      currentId={currentId && loaded.ids.includes(currentId) ? currentId : undefined}
      allIds={loaded.ids}
      initialFormat={format}
    />
  );
}
