/**
 * The canvas designer's editing state, apart from its layout: the content with its 100-step
 * history, the page shown, the selection, the clipboard, the base PDF's pages, and every change
 * the toolbar, the keys and the panels make — each one undo step through `commit`.
 */
import { useCallback, useState } from 'react';
import {
  type AddableType,
  addField,
  type CanvasField,
  type CanvasTemplateContent,
  findField,
  type History,
  importPdfme,
  nudgeOf,
  pageSize,
  pushHistory,
  redo,
  undo,
} from '../services/canvasContent';
import { copyFields, moveFields, pasteFields, removeFields } from './arrange';
import { pdfPageSizes, useBasePdf } from './useBasePdf';

/** Screen px per mm of the designer's page at 100 % (A4 is 630 px wide). */
export const SCALE = 3;

function bytesToDataUrl(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:application/pdf;base64,${btoa(binary)}`;
}

export function useCanvasEditing(initial: CanvasTemplateContent) {
  const [history, setHistory] = useState<History>(() => ({ past: [], present: initial, future: [] }));
  const [selected, setSelected] = useState<string[]>([]);
  const [pageIndex, setPageIndex] = useState(0);
  const [clipboard, setClipboard] = useState<CanvasField[]>([]);
  const [importState, setImportState] = useState<'bad' | undefined>();
  const content = history.present;

  // The base PDF's pages as images behind the fields (drawn once per PDF).
  const { pages: pdfPages, state: pdfState, setState: setPdfState } = useBasePdf(content?.basePdf, SCALE);
  const size = content ? pageSize(content, pdfPages?.sizes[pageIndex]) : { width: 210, height: 297 };
  const single = selected.length === 1 ? findField(content, selected[0]!) : undefined;

  const commit = useCallback((next: CanvasTemplateContent) => setHistory((h) => pushHistory(h, next)), []);

  const copy = () => {
    if (selected.length) setClipboard(copyFields(content, pageIndex, selected));
  };
  const paste = () => {
    if (!clipboard.length) return;
    const pasted = pasteFields(content, pageIndex, clipboard, size);
    commit(pasted.content);
    setSelected(pasted.names);
  };
  const add = (type: AddableType) => {
    const added = addField(content, pageIndex, type);
    commit(added.content);
    setSelected([added.name]);
  };
  const remove = (names: string[]) => {
    commit(removeFields(content, names));
    setSelected([]);
  };
  const choosePage = (index: number) => {
    setPageIndex(index);
    setSelected([]);
  };
  /** Back to a blank page: the fields of every page of the PDF gathered on it. */
  const toBlankPage = () => {
    commit({
      ...content,
      basePdf: { width: 210, height: 297, padding: [0, 0, 0, 0] },
      schemas: [content.schemas.flat()],
    });
    setPageIndex(0);
  };

  /** Ctrl/⌘ + Z, Y, S, C, V, A; arrows nudge (Shift: 10 mm), Delete removes, Esc deselects. */
  const onKeyDown = (event: React.KeyboardEvent, save: () => void) => {
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    const shortcut: Record<string, () => void> = {
      z: () => setHistory(event.shiftKey ? redo(history) : undo(history)),
      y: () => setHistory(redo(history)),
      s: save,
      c: copy,
      v: paste,
      a: () => setSelected((content.schemas[pageIndex] ?? []).map((f) => f.name)),
    };
    if (mod && shortcut[key]) {
      event.preventDefault();
      shortcut[key]();
      return;
    }
    if (!selected.length) return;
    const nudge = nudgeOf(event.key, event.shiftKey);
    if (nudge) {
      event.preventDefault();
      commit(moveFields(content, pageIndex, selected, nudge.dx, nudge.dy, size));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(selected);
    } else if (event.key === 'Escape') setSelected([]);
  };

  /** An uploaded PDF goes under the content: its pages become the template's pages. */
  const takePdf = async (file: File) => {
    setPdfState('reading');
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const sizes = await pdfPageSizes(bytes);
      const basePdf = bytesToDataUrl(bytes);
      // Fields added while the file was read stay: the PDF goes under the content as it is now.
      setHistory((h) =>
        pushHistory(h, { ...h.present, basePdf, schemas: sizes.map((_, i) => h.present.schemas[i] ?? []) }),
      );
      setPageIndex(0);
    } catch {
      setPdfState('bad');
    }
  };

  const takeImport = async (file: File) => {
    try {
      commit(importPdfme(await file.text()));
      setSelected([]);
      setPageIndex(0);
      setImportState(undefined);
    } catch {
      setImportState('bad');
    }
  };

  return {
    history,
    setHistory,
    content,
    commit,
    selected,
    setSelected,
    single,
    pageIndex,
    choosePage,
    size,
    pdfPages,
    pdfState,
    importState,
    canPaste: clipboard.length > 0,
    copy,
    paste,
    add,
    remove,
    toBlankPage,
    onKeyDown,
    takePdf,
    takeImport,
    undo: () => setHistory(undo(history)),
    redo: () => setHistory(redo(history)),
  };
}

export type CanvasEditing = ReturnType<typeof useCanvasEditing>;
