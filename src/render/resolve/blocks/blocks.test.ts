import { describe, expect, it } from 'vitest';
import { block, content, fullRow, p, page, richText } from '../../../../tests/fixtures/builders';
import { BLOCK_TYPES } from '../../../core/model/defaults';
import { parseTemplateContent } from '../../../core/model/parse';
import type { VBlock } from '../../view-model';
import { resolveDocument } from '../document';
import { RESOLVERS } from './index';

const one = (...blocks: unknown[]) =>
  parseTemplateContent(content([page('p1', [fullRow('r1', ...(blocks as never[]))])]) as never);

const qrBlock = (id: string, value: unknown) => block(id, 'qrcode', { qrcode: { value } });
const inlineQr = (value: unknown) => ({ type: 'qrcode', qrcode: { value }, children: [{ text: '' }] });

/** The text a QR code image in the view model encodes is not readable back; its asset is: same text, same SVG. */
async function qrAssets(tpl: ReturnType<typeof one>, record: unknown, fieldIds?: Record<string, string>) {
  const { doc, assets } = await resolveDocument(tpl, record, fieldIds ? { fieldIds } : {});
  const paths = (doc.sections[0]!.blocks as VBlock[]).flatMap((b) => (b.t === 'image' ? [b.path] : []));
  return paths.map((path) => new TextDecoder().decode(assets[path]));
}

describe('block resolvers', () => {
  it('has one resolver per block type of the model', () => {
    expect(Object.keys(RESOLVERS).sort()).toEqual([...BLOCK_TYPES].sort());
  });

  it('prints the value of a field named by id in a QR code (fieldIds maps the id to its variable)', async () => {
    const byId = qrBlock('q1', { type: 'fieldValue', fieldType: 'id', field: 'fldOrderNo' });
    const byName = qrBlock('q2', { type: 'fieldValue', fieldType: 'name', field: 'orderNo' });
    const record = { orderNo: 'SO-2026-0001' };
    const [fromId, fromName] = await qrAssets(one(byId, byName), record, { fldOrderNo: 'orderNo' });
    expect(fromId).toContain('<svg');
    expect(fromId).toBe(fromName);
  });

  it('prints no QR code for an id that names no field, and keeps ids that are names working', async () => {
    const unknown = qrBlock('q1', { type: 'fieldValue', fieldType: 'id', field: 'fldMissing' });
    expect(await qrAssets(one(unknown), { orderNo: 'X' }, { fldOrderNo: 'orderNo' })).toEqual([]);
    // Without a mapping (CLI data keyed by whatever the designer typed), the id is read as a name.
    const legacy = qrBlock('q2', { type: 'fieldValue', fieldType: 'id', field: 'orderNo' });
    expect(await qrAssets(one(legacy), { orderNo: 'X' })).toHaveLength(1);
  });

  it('reads a bar code field bound by id through fieldIds', async () => {
    const code = block('b1', 'barcode', { barcode: { valueType: 'field', fieldName: 'fldSku' } });
    const { doc } = await resolveDocument(one(code), { sku: 'SKU-42' }, { fieldIds: { fldSku: 'sku' } });
    const caption = doc.sections[0]!.blocks[1];
    expect(caption).toMatchObject({ t: 'par', spans: [{ t: 'text', s: 'SKU-42' }] });
  });

  it('resolves an inline QR code exactly as the QR code block', async () => {
    const value = { type: 'fieldValue', fieldType: 'id', field: 'fldOrderNo' };
    const tpl = one(qrBlock('q', value), richText('t', [inlineQr(value)]));
    const { doc, assets } = await resolveDocument(tpl, { orderNo: 'SO-1' }, { fieldIds: { fldOrderNo: 'orderNo' } });
    const [fromBlock, fromText] = doc.sections[0]!.blocks as Array<VBlock & { path: string }>;
    expect({ ...fromText, path: '' }).toEqual({ ...fromBlock, path: '' });
    expect(fromText!.path).not.toBe(fromBlock!.path);
    expect(assets[fromText!.path]).toEqual(assets[fromBlock!.path]);
  });

  it('resolves an inline static image and an attachment image like their blocks', async () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const staticConfig = { mode: 'static', url: png, align: 'right', width: 40 };
    const attachment = { mode: 'attachment', fieldName: 'photos', emptyContent: 'none' };
    const tpl = one(
      block('s', 'staticImage', { image: staticConfig }),
      richText('t1', [{ type: 'static-image', image: staticConfig, children: [{ text: '' }] }]),
      block('a', 'image', { image: attachment }),
      richText('t2', [{ type: 'image', image: attachment, children: [{ text: '' }] }, p()]),
    );
    const { doc } = await resolveDocument(tpl, { photos: [] }, { loadImage: async () => new Uint8Array([1]) });
    const [s, sInline, a, aInline] = doc.sections[0]!.blocks;
    expect(s).toMatchObject({ t: 'image', align: 'right', width: 30 });
    expect(sInline).toEqual(s);
    expect(a).toEqual({ t: 'par', spans: [{ t: 'text', s: 'none' }] });
    expect(aInline).toEqual(a);
  });
});
