/**
 * One rich-text area (a text block, a table cell, a floating box). Slate owns the text while the user
 * types; every change goes to the model (grouped per block in the undo history). When the model
 * changes from outside (undo, redo, paste, another tab's save followed, a version pulled by sync) the
 * new value goes into the same Slate editor in place (`outside.ts`): the area is never rebuilt, so the
 * focus stays and the caret keeps its place, and the next key lands in the new text.
 */
import { useSetAtom } from 'jotai';
import { type FocusEvent, type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type Descendant, Editor, Path, type PointRef, Range, Transforms } from 'slate';
import { Editable, ReactEditor, Slate } from 'slate-react';
import type { RichText } from '../../../core/model';
import type { FieldOption } from '../../services/fieldTree';
import { useEditorTranslation } from '../../services/i18n/editor';
import { activeSlateAtom, listContextAtom } from '../state/store';
import { braceQuery } from './braces';
import { renderElement, renderLeaf } from './elements';
import { FieldPicker, usePrintableFields, visibleGroups } from './FieldPicker';
import { showOutsideValue } from './outside';
import { createQuireEditor, insertVariable, type MarkKey, type MediaEdit, takeMediaEdit, toggleMark } from './slate';

interface Props {
  blockId: string;
  value: RichText;
  /** `mediaEdit`: the change came from an inline image's or QR code's settings (its own undo step). */
  onChange: (value: RichText, mediaEdit: MediaEdit | false) => void;
  label: string;
  placeholder?: string;
  /** Item fields when this text sits in rows repeated for a list. */
  listFields?: FieldOption[] | null;
  className?: string;
}

const HOTKEYS: Record<string, MarkKey> = { b: 'bold', i: 'italic', u: 'underline', '`': 'code' };

/** The page's selection in this text as a Slate range, without making it the editor's. */
function domSelection(editor: ReactEditor): Range | null {
  const dom = window.getSelection();
  if (!dom || dom.rangeCount === 0) return null;
  return ReactEditor.toSlateRange(editor, dom, { exactMatch: false, suppressThrow: true });
}

/**
 * The caret the user sees: the page's selection while the focus is in this text (Slate learns it on
 * `selectionchange`, which may not have run yet right after a click), else Slate's own.
 */
function visibleCaret(editor: ReactEditor): Range | null {
  if (!ReactEditor.isMounted(editor)) return editor.selection;
  const root = ReactEditor.toDOMNode(editor, editor);
  if (!root.isConnected || !root.contains(document.activeElement)) return editor.selection;
  return domSelection(editor) ?? editor.selection;
}

export function RichTextEditor({ blockId, value, onChange, label, placeholder, listFields, className }: Props) {
  const { t } = useEditorTranslation();
  const editor = useMemo(createQuireEditor, []);
  const setActive = useSetAtom(activeSlateAtom);
  const setListContext = useSetAtom(listContextAtom);
  const [picker, setPicker] = useState<{ query: string; active: number } | null>(null);
  // Where the typed `{` sits: the search is the text from it to the caret; a pick replaces both.
  const brace = useRef<PointRef | null>(null);
  const pickerRef = useRef<HTMLDivElement>(null);
  const { groups } = usePrintableFields();
  // Slate owns the value after mount; an outside value goes in through `showOutsideValue` below.
  const [initial] = useState(() => value as Descendant[]);
  /** The value this area showed last: the one it mounted with, sent to the model, or was given. */
  const shown = useRef(value);
  /**
   * The editor's children right after the last outside value went in: a change that still holds them
   * (its operations are that value's) is not the user's edit and is not sent back to the model.
   */
  const applied = useRef<Descendant[] | null>(null);

  // In the commit that brings the value, before the browser can deliver another key: a key typed into
  // the old text would be sent to the model on top of it and overwrite the outside version. Slate is
  // told at once (`editor.onChange()` here, not in its own microtask), so its update of the page is
  // rendered in this same commit too, and the next key's place is read from the new text.
  // During an IME composition the value waits for the composition to end (changing the text under
  // it would break it); a composition ended in the meantime wins, as any edit of the user's does.
  useLayoutEffect(() => {
    if (value === shown.current) return;
    let frame = 0;
    const apply = () => {
      if (ReactEditor.isComposing(editor)) {
        frame = requestAnimationFrame(apply);
        return;
      }
      shown.current = value;
      if (!showOutsideValue(editor, value as Descendant[], visibleCaret(editor))) return;
      applied.current = editor.children;
      editor.onChange();
    };
    apply();
    return () => cancelAnimationFrame(frame);
  }, [value, editor]);

  useEffect(() => () => setActive((a) => (a?.editor === editor ? null : a)), [editor, setActive]);

  const closePicker = () => {
    brace.current?.unref();
    brace.current = null;
    setPicker(null);
  };

  /** The range from the brace to the caret, while the caret stays after it in the same text. */
  const braceRange = (): Range | null => {
    const at = brace.current?.current;
    const caret = editor.selection;
    if (!at || !caret || !Range.isCollapsed(caret) || !Path.equals(at.path, caret.anchor.path)) return null;
    return caret.anchor.offset > at.offset ? { anchor: at, focus: caret.anchor } : null;
  };

  const pick = (path: string) => {
    const range = braceRange();
    ReactEditor.focus(editor);
    if (range) Transforms.select(editor, range);
    if (range) Transforms.delete(editor);
    insertVariable(editor, path);
    closePicker();
  };

  // A click anywhere but the text or the list closes the list; what was typed stays.
  useEffect(() => {
    if (!picker) return;
    const onDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (pickerRef.current?.contains(target)) return;
      if (ReactEditor.toDOMNode(editor, editor).contains(target)) return;
      brace.current?.unref();
      brace.current = null;
      setPicker(null);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [picker, editor]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const mod = event.metaKey || event.ctrlKey;
    if (picker) {
      const items = visibleGroups(groups, picker.query).flatMap((g) => g.items);
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        closePicker();
        return;
      }
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setPicker({ ...picker, active: Math.max(0, Math.min(items.length - 1, picker.active + step)) });
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const item = items[picker.active];
        if (item) {
          event.preventDefault();
          pick(item.path);
          return;
        }
        closePicker();
      }
      // A second brace is literal text (`{{`): the list closes and the brace is typed as is.
      if (event.key === '{') {
        closePicker();
        return;
      }
    }
    if (event.key === '{' && !mod && !event.altKey) {
      const caret = editor.selection ?? caretFromDom();
      if (!caret || !Range.isCollapsed(caret)) return;
      const before = Editor.before(editor, caret.anchor);
      const previous = before ? Editor.string(editor, { anchor: before, focus: caret.anchor }) : '';
      if (previous === '{') return;
      event.preventDefault();
      Editor.insertText(editor, '{');
      const typed = editor.selection ? Editor.before(editor, editor.selection.anchor) : undefined;
      if (!typed) return;
      brace.current = Editor.pointRef(editor, typed);
      setPicker({ query: '', active: 0 });
      return;
    }
    if (mod && !event.shiftKey && !event.altKey) {
      const mark = HOTKEYS[event.key.toLowerCase()];
      if (mark) {
        event.preventDefault();
        toggleMark(editor, mark);
      }
    }
  };

  /**
   * Slate learns the caret from `selectionchange`, which may not have run yet when a key follows a
   * click at once: take it from the page's selection then, so that brace still opens the list.
   */
  const caretFromDom = (): Range | null => {
    const range = domSelection(editor);
    if (range) Transforms.select(editor, range);
    return range;
  };

  /** After each change: the text after the brace is the search, or the list closes and the text stays. */
  const followBrace = () => {
    if (!picker) return;
    const range = braceRange();
    const query = range ? braceQuery(Editor.string(editor, range)) : null;
    if (query === null) closePicker();
    else if (query !== picker.query) setPicker({ query, active: 0 });
  };

  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (!picker || (next && pickerRef.current?.contains(next))) return;
    if (next && ReactEditor.toDOMNode(editor, editor).contains(next)) return;
    closePicker();
  };

  return (
    <div className={`qe-rt ${className ?? ''}`}>
      <Slate
        editor={editor}
        initialValue={initial}
        onChange={(next) => {
          const mediaEdit = takeMediaEdit(editor);
          const outside = applied.current === editor.children;
          if (!outside && editor.operations.some((op) => op.type !== 'set_selection')) {
            shown.current = next as RichText;
            onChange(next as RichText, mediaEdit);
          }
          followBrace();
        }}
      >
        <Editable
          className="qe-editable"
          aria-label={label}
          aria-multiline="true"
          placeholder={placeholder}
          renderElement={renderElement}
          renderLeaf={renderLeaf}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          onFocus={() => {
            setActive({ editor, blockId });
            setListContext(listFields ?? null);
          }}
        />
      </Slate>
      {picker && (
        <div
          ref={pickerRef}
          className="qe-popover qe-popover-picker"
          role="dialog"
          aria-label={t('text.variable')}
          onBlur={onBlur}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              closePicker();
              ReactEditor.focus(editor);
            }
          }}
        >
          <p className="qe-muted qe-small qe-picker-hint">{t('fields.braceHint')}</p>
          <FieldPicker
            id={`pick-${blockId}`}
            query={picker.query}
            onQueryChange={(query) => setPicker({ query, active: 0 })}
            active={picker.active}
            onPick={pick}
          />
        </div>
      )}
    </div>
  );
}
