/**
 * The document's signature list (`document.signatureList`, spec 001 §3.10) → a signature area at
 * the end of the document: per reference its label, then each signature the record holds for it
 * (image when the entry shows one, the signer's name, the time), or a blank line to sign by hand
 * when the record has none (a local record, an instance still in progress at that node).
 *
 * Signatures come from the print input's approval groups (`signatureByPerson`, `signatureByNode`,
 * `signatureListByPerson`, `signatureListByNode`), keyed by person or node name.
 */

import { fieldLabel, resolveApprovalLanguage } from '../../core/data/approval';
import { legalPathSegment } from '../../core/expr/names';
import { defaultToPlain, getChild, isPlainObject } from '../../core/expr/values';
import type { SignatureGrouping, SignatureLayout, SignatureRef } from '../../core/model/types';
import type { VBlock, VCell } from '../view-model';
import type { ResolveContext } from './context';
import { toText, variableValue } from './values';

const GROUP_VARIABLE: Record<SignatureGrouping, string> = {
  person: 'signatureByPerson',
  node: 'signatureByNode',
  personList: 'signatureListByPerson',
  nodeList: 'signatureListByNode',
};

/** Signature boxes per line of the area. */
const PER_ROW = 3;
/** Printed width of a signature image, pt. */
const IMAGE_WIDTH = 90;
/** The approval mapping prints '-' for an empty value; here it only adds noise. */
const EMPTY = '-';

interface Signature {
  image: string;
  name: string;
  time: string;
  comment: string;
}

function textField(entry: Record<string, unknown>, key: string): string {
  const text = toText(defaultToPlain(entry[key])).trim();
  return text === EMPTY ? '' : text;
}

/** The group's key for a person or node name: the name itself, else the legal segment mapApproval made of it. */
function groupKey(group: unknown, key: string): string {
  const plain = defaultToPlain(group);
  if (!isPlainObject(plain) || Object.hasOwn(plain, key)) return key;
  return legalPathSegment(key);
}

/** The entries the record holds for one reference (one for person/node, several for the lists). */
function signaturesOf(ctx: ResolveContext, ref: SignatureRef): Signature[] {
  const group = variableValue(ctx, ctx.scope, GROUP_VARIABLE[ref.grouping]);
  const value = defaultToPlain(getChild(group, groupKey(group, ref.key), defaultToPlain));
  const entries = Array.isArray(value) ? value.map((item) => defaultToPlain(item)) : [value];
  const out: Signature[] = [];
  for (const entry of entries) {
    if (!isPlainObject(entry)) continue;
    const signature = {
      image: textField(entry, 'image'),
      name: textField(entry, 'name'),
      time: textField(entry, 'timeStr'),
      comment: textField(entry, 'comment'),
    };
    if (signature.image || signature.name || signature.time) out.push(signature);
  }
  return out;
}

async function signatureBlocks(ctx: ResolveContext, signature: Signature): Promise<VBlock[]> {
  const blocks: VBlock[] = [];
  const path = signature.image ? await ctx.assets.image(signature.image) : undefined;
  if (path) blocks.push({ t: 'image', path, width: IMAGE_WIDTH, align: 'left' });
  if (signature.name) blocks.push({ t: 'par', spans: [{ t: 'text', s: signature.name }] });
  if (signature.time) blocks.push({ t: 'par', spans: [{ t: 'text', s: signature.time, size: 8, color: '#555555' }] });
  if (signature.comment)
    blocks.push({ t: 'par', spans: [{ t: 'text', s: signature.comment, size: 8, color: '#555555', i: true }] });
  return blocks;
}

async function refBlocks(ctx: ResolveContext, ref: SignatureRef): Promise<VBlock[]> {
  const label = ref.label?.trim() || ref.key;
  const blocks: VBlock[] = [{ t: 'par', spans: [{ t: 'text', s: label, b: true }] }];
  const signatures = signaturesOf(ctx, ref);
  if (signatures.length === 0) {
    // Room for a handwritten signature above the line.
    blocks.push({ t: 'par', spans: [{ t: 'text', s: ' ' }], marginBottom: 18 }, { t: 'hr', stroke: null });
    return blocks;
  }
  for (const signature of signatures) blocks.push(...(await signatureBlocks(ctx, signature)));
  return blocks;
}

/** The signature area, or nothing when the template lists no signatures. */
export async function resolveSignatureList(
  ctx: ResolveContext,
  refs: readonly SignatureRef[],
  layout: SignatureLayout = 'cells',
): Promise<VBlock[]> {
  if (refs.length === 0) return [];
  const area = layout === 'table' ? [await signatureTable(ctx, refs)] : await signatureCells(ctx, refs);
  return [{ t: 'box', box: { margin: [12, 0, 0, 0] }, blocks: area }];
}

/** Three references a line, each a cell of its label and signatures. */
async function signatureCells(ctx: ResolveContext, refs: readonly SignatureRef[]): Promise<VBlock[]> {
  const boxes: VBlock[][] = [];
  for (const ref of refs) boxes.push(await refBlocks(ctx, ref));
  const rows: VBlock[] = [];
  for (let start = 0; start < boxes.length; start += PER_ROW) {
    const line = boxes.slice(start, start + PER_ROW);
    // Equal columns on every line, so boxes of later lines sit under those of the first.
    while (line.length < Math.min(PER_ROW, boxes.length)) line.push([]);
    rows.push({ t: 'row', gap: 12, cols: line.map((blocks) => ({ width: 1, blocks })) });
  }
  return rows;
}

const textCell = (text: string, bold = false): VCell => ({
  blocks: text ? [{ t: 'par', spans: [{ t: 'text', s: text, ...(bold ? { b: true } : {}) }] }] : [],
});

/**
 * One row per signature under a header (the approval's own labels in the template's language):
 * reference, signature image, name, time, comment. A reference without signatures keeps an empty
 * row, tall enough to sign by hand.
 */
async function signatureTable(ctx: ResolveContext, refs: readonly SignatureRef[]): Promise<VBlock> {
  const lang = resolveApprovalLanguage(ctx.locale);
  const byNode = refs.every((ref) => ref.grouping === 'node' || ref.grouping === 'nodeList');
  const heads = [byNode ? 'nodeName' : 'name', 'signatureImage', 'name', 'timeStr', 'comment'];
  const body: VCell[][] = [];
  const heights: (number | null)[] = [null];
  for (const ref of refs) {
    const label = ref.label?.trim() || ref.key;
    const signatures = signaturesOf(ctx, ref);
    if (signatures.length === 0) {
      body.push([textCell(label, true), textCell(''), textCell(''), textCell(''), textCell('')]);
      heights.push(36);
      continue;
    }
    for (const signature of signatures) {
      const path = signature.image ? await ctx.assets.image(signature.image) : undefined;
      const image: VCell = {
        blocks: path ? [{ t: 'image', path, width: IMAGE_WIDTH * 0.7, align: 'left' }] : [],
      };
      body.push([
        textCell(label, true),
        image,
        textCell(signature.name),
        textCell(signature.time),
        textCell(signature.comment),
      ]);
      heights.push(null);
    }
  }
  return {
    t: 'table',
    cols: [2, 2.2, 1.6, 1.8, 2.4],
    header: [heads.map((key) => textCell(fieldLabel(key, lang), true))],
    body,
    footer: [],
    headerRepeat: true,
    stroke: { w: 0.5, c: '#999999' },
    rowHeights: heights,
  };
}
