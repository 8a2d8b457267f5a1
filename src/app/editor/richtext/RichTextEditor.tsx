/**
 * One rich-text area (a text block, a table cell, a floating box). Slate owns the text while the user
 * types; every change goes to the model (grouped per block in the undo history). When the model
 * changes from outside (undo, redo, paste) the area is rebuilt from the model.
 */
import { useSetAtom } from 'jotai';
import { type FocusEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { type Descendant, Editor, Path, type PointRef, Range, Transforms } from 'slate';
import { Editable, ReactEditor, Slate } from 'slate-react';
import type { RichText } from '../../../core/model';
import type { FieldOption } from '../data';
import { useEditorTranslation } from '../i18n/useEditorTranslation';
import { activeSlateAtom, listContextAtom } from '../state/store';
import { braceQuery } from './braces';
import { renderElement, renderLeaf } from './elements';
import { FieldPicker, usePrintableFields, visibleGroups } from './FieldPicker';
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

export function RichTextEditor(props: Props) {
  const [generation, setGeneration] = useState(0);
  const own = useRef(false);
  const seen = useRef(props.value);
  if (props.value !== seen.current) {
    seen.current = props.value;
    if (own.current) own.current = false;
    else queueMicrotask(() => setGeneration((g) => g + 1));
  }
  return (
    <RichTextArea
      key={generation}
      {...props}
      onChange={(value, mediaEdit) => {
        own.current = true;
        props.onChange(value, mediaEdit);
      }}
    />
  );
}

function RichTextArea({ blockId, value, onChange, label, placeholder, listFields, className }: Props) {
  const { t } = useEditorTranslation();
  const editor = useMemo(createQuireEditor, []);
  const setActive = useSetAtom(activeSlateAtom);
  const setListContext = useSetAtom(listContextAtom);
  const [picker, setPicker] = useState<{ query: string; active: number } | null>(null);
  // Where the typed `{` sits: the search is the text from it to the caret; a pick replaces both.
  const brace = useRef<PointRef | null>(null);
  const pickerRef = useRef<HTMLDivElement>(null);
  const { groups } = usePrintableFields();
  // Slate owns the value after mount; the model only replaces it by remounting (see RichTextEditor).
  const [initial] = useState(() => value as Descendant[]);

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
    const dom = window.getSelection();
    if (!dom || dom.rangeCount === 0) return null;
    const range = ReactEditor.toSlateRange(editor, dom, { exactMatch: false, suppressThrow: true });
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
          if (editor.operations.some((op) => op.type !== 'set_selection')) onChange(next as RichText, mediaEdit);
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
