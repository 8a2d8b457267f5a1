/**
 * Rich text (Slate-style nodes) → view-model paragraphs and lists. Loops expand here: list mode
 * becomes a list, paragraph mode one paragraph group per item, inline mode spans joined by the
 * joiner inside the current paragraph.
 */
import type { Scope } from '../../core/expr/evaluate';
import { defaultToPlain, isImageValue, isPlainObject } from '../../core/expr/values';
import { formatComputeValue } from '../../core/format/compute';
import type {
  BlockTextProps,
  LoopElement,
  RichTextElement,
  RichTextNode,
  TextAlign,
  TextLeaf,
} from '../../core/model/types';
import type { Align, VBlock, VSpan, VTextSpan } from '../view-model';
import { fieldImageUrls, resolveImage } from './blocks/image';
import { resolveQrCode } from './blocks/qrcode';
import { PX, type ResolveContext } from './context';
import { computeAll, listItems, toText, variableValue, withItem } from './values';

const INLINE_TYPES = new Set(['variable', 'computeVariable', 'loopItemInline', 'inline-image']);

function isLeaf(node: RichTextNode): node is TextLeaf {
  return (node as { type?: string }).type === undefined;
}

/** Marks of a leaf as span styling; colours are normalised so Typst never sees an invalid one. */
function marksOf(leaf: TextLeaf | undefined): Omit<VTextSpan, 't' | 's'> {
  if (!leaf) return {};
  const marks: Omit<VTextSpan, 't' | 's'> = {};
  if (leaf.bold) marks.b = true;
  if (leaf.italic) marks.i = true;
  if (leaf.underline) marks.u = true;
  if (leaf.code) marks.code = true;
  const color = normalizeColor(leaf.color);
  if (color) marks.color = color;
  const bg = normalizeColor(leaf.backgroundColor);
  if (bg) marks.bg = bg;
  if (leaf.fontSize && leaf.fontSize > 0) marks.size = Math.min(leaf.fontSize, 400);
  return marks;
}

/** `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(r,g,b)` → `#rrggbb`; anything else is dropped. */
export function normalizeColor(color: string | undefined): string | undefined {
  if (!color) return undefined;
  const c = color.trim().toLowerCase();
  let m = /^#([0-9a-f]{3})$/.exec(c);
  if (m) return `#${[...m[1]!].map((x) => x + x).join('')}`;
  m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/.exec(c);
  if (m) return `#${m[1]}`;
  m = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/.exec(c);
  if (m) {
    return `#${[m[1], m[2], m[3]].map((n) => Math.min(255, Number(n)).toString(16).padStart(2, '0')).join('')}`;
  }
  return undefined;
}

function firstLeaf(element: { children?: RichTextNode[] }): TextLeaf | undefined {
  const child = element.children?.[0];
  return child && isLeaf(child) ? child : undefined;
}

export function marginBottomPt(value: number | string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) ? Math.max(0, n) * PX : undefined;
}

function paragraphProps(props: BlockTextProps): { align?: Align; lineHeight?: number; marginBottom?: number } {
  const out: { align?: Align; lineHeight?: number; marginBottom?: number } = {};
  if (props.align) out.align = props.align as TextAlign;
  if (props.lineHeight) out.lineHeight = props.lineHeight;
  const mb = marginBottomPt(props.marginBottom);
  if (mb !== undefined) out.marginBottom = mb;
  return out;
}

function charge(ctx: ResolveContext, count: number): void {
  ctx.budget.items += count;
  if (ctx.budget.items > ctx.budget.max) {
    throw new RangeError(`more than ${ctx.budget.max} repeated items in one document`);
  }
}

/** Collects spans into paragraphs; block-level content met inline closes the paragraph first. */
class Flow {
  readonly blocks: VBlock[] = [];
  private spans: VSpan[] = [];
  private open = false;

  constructor(private props: ReturnType<typeof paragraphProps> & { heading?: 1 | 2 } = {}) {}

  span(span: VSpan): void {
    this.spans.push(span);
    this.open = true;
  }

  begin(props: ReturnType<typeof paragraphProps> & { heading?: 1 | 2 }): void {
    this.end();
    this.props = props;
    this.open = true;
  }

  block(block: VBlock): void {
    this.end();
    this.blocks.push(block);
  }

  end(): void {
    if (this.open) this.blocks.push({ t: 'par', spans: splitLongRuns(mergeSpans(this.spans)), ...this.props });
    this.spans = [];
    this.open = false;
  }
}

/** Adjacent text spans with the same marks merge, which keeps data.json small for long texts. */
function mergeSpans(spans: VSpan[]): VSpan[] {
  const out: VSpan[] = [];
  for (const span of spans) {
    const last = out[out.length - 1];
    if (span.t === 'text' && last?.t === 'text' && sameMarks(last, span)) {
      out[out.length - 1] = { ...last, s: last.s + span.s };
    } else if (!(span.t === 'text' && span.s === '' && out.length > 0)) {
      out.push(span);
    }
  }
  return out;
}

function sameMarks(a: VTextSpan, b: VTextSpan): boolean {
  return (
    a.b === b.b &&
    a.i === b.i &&
    a.u === b.u &&
    a.code === b.code &&
    a.color === b.color &&
    a.bg === b.bg &&
    a.size === b.size &&
    a.d === b.d
  );
}

/**
 * Runs of this many characters with no break opportunity get their own span, which the Typst side
 * measures and, when wider than the line, breaks into line-wide pieces. Scripts that break between
 * characters or by dictionary (Han, kana, Thai, …) and whitespace end a run.
 */
const LONG_RUN =
  /[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]{16,}/gu;

function splitLongRuns(spans: VSpan[]): VSpan[] {
  if (!spans.some((s) => s.t === 'text' && s.s.length >= 16 && !s.code)) return spans;
  const out: VSpan[] = [];
  for (const span of spans) {
    if (span.t !== 'text' || span.code || span.s.length < 16) {
      out.push(span);
      continue;
    }
    let last = 0;
    for (const match of span.s.matchAll(LONG_RUN)) {
      const start = match.index;
      if (start > last) out.push({ ...span, s: span.s.slice(last, start) });
      out.push({ ...span, s: match[0], w: true });
      last = start + match[0].length;
    }
    if (last === 0) out.push(span);
    else if (last < span.s.length) out.push({ ...span, s: span.s.slice(last) });
  }
  return out;
}

/** Rich text in block context. */
export async function resolveRichText(
  ctx: ResolveContext,
  scope: Scope,
  nodes: readonly RichTextNode[],
): Promise<VBlock[]> {
  const flow = new Flow();
  await blockNodes(ctx, scope, nodes, flow);
  flow.end();
  return flow.blocks;
}

async function blockNodes(
  ctx: ResolveContext,
  scope: Scope,
  nodes: readonly RichTextNode[],
  flow: Flow,
): Promise<void> {
  for (const node of nodes) {
    if (isLeaf(node) || INLINE_TYPES.has(node.type)) {
      await inlineNode(ctx, scope, node, flow);
      continue;
    }
    await blockElement(ctx, scope, node, flow);
  }
}

async function blockElement(ctx: ResolveContext, scope: Scope, node: RichTextElement, flow: Flow): Promise<void> {
  switch (node.type) {
    case 'paragraph':
    case 'heading-one':
    case 'heading-two':
    case 'list-item': {
      const heading = node.type === 'heading-one' ? 1 : node.type === 'heading-two' ? 2 : undefined;
      flow.begin({ ...paragraphProps(node), ...(heading ? { heading } : {}) });
      for (const child of node.children) {
        if (isLeaf(child) || INLINE_TYPES.has(child.type) || (child.type === 'loop' && child.mode === 'inline')) {
          await inlineNode(ctx, scope, child, flow);
        } else {
          await blockElement(ctx, scope, child, flow);
        }
      }
      flow.end();
      return;
    }
    case 'bulleted-list':
    case 'numbered-list': {
      const items: VBlock[][] = [];
      for (const child of node.children) {
        items.push(await resolveRichText(ctx, scope, [child]));
      }
      flow.block({ t: 'list', ordered: node.type === 'numbered-list', items });
      return;
    }
    case 'loop':
      if (node.mode === 'inline') {
        await inlineNode(ctx, scope, node, flow);
        flow.end();
      } else {
        for (const block of await loopBlocks(ctx, scope, node)) flow.block(block);
      }
      return;
    // Inline images and QR codes resolve exactly as their block counterparts do.
    case 'image':
    case 'static-image':
      for (const block of await resolveImage(ctx, scope, node.image)) flow.block(block);
      return;
    case 'qrcode': {
      const image = resolveQrCode(ctx, scope, node.qrcode);
      if (image) flow.block(image);
      return;
    }
    case 'attachment': {
      const files = defaultToPlain(variableValue(ctx, scope, node.fieldName));
      const list = Array.isArray(files) ? files : [];
      const preview = node.renderConfig.mode === 'auto' && node.renderConfig.enableDocPreview;
      if (preview && ctx.previewAttachments) {
        for (const block of await attachmentPreviewBlocks(ctx, list)) flow.block(block);
        return;
      }
      // Without a preview, attachments print their file names.
      const names = list
        .map((f) => (isPlainObject(f) && typeof f.fileName === 'string' ? f.fileName : toText(f)))
        .filter((n) => n !== '');
      for (const name of names) flow.block({ t: 'par', spans: [{ t: 'text', s: name }] });
      return;
    }
    default:
      await inlineNode(ctx, scope, node, flow);
  }
}

async function inlineNode(ctx: ResolveContext, scope: Scope, node: RichTextNode, flow: Flow): Promise<void> {
  if (isLeaf(node)) {
    flow.span({ t: 'text', s: node.text, ...marksOf(node) });
    return;
  }
  switch (node.type) {
    case 'variable': {
      const value = variableValue(ctx, scope, node.name, node.filters);
      await valueSpans(ctx, value, firstLeaf(node), flow);
      return;
    }
    case 'loopItemInline': {
      const value = node.name
        ? variableValue(ctx, scope, `#.${node.name}`, node.filters)
        : variableValue(ctx, scope, '#', node.filters);
      await valueSpans(ctx, value, firstLeaf(node), flow);
      return;
    }
    case 'computeVariable': {
      const marks = marksOf(firstLeaf(node));
      const fmt = {
        dec: node.format.decimalScale,
        fixed: node.format.fixedDecimalScale,
        sep: node.format.thousandSeparator,
        prefix: node.format.prefix,
        suffix: node.format.suffix,
      };
      if (node.range === 'currentPage') {
        flow.span({
          t: 'pagesum',
          key: node.name,
          cmd: node.cmd === 'average' ? 'avg' : node.cmd,
          fmt,
          ...pick(marks),
        });
      } else {
        const total = computeAll(ctx, scope, node.name, node.cmd);
        flow.span({ t: 'text', s: formatComputeValue(total, node.format), ...marks, d: true });
      }
      return;
    }
    case 'inline-image': {
      const url = node.url || (node.name ? fieldImageUrls(ctx, scope, node.name)[0] : undefined);
      const path = url ? await ctx.assets.image(url) : undefined;
      if (path) {
        flow.span({
          t: 'img',
          path,
          ...(node.height ? { height: node.height * PX } : {}),
          ...(node.width ? { width: node.width * PX } : {}),
          ...(!node.height && !node.width ? { height: 12 } : {}),
        });
      }
      return;
    }
    case 'loop': {
      if (node.mode !== 'inline') {
        for (const block of await loopBlocks(ctx, scope, node)) flow.block(block);
        return;
      }
      const items = listItems(ctx, scope, node.rootPath, node.filter);
      charge(ctx, items.length);
      if (items.length === 0) {
        if (!node.hideWhenEmpty && node.customEmptyContent) flow.span({ t: 'text', s: node.customEmptyContent });
        return;
      }
      for (let index = 0; index < items.length; index++) {
        if (index > 0 && node.inlineJoiner) flow.span({ t: 'text', s: node.inlineJoiner, ...marksOf(firstLeaf(node)) });
        const itemScope = withItem(scope, items[index], index);
        await inlineContent(ctx, itemScope, node.itemContent, flow);
      }
      return;
    }
    default:
      await blockElement(ctx, scope, node, flow);
  }
}

function pick(marks: Omit<VTextSpan, 't' | 's'>) {
  const out: { b?: boolean; i?: boolean; size?: number; color?: string } = {};
  if (marks.b) out.b = true;
  if (marks.i) out.i = true;
  if (marks.size) out.size = marks.size;
  if (marks.color) out.color = marks.color;
  return out;
}

/** Item content printed inline: paragraphs unwrap to their children. */
async function inlineContent(ctx: ResolveContext, scope: Scope, nodes: readonly RichTextNode[], flow: Flow) {
  for (const node of nodes) {
    if (!isLeaf(node) && (node.type === 'paragraph' || node.type === 'heading-one' || node.type === 'heading-two')) {
      await inlineContent(ctx, scope, node.children, flow);
    } else {
      await inlineNode(ctx, scope, node, flow);
    }
  }
}

async function valueSpans(ctx: ResolveContext, value: unknown, leaf: TextLeaf | undefined, flow: Flow): Promise<void> {
  if (isImageValue(value) || (Array.isArray(value) && value.length > 0 && value.every(isImageValue))) {
    const images = Array.isArray(value) ? value : [value];
    for (const image of images) {
      if (!isImageValue(image)) continue;
      const path = await ctx.assets.image(image.url);
      if (path) {
        flow.span({
          t: 'img',
          path,
          ...(image.width ? { width: image.width * PX } : {}),
          ...(image.height ? { height: image.height * PX } : {}),
        });
      }
    }
    return;
  }
  const plain = defaultToPlain(value);
  flow.span({
    t: 'text',
    s: toText(value),
    ...marksOf(leaf),
    d: true,
    ...(typeof plain === 'boolean' ? { check: plain } : {}),
  });
}

async function loopBlocks(ctx: ResolveContext, scope: Scope, node: LoopElement): Promise<VBlock[]> {
  const items = listItems(ctx, scope, node.rootPath, node.filter);
  charge(ctx, items.length);
  if (items.length === 0) {
    if (node.hideWhenEmpty || !node.customEmptyContent) return [];
    return [{ t: 'par', spans: [{ t: 'text', s: node.customEmptyContent }] }];
  }
  const perItem: VBlock[][] = [];
  for (let index = 0; index < items.length; index++) {
    const itemScope = withItem(scope, items[index], index);
    perItem.push(await resolveRichText(ctx, itemScope, node.itemContent));
  }
  if (node.mode === 'list') return [{ t: 'list', ordered: node.listType === 'ol', items: perItem }];
  return perItem.flat();
}

/** Printed width of one previewed page, pt: a thumbnail, about a third of an A4 page's text width. */
const PREVIEW_THUMB_WIDTH = 170;

/**
 * An attachment field's files previewed (spec 001 §7): each file's pages (a PDF's, an Office
 * file's through LibreOffice, an image itself) printed as thumbnails under its name; a
 * file that could not be previewed prints its name and the spec's result code.
 */
async function attachmentPreviewBlocks(ctx: ResolveContext, files: readonly unknown[]): Promise<VBlock[]> {
  const wanted = files.flatMap((file) => {
    if (!isPlainObject(file) || typeof file.url !== 'string' || file.url === '') return [];
    const name = typeof file.fileName === 'string' && file.fileName ? file.fileName : file.url;
    return [{ name, url: file.url, ...(typeof file.mime === 'string' ? { mime: file.mime } : {}) }];
  });
  if (wanted.length === 0 || !ctx.previewAttachments) return [];
  const blocks: VBlock[] = [];
  for (const result of await ctx.previewAttachments(wanted)) {
    const caption: VBlock = { t: 'par', spans: [{ t: 'text', s: result.name, size: 8, color: '#555555' }] };
    if (result.status !== 'success') {
      blocks.push({
        t: 'par',
        spans: [
          { t: 'text', s: result.name },
          { t: 'text', s: ` (${result.errorCode})`, size: 8, color: '#a33a3a' },
        ],
      });
      continue;
    }
    blocks.push(caption);
    for (const thumb of result.thumbs) {
      const kind = thumb.mime === 'image/jpeg' ? 'jpg' : thumb.mime === 'image/png' ? 'png' : undefined;
      if (!kind) continue;
      blocks.push({ t: 'image', path: ctx.assets.add(thumb.bytes, kind), width: PREVIEW_THUMB_WIDTH, align: 'left' });
    }
  }
  return blocks;
}
