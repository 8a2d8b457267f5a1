/**
 * One rich-text area (a text block, a table cell, a floating box). Slate owns the text while the user
 * types; every change goes to the model (grouped per block in the undo history). When the model
 * changes from outside (undo, redo, paste) the area is rebuilt from the model.
 */
import { useSetAtom } from 'jotai';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { Descendant } from 'slate';
import { Editable, ReactEditor, Slate } from 'slate-react';
import type { RichText } from '../../../core/model';
import type { FieldOption } from '../data';
import { useEditorTranslation } from '../i18n/useEditorTranslation';
import { activeSlateAtom, listContextAtom } from '../state/store';
import { renderElement, renderLeaf } from './elements';
import { FieldPicker } from './FieldPicker';
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
  const [picker, setPicker] = useState(false);
  // Slate owns the value after mount; the model only replaces it by remounting (see RichTextEditor).
  const [initial] = useState(() => value as Descendant[]);

  useEffect(() => () => setActive((a) => (a?.editor === editor ? null : a)), [editor, setActive]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === '{') {
      event.preventDefault();
      setPicker(true);
      return;
    }
    if ((event.metaKey || event.ctrlKey) && !event.shiftKey && !event.altKey) {
      const mark = HOTKEYS[event.key.toLowerCase()];
      if (mark) {
        event.preventDefault();
        toggleMark(editor, mark);
      }
    }
  };

  return (
    <div className={`qe-rt ${className ?? ''}`}>
      <Slate
        editor={editor}
        initialValue={initial}
        onChange={(next) => {
          const mediaEdit = takeMediaEdit(editor);
          if (editor.operations.some((op) => op.type !== 'set_selection')) onChange(next as RichText, mediaEdit);
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
          onFocus={() => {
            setActive({ editor, blockId });
            setListContext(listFields ?? null);
          }}
        />
      </Slate>
      {picker && (
        <div
          className="qe-popover qe-popover-picker"
          role="dialog"
          aria-label={t('text.variable')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setPicker(false);
              ReactEditor.focus(editor);
            }
          }}
        >
          <FieldPicker
            id={`pick-${blockId}`}
            autoFocus
            onPick={(path) => {
              setPicker(false);
              ReactEditor.focus(editor);
              insertVariable(editor, path);
            }}
          />
        </div>
      )}
    </div>
  );
}
