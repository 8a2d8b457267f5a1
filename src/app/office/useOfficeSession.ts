/**
 * One Office template opened on a screen (editor, preview): its stored row, what it prints from
 * (table records or approval instances; a team document's template: the document's data source and
 * its sample instance), the record chosen, and the file filled for that record in the render
 * worker. The editor and the preview screens share it.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Storage } from '../../storage';
import type { TemplateRow } from '../../storage/types';
import { bindingSource, defaultChoice, type LoadedBinding, loadBinding, openBinding } from '../services/binding';
import { officeContentOf } from '../services/officeFile';
import type { OpenDocInput } from '../services/openSource';
import { DEFAULT_FILE_NAME_RULE, EMPTY_SOURCE, loadFileNameRule } from '../services/printing';
import type { UnsavedDraft } from '../services/saving/draft';
import { recoverUnsaved } from '../services/saving/recover';
import { getStorage } from '../services/storage';
import { useFilledFile } from './useFilledFile';

/** The picker's "no record" choice: the template filled with empty fields. */
export const NO_RECORD = 'none';

/** The document's binding; a data source that cannot be read binds nothing rather than the workspace. */
function docBinding(openDoc: OpenDocInput): LoadedBinding {
  try {
    return openBinding(openDoc);
  } catch {
    return { kind: 'none', fields: [] };
  }
}

/**
 * `edit`: the editor's session — what the save pipeline's journal kept of the last session is put
 * back before the row is read, and a draft waiting for a conflict decision comes with it.
 */
export function useOfficeSession(templateId: string, initialChoice?: string, openDoc?: OpenDocInput, edit = false) {
  const [storage, setStorage] = useState<Storage | null>(null);
  const [row, setRow] = useState<TemplateRow | null | undefined>(undefined);
  const [draft, setDraft] = useState<UnsavedDraft | null>(null);
  const [binding, setBinding] = useState<LoadedBinding>({ kind: 'none', fields: [] });
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const [rule, setRule] = useState(DEFAULT_FILE_NAME_RULE);
  // Every record of the bound table in its order: the picker shows the first page only.
  const [tableIds, setTableIds] = useState<string[]>([]);

  useEffect(() => {
    let alive = true;
    setRow(undefined);
    void (async () => {
      const db = await getStorage();
      // A storage failure while recovering must not keep the editor closed: the journal stays.
      const kept = edit ? await recoverUnsaved(db, templateId).catch(() => null) : null;
      const found = await db.templates.get(templateId);
      const loaded = found ? (openDoc ? docBinding(openDoc) : await loadBinding(db, found.tableId)) : undefined;
      const ids = loaded?.kind === 'table' ? await db.records.orderedIds(loaded.table.id) : [];
      // The downloaded file is named by the template's rule, as printing names it.
      const savedRule = await loadFileNameRule(db, templateId).catch(() => DEFAULT_FILE_NAME_RULE);
      if (!alive) return;
      setRule(savedRule);
      // Set together, so the first fill already has the record it is for.
      setDraft(kept);
      setRow(found ?? null);
      setStorage(db);
      if (!loaded) return;
      setBinding(loaded);
      setTableIds(ids);
      setChoice(initialChoice ?? defaultChoice(loaded));
    })();
    return () => {
      alive = false;
    };
  }, [templateId, initialChoice, openDoc, edit]);

  const content = useMemo(() => (row ? officeContentOf(row.content) : undefined), [row]);
  const templateRef = useMemo(
    () => (row && content ? { key: `${row.id}@${row.revision}`, content: row.content } : undefined),
    [row, content],
  );
  const sourceChoice = choice ?? NO_RECORD;
  const loadSource = useCallback(
    async () =>
      storage ? bindingSource(storage, binding, sourceChoice === NO_RECORD ? undefined : sourceChoice) : EMPTY_SOURCE,
    [storage, binding, sourceChoice],
  );
  const filled = useFilledFile(
    storage ? templateRef : undefined,
    `${binding.kind}:${sourceChoice}`,
    loadSource,
    row ? { rule, templateName: row.name, printTime: Date.now() } : undefined,
  );
  // Records of the bound table, or instance codes of the bound approval: what "all" prints.
  const recordIds = useMemo(
    () =>
      binding.kind === 'table' ? tableIds : binding.kind === 'approval' ? binding.instances.map((i) => i.code) : [],
    [binding, tableIds],
  );
  return { storage, row, setRow, draft, content, binding, choice, setChoice, sourceChoice, filled, recordIds };
}

export type OfficeSession = ReturnType<typeof useOfficeSession>;
