/**
 * The React side of the editor state: jotai atoms around the pure EditorState, a `useCommand` hook
 * that applies a command and turns a refused edit into a visible message instead of a crash, and
 * small atoms for UI-only state (the active rich-text editor, the field panel, save status).
 */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import type { Editor } from 'slate';
import type { ParsedTemplateContent } from '../../../core/model';
import type { ApprovalFieldGroup } from '../approvalFields';
import type { FieldOption } from '../data';
import { createEditorState, type EditorState } from './commands';

export const editorStateAtom = atom<EditorState>(
  createEditorState({
    document: { pages: [{ id: 'empty', rows: [] }], sections: [], signatureList: [] },
  } as unknown as ParsedTemplateContent),
);

export const editErrorAtom = atom<string | null>(null);

export type SaveStatus = 'saved' | 'saving' | 'failed';
export const saveStatusAtom = atom<SaveStatus>('saved');

/** The rich-text editor the user last typed in; the field panel and the format bar act on it. */
export const activeSlateAtom = atom<{ editor: Editor; blockId: string } | null>(null);

export const fieldsAtom = atom<FieldOption[]>([]);
export const tableNameAtom = atom<string>('');
/** Form, system and signature variables when the template is bound to an approval definition. */
export const approvalGroupsAtom = atom<ApprovalFieldGroup[]>([]);

/** The last preview's issues per block id (empty after a clean render): the canvas outlines those blocks. */
export const previewIssuesAtom = atom<Record<string, string[]>>({});

/** Rich text inside a table with dynamic rows reads item-relative names: the field panel offers those. */
export const listContextAtom = atom<FieldOption[] | null>(null);

export function useEditorState(): EditorState {
  return useAtomValue(editorStateAtom);
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
