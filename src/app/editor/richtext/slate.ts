/**
 * Slate set-up for the model's rich text (Slate JSON, see core/model CONTEXT): which elements are
 * inline or void, and the text commands the format bar and the field panel run.
 */
import { type BaseEditor, createEditor, type Descendant, Editor, Element, type Path, Transforms } from 'slate';
import { type ReactEditor, withReact } from 'slate-react';
import {
  DEFAULT_QR_CONFIG,
  type QrConfig,
  type QrValue,
  type TextLeaf,
  type VariableFilterCall,
} from '../../../core/model';

declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor;
    Element: { type: string; children: Descendant[]; [key: string]: unknown };
    Text: TextLeaf;
  }
}

const INLINE = new Set(['variable', 'computeVariable', 'loopItemInline', 'inline-image']);
const VOID = new Set([...INLINE, 'loop', 'image', 'static-image', 'qrcode', 'attachment']);
const LIST_TYPES = new Set(['bulleted-list', 'numbered-list']);

export function createQuireEditor(): Editor {
  const editor = withReact(createEditor());
  const { isInline, isVoid } = editor;
  editor.isInline = (element) => INLINE.has(element.type) || isInline(element);
  editor.isVoid = (element) => VOID.has(element.type) || isVoid(element);
  editor.markableVoid = (element) => element.type === 'variable' || element.type === 'computeVariable';
  return editor;
}

export type MarkKey = 'bold' | 'italic' | 'underline' | 'code';

export function isMarkActive(editor: Editor, mark: keyof Omit<TextLeaf, 'text'>): boolean {
  const marks = Editor.marks(editor) as Partial<TextLeaf> | null;
  return Boolean(marks?.[mark]);
}

export function markValue<K extends keyof Omit<TextLeaf, 'text'>>(editor: Editor, mark: K): TextLeaf[K] | undefined {
  const marks = Editor.marks(editor) as Partial<TextLeaf> | null;
  return marks?.[mark];
}

export function toggleMark(editor: Editor, mark: MarkKey): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

export function setMark(
  editor: Editor,
  mark: 'color' | 'backgroundColor' | 'fontSize',
  value: string | number | undefined,
): void {
  if (value === undefined || value === '' || value === 0) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, value);
}

/** The type of the text block at the cursor: paragraph, heading-one, heading-two or list-item. */
export function currentBlockType(editor: Editor): string {
  const [match] = Editor.nodes(editor, {
    match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) && !LIST_TYPES.has(n.type),
    mode: 'lowest',
  });
  return match ? (match[0] as Element).type : 'paragraph';
}

export function currentBlockProp<T>(editor: Editor, prop: string): T | undefined {
  const [match] = Editor.nodes(editor, {
    match: (n) => Element.isElement(n) && Editor.isBlock(editor, n),
    mode: 'lowest',
  });
  return match ? ((match[0] as Element)[prop] as T | undefined) : undefined;
}

export function setBlockType(editor: Editor, type: 'paragraph' | 'heading-one' | 'heading-two'): void {
  Transforms.unwrapNodes(editor, { match: (n) => Element.isElement(n) && LIST_TYPES.has(n.type), split: true });
  Transforms.setNodes(editor, { type }, { match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) });
}

export function isListActive(editor: Editor, type: 'bulleted-list' | 'numbered-list'): boolean {
  const [match] = Editor.nodes(editor, { match: (n) => Element.isElement(n) && n.type === type });
  return Boolean(match);
}

export function toggleList(editor: Editor, type: 'bulleted-list' | 'numbered-list'): void {
  const active = isListActive(editor, type);
  Transforms.unwrapNodes(editor, { match: (n) => Element.isElement(n) && LIST_TYPES.has(n.type), split: true });
  Transforms.setNodes(
    editor,
    { type: active ? 'paragraph' : 'list-item' },
    { match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) && !LIST_TYPES.has(n.type) },
  );
  if (!active) Transforms.wrapNodes(editor, { type, children: [] });
}

/** Sets a text-block property (align, lineHeight, marginBottom) on the blocks in the selection. */
export function setBlockProp(editor: Editor, prop: 'align' | 'lineHeight' | 'marginBottom', value: unknown): void {
  const match = (n: unknown) => Element.isElement(n) && Editor.isBlock(editor, n) && !LIST_TYPES.has(n.type);
  if (value === undefined || value === '') Transforms.unsetNodes(editor, prop, { match });
  else Transforms.setNodes(editor, { [prop]: value }, { match });
}

function ensureSelection(editor: Editor): void {
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
}

export function insertVariable(editor: Editor, name: string, filters: VariableFilterCall[] = []): void {
  ensureSelection(editor);
  const marks = (Editor.marks(editor) ?? {}) as Partial<TextLeaf>;
  Transforms.insertNodes(editor, {
    type: 'variable',
    name,
    ...(filters.length ? { filters } : {}),
    children: [{ ...marks, text: '' }],
  });
  Transforms.move(editor);
}

export function insertCompute(editor: Editor, name: string): void {
  ensureSelection(editor);
  Transforms.insertNodes(editor, {
    type: 'computeVariable',
    name,
    cmd: 'sum',
    range: 'all',
    format: { thousandSeparator: true, fixedDecimalScale: true, decimalScale: 2, prefix: '', suffix: '' },
    children: [{ text: '' }],
  });
  Transforms.move(editor);
}

export function insertLoop(editor: Editor, rootPath: string, itemNames: string[]): void {
  ensureSelection(editor);
  Transforms.insertNodes(editor, {
    type: 'loop',
    rootPath,
    mode: 'list',
    listType: 'ul',
    inlineJoiner: ', ',
    hideWhenEmpty: false,
    customEmptyContent: '',
    itemContent: loopItemContent(itemNames),
    children: [{ text: '' }],
  });
}

/** A loop item's content: the chosen item fields, separated by “ · ”. */
export function loopItemContent(itemNames: string[]): Descendant[] {
  const children: Descendant[] = [{ text: '' }];
  itemNames.forEach((name, i) => {
    if (i > 0) children.push({ text: ' · ' });
    children.push({ type: 'loopItemInline', name, children: [{ text: '' }] }, { text: '' });
  });
  return [{ type: 'paragraph', children }];
}

/** An image inside the line: an attachment/image field's first image (`name`) or a fixed link (`url`). */
export function insertInlineImage(
  editor: Editor,
  source: { name: string } | { url: string },
  width?: number,
  height?: number,
): void {
  ensureSelection(editor);
  Transforms.insertNodes(editor, {
    type: 'inline-image',
    ...source,
    ...(width && width > 0 ? { width } : {}),
    ...(height && height > 0 ? { height } : {}),
    children: [{ text: '' }],
  });
  Transforms.move(editor);
}

/**
 * A QR code between lines of text. It is a void block, so it goes after the current text block and
 * an empty paragraph follows it: the cursor always has a line to continue typing on.
 */
export function insertQrCode(
  editor: Editor,
  value: QrValue,
  size = DEFAULT_QR_CONFIG.size,
  align: QrConfig['align'] = 'left',
): void {
  ensureSelection(editor);
  const [entry] = Editor.nodes(editor, {
    match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) && !LIST_TYPES.has(n.type),
    mode: 'highest',
  });
  const at = entry ? [(entry[1][0] ?? 0) + 1] : [editor.children.length];
  Transforms.insertNodes(
    editor,
    [
      { type: 'qrcode', qrcode: { size, align, value }, children: [{ text: '' }] },
      { type: 'paragraph', children: [{ text: '' }] },
    ],
    { at },
  );
  Transforms.select(editor, Editor.start(editor, [(at[0] ?? 0) + 1]));
}

// ───────────────────────────── editing media already in the text ─────────────────────────────

/**
 * Editors whose next change came from a media settings popover: the text area records that change
 * as its own undo step (see RichTextEditor), not merged into the typing before it.
 */
const mediaEdits = new WeakMap<Editor, MediaEdit>();

/** A settings change of media in the text, or its removal (each its own undo step). */
export type MediaEdit = 'change' | 'remove';

/** The kind of media edit the editor's latest change was (once), or false for typing. */
export function takeMediaEdit(editor: Editor): MediaEdit | false {
  const edited = mediaEdits.get(editor) ?? false;
  mediaEdits.delete(editor);
  return edited;
}

export interface InlineImageSettings {
  /** An image field (its first image prints) … */
  name?: string;
  /** … or a fixed link; the two exclude each other. */
  url?: string;
  width?: number;
  height?: number;
}

/** Changes an inline image in place: a new source replaces the old one; a size of 0 or none means automatic. */
export function updateInlineImage(editor: Editor, at: Path, patch: InlineImageSettings): void {
  mediaEdits.set(editor, 'change');
  const set: Record<string, unknown> = {};
  const unset: string[] = [];
  if (patch.name !== undefined) {
    set.name = patch.name;
    unset.push('url');
  }
  if (patch.url !== undefined) {
    set.url = patch.url;
    unset.push('name');
  }
  for (const key of ['width', 'height'] as const) {
    if (!(key in patch)) continue;
    const value = patch[key];
    if (value && value > 0) set[key] = Math.round(value);
    else unset.push(key);
  }
  Editor.withoutNormalizing(editor, () => {
    if (unset.length) Transforms.unsetNodes(editor, unset, { at });
    if (Object.keys(set).length) Transforms.setNodes(editor, set, { at });
  });
}

/** Replaces a text QR code's settings (content, size, alignment). */
export function updateTextQr(editor: Editor, at: Path, patch: Partial<QrConfig>): void {
  mediaEdits.set(editor, 'change');
  const [node] = Editor.node(editor, at);
  const current = ((node as Element).qrcode ?? DEFAULT_QR_CONFIG) as QrConfig;
  Transforms.setNodes(editor, { qrcode: { ...current, ...patch } }, { at });
}

/** Removes an inline image or a QR code from the text; the text keeps at least one empty line. */
export function removeMedia(editor: Editor, at: Path): void {
  mediaEdits.set(editor, 'remove');
  Transforms.removeNodes(editor, { at });
  if (editor.children.length === 0) Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] });
}
