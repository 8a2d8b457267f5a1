/** The text toolbar: acts on the rich-text area the user last worked in. */
import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { ReactEditor } from 'slate-react';
import { FONT_SIZE_OPTIONS } from '../../../core/model';
import { useEditorTranslation } from '../../services/i18n/editor';
import { Select } from '../../shell/Select';
import { Icon } from '../Icon';
import { activeSlateAtom, approvalGroupsAtom, fieldsAtom } from '../state/store';
import { FieldPicker } from './FieldPicker';
import { InlineImageForm, QrInsertForm } from './MediaInsert';
import {
  currentBlockProp,
  currentBlockType,
  insertCompute,
  insertLoop,
  insertVariable,
  isListActive,
  isMarkActive,
  markValue,
  setBlockProp,
  setBlockType,
  setMark,
  toggleList,
  toggleMark,
} from './slate';
import { useDismiss } from './useDismiss';

const LINE_HEIGHTS = [1, 1.15, 1.5, 2, 2.5, 3];
const ALIGNS = [
  ['left', 'alignLeft'],
  ['center', 'alignCenter'],
  ['right', 'alignRight'],
  ['justify', 'justify'],
] as const;

export function FormatBar({ onTip }: { onTip?: React.ReactNode }) {
  const { t } = useEditorTranslation();
  const active = useAtomValue(activeSlateAtom);
  const fields = useAtomValue(fieldsAtom);
  const [, force] = useState(0);
  const [picker, setPicker] = useState<null | 'variable' | 'compute' | 'loop' | 'image' | 'qrcode'>(null);
  const popover = useRef<HTMLDivElement>(null);
  useDismiss(popover, () => setPicker(null), picker !== null);
  const editor = active?.editor;
  const disabled = !editor;
  const run = (fn: () => void) => {
    if (!editor) return;
    fn();
    force((n) => n + 1);
  };
  const keep = (e: React.MouseEvent) => e.preventDefault();
  const toggle = (mark: 'bold' | 'italic' | 'underline' | 'code', label: string, glyph: React.ReactNode) => (
    <button
      type="button"
      className="qe-tool"
      aria-label={label}
      title={label}
      aria-pressed={editor ? isMarkActive(editor, mark) : false}
      disabled={disabled}
      onMouseDown={keep}
      onClick={() => run(() => toggleMark(editor!, mark))}
    >
      {glyph}
    </button>
  );
  const blockType = editor ? currentBlockType(editor) : 'paragraph';
  const approvalGroups = useAtomValue(approvalGroupsAtom);
  // Approval lists (nodes, comments, a person's signatures) loop like a table's linked records.
  const lists = [
    ...fields.filter((f) => f.children),
    ...approvalGroups.flatMap((g) => g.items.filter((i) => i.type === 'list' && i.children?.length)),
  ];

  return (
    <div className="qe-formatbar" role="toolbar" aria-label={t('text.textStyle')}>
      <Select
        size="small"
        className="qe-select-bar"
        aria-label={t('text.textStyle')}
        disabled={disabled}
        value={blockType === 'list-item' ? 'paragraph' : blockType}
        onChange={(e) => run(() => setBlockType(editor!, e.target.value as 'paragraph'))}
      >
        <option value="paragraph">{t('text.paragraph')}</option>
        <option value="heading-one">{t('text.heading1')}</option>
        <option value="heading-two">{t('text.heading2')}</option>
      </Select>
      <span className="qe-font-size">
        <Select
          size="small"
          className="qe-select-bar"
          aria-label={t('text.fontSize')}
          disabled={disabled}
          value={String((editor && markValue(editor, 'fontSize')) ?? 0)}
          onChange={(e) => run(() => setMark(editor!, 'fontSize', Number(e.target.value)))}
        >
          {FONT_SIZE_OPTIONS.map((size) => (
            <option key={size} value={size}>
              {size === 0 ? t('text.defaultSize') : `${size} pt`}
            </option>
          ))}
        </Select>
        {onTip}
      </span>
      <span className="qe-sep" />
      {toggle('bold', t('text.bold'), <b>B</b>)}
      {toggle('italic', t('text.italic'), <i>I</i>)}
      {toggle('underline', t('text.underline'), <u>U</u>)}
      {toggle('code', t('text.code'), <code>{'<>'}</code>)}
      <label className="qe-tool qe-color" title={t('text.color')}>
        <span
          aria-hidden="true"
          style={{ borderBottom: `3px solid ${(editor && markValue(editor, 'color')) || '#1b2240'}` }}
        >
          A
        </span>
        <input
          type="color"
          aria-label={t('text.color')}
          disabled={disabled}
          value={(editor && markValue(editor, 'color')) || '#000000'}
          onChange={(e) => run(() => setMark(editor!, 'color', e.target.value))}
        />
      </label>
      <label className="qe-tool qe-color" title={t('text.background')}>
        <span aria-hidden="true" style={{ background: (editor && markValue(editor, 'backgroundColor')) || '#fff3a8' }}>
          ab
        </span>
        <input
          type="color"
          aria-label={t('text.background')}
          disabled={disabled}
          value={(editor && markValue(editor, 'backgroundColor')) || '#ffffff'}
          onChange={(e) => run(() => setMark(editor!, 'backgroundColor', e.target.value))}
        />
      </label>
      <span className="qe-sep" />
      {(['bulleted-list', 'numbered-list'] as const).map((type) => (
        <button
          key={type}
          type="button"
          className="qe-tool"
          aria-label={t(type === 'bulleted-list' ? 'text.bulleted' : 'text.numbered')}
          title={t(type === 'bulleted-list' ? 'text.bulleted' : 'text.numbered')}
          aria-pressed={editor ? isListActive(editor, type) : false}
          disabled={disabled}
          onMouseDown={keep}
          onClick={() => run(() => toggleList(editor!, type))}
        >
          <Icon name={type === 'bulleted-list' ? 'bullets' : 'numbers'} />
        </button>
      ))}
      {ALIGNS.map(([align, key]) => (
        <button
          key={align}
          type="button"
          className="qe-tool"
          aria-label={t(`text.${key}`)}
          title={t(`text.${key}`)}
          aria-pressed={editor ? (currentBlockProp<string>(editor, 'align') ?? 'left') === align : false}
          disabled={disabled}
          onMouseDown={keep}
          onClick={() => run(() => setBlockProp(editor!, 'align', align))}
        >
          <Icon name={key} />
        </button>
      ))}
      <Select
        size="small"
        className="qe-select-bar"
        aria-label={t('text.lineHeight')}
        title={t('text.lineHeight')}
        disabled={disabled}
        value={String((editor && currentBlockProp<number>(editor, 'lineHeight')) ?? '')}
        onChange={(e) =>
          run(() => setBlockProp(editor!, 'lineHeight', e.target.value ? Number(e.target.value) : undefined))
        }
      >
        <option value="">{t('text.lineHeight')}</option>
        {LINE_HEIGHTS.map((h) => (
          <option key={h} value={h}>
            {h}
          </option>
        ))}
      </Select>
      <span className="qe-sep" />
      <span className="qe-insert-wrap">
        <button
          type="button"
          className="qe-tool qe-tool-wide"
          disabled={disabled}
          onMouseDown={keep}
          onClick={() => setPicker(picker === 'variable' ? null : 'variable')}
        >
          <Icon name="braces" /> {t('text.variable')}
        </button>
        <button
          type="button"
          className="qe-tool qe-tool-wide"
          disabled={disabled || lists.length === 0}
          onMouseDown={keep}
          onClick={() => setPicker(picker === 'compute' ? null : 'compute')}
        >
          <Icon name="sigma" /> {t('text.compute')}
        </button>
        <button
          type="button"
          className="qe-tool qe-tool-wide"
          disabled={disabled || lists.length === 0}
          onMouseDown={keep}
          onClick={() => setPicker(picker === 'loop' ? null : 'loop')}
        >
          <Icon name="loop" /> {t('text.loop')}
        </button>
        <button
          type="button"
          className="qe-tool"
          aria-label={t('text.image')}
          title={t('text.image')}
          aria-expanded={picker === 'image'}
          disabled={disabled}
          onMouseDown={keep}
          onClick={() => setPicker(picker === 'image' ? null : 'image')}
        >
          <Icon name="image" />
        </button>
        <button
          type="button"
          className="qe-tool"
          aria-label={t('text.qrcode')}
          title={t('text.qrcode')}
          aria-expanded={picker === 'qrcode'}
          disabled={disabled}
          onMouseDown={keep}
          onClick={() => setPicker(picker === 'qrcode' ? null : 'qrcode')}
        >
          <Icon name="qr" />
        </button>
        {picker && editor && (
          <div
            ref={popover}
            className="qe-popover qe-popover-bar"
            role="dialog"
            aria-label={t(`text.${picker}`)}
            onKeyDown={(e) => e.key === 'Escape' && setPicker(null)}
          >
            {picker === 'image' ? (
              <InlineImageForm editor={editor} onDone={() => setPicker(null)} />
            ) : picker === 'qrcode' ? (
              <QrInsertForm editor={editor} onDone={() => setPicker(null)} />
            ) : picker === 'variable' ? (
              <FieldPicker
                id="bar-picker"
                autoFocus
                onPick={(path) => {
                  ReactEditor.focus(editor);
                  insertVariable(editor, path);
                  setPicker(null);
                }}
              />
            ) : (
              <ul className="qe-menu">
                {lists.flatMap((list) =>
                  picker === 'loop'
                    ? [
                        <li key={list.path}>
                          <button
                            type="button"
                            className="qe-menu-item"
                            onClick={() => {
                              insertLoop(
                                editor,
                                list.path,
                                (list.children ?? []).slice(0, 2).map((c) => c.path),
                              );
                              setPicker(null);
                            }}
                          >
                            {list.label}
                          </button>
                        </li>,
                      ]
                    : (list.children ?? [])
                        .filter((c) => ['number', 'currency', 'progress', 'rating'].includes(c.type))
                        .map((child) => (
                          <li key={`${list.path}.${child.path}`}>
                            <button
                              type="button"
                              className="qe-menu-item"
                              onClick={() => {
                                insertCompute(editor, `${list.path}.${child.path}`);
                                setPicker(null);
                              }}
                            >
                              {list.label} · {child.label}
                            </button>
                          </li>
                        )),
                )}
              </ul>
            )}
          </div>
        )}
      </span>
    </div>
  );
}
