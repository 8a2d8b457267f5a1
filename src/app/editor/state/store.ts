/**
 * The React side of the editor state: jotai atoms around the pure EditorState, a `useCommand` hook
 * that applies a command and turns a refused edit into a visible message instead of a crash, and
 * small atoms for UI-only state (the active rich-text editor, the field panel, save status).
 */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useCallback, useMemo } from 'react';
import type { Editor } from 'slate';
import type { ParsedTemplateContent } from '../../../core/model';
import type { FieldOption } from '../../services/fieldTree';
import type { OpenFieldGroup } from '../../services/openSource';
import type { ApprovalFieldGroup } from '../approvalFields';
import { canRedo, canUndo, createEditorState, type EditorState, selectedBlock } from './commands';

export const editorStateAtom = atom<EditorState>(
  createEditorState({
    document: { pages: [{ id: 'empty', rows: [] }], sections: [], signatureList: [] },
  } as unknown as ParsedTemplateContent),
);

export const editErrorAtom = atom<string | null>(null);

/** The rich-text editor the user last typed in; the field panel and the format bar act on it. */
export const activeSlateAtom = atom<{ editor: Editor; blockId: string } | null>(null);

export const fieldsAtom = atom<FieldOption[]>([]);
export const tableNameAtom = atom<string>('');
/** Form, system and signature variables when the template is bound to an approval definition. */
export const approvalGroupsAtom = atom<ApprovalFieldGroup[]>([]);
/** The template is bound to an approval: the insert menu offers the approval-only blocks. */
export const approvalBoundAtom = atom<boolean>(false);
/** A team document's data-source groups: the field panel lists these instead of a table's fields. */
export const openGroupsAtom = atom<OpenFieldGroup[]>([]);

/** The last preview's issues per block id (empty after a clean render): the canvas outlines those blocks. */
export const previewIssuesAtom = atom<Record<string, string[]>>({});

/** Rich text inside a table with dynamic rows reads item-relative names: the field panel offers those. */
export const listContextAtom = atom<FieldOption[] | null>(null);

/*
 * Narrow views of the state. Model edits share every unchanged object, so a component reading one
 * of these re-renders only when its slice changed, not on every keystroke elsewhere.
 */
export const presentAtom = atom((get) => get(editorStateAtom).history.present);
export const pagesAtom = atom((get) => get(presentAtom).document.pages);
export const pageSettingAtom = atom((get) => get(presentAtom).pageSetting);
export const settingsAtom = atom((get) => get(presentAtom).settings);
export const currentPageIdAtom = atom((get) => get(editorStateAtom).selection.pageId);
export const canUndoAtom = atom((get) => canUndo(get(editorStateAtom).history));
export const canRedoAtom = atom((get) => canRedo(get(editorStateAtom).history));
export const hasClipboardAtom = atom((get) => get(editorStateAtom).clipboard !== null);
export const selectedBlockAtom = atom((get) => selectedBlock(get(editorStateAtom)));
export const hasColumnsAtom = atom((get) => get(pagesAtom).some((p) => p.rows.some((r) => r.columns.length > 1)));

/** Whether this block is the selected one: only the blocks whose answer changed re-render. */
export function useBlockSelected(blockId: string): boolean {
  const selected = useMemo(() => atom((get) => get(editorStateAtom).selection.blockId === blockId), [blockId]);
  return useAtomValue(selected);
}

/** The selected cell when it lies in this table block, else null (stable while it does not move). */
export function useSelectedCell(blockId: string): { row: number; col: number } | null {
  const cell = useMemo(
    () =>
      selectAtom(
        editorStateAtom,
        (s) => (s.selection.blockId === blockId ? (s.selection.cell ?? null) : null),
        (a, b) => a === b || (a !== null && b !== null && a.row === b.row && a.col === b.col),
      ),
    [blockId],
  );
  return useAtomValue(cell);
}

/** Applies a pure command; a refused edit (an invalid table merge, say) shows a message. */
export function useCommand() {
  const setState = useSetAtom(editorStateAtom);
  const setError = useSetAtom(editErrorAtom);
  return useCallback(
    <A extends unknown[]>(command: (state: EditorState, ...args: A) => EditorState, ...args: A) => {
      setState((state) => {
        try {
          const next = command(state, ...args);
          return next;
        } catch (error) {
          queueMicrotask(() => setError(error instanceof Error ? error.message : String(error)));
          return state;
        }
      });
    },
    [setState, setError],
  );
}
