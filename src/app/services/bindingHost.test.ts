/**
 * A host record prints like a local one (issue 25 item 4): a "current record" QR code encodes the
 * record's link in this app and an image attachment prints from the bytes the source carries —
 * inside a host, where the render worker has no other way to them offline.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { block, content, fullRow, p, page, photoPng, richText, text, variable } from '../../../tests/fixtures/builders';
import { loadHostTable } from '../../host/base';
import { fakeBase } from '../../host/fakeBase';
import { assetsFirst } from '../../render/outputs/assets';
import { prepareOutputTemplate, printInputFor } from '../../render/outputs/render';
import { resolveDocument } from '../../render/resolve/document';
import { hostPrintSource } from './bindingHost';
import { appRecordLinks } from './printing';

const PHOTO_URL = 'https://host.test/files/photo.png';
const photoBytes = () => {
  const url = photoPng(200);
  return Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (c) => c.charCodeAt(0));
};

function base() {
  return fakeBase(
    [
      {
        id: 'tblOrders',
        name: 'Orders',
        fields: [
          { id: 'fNo', name: 'Order no', type: 'text', isPrimary: true } as never,
          { id: 'fPhoto', name: 'Photo', type: 'attachment' },
        ],
        records: [
          {
            recordId: 'recA',
            fields: { fNo: 'SO-1', fPhoto: [{ name: 'photo.png', url: PHOTO_URL, type: 'image/png' }] },
          },
        ],
      },
    ],
    null,
  );
}

/** A QR code of the current record and the record's photo (a sentence when it cannot print). */
const template = content([
  page('p1', [
    fullRow('r1', block('qr', 'qrcode', { qrcode: { value: { type: 'currentRecord' } } })),
    fullRow(
      'r2',
      block('img', 'image', { image: { mode: 'attachment', fieldName: 'Photo', emptyContent: 'No photo' } }),
    ),
  ]),
]);

async function printed(source: Parameters<typeof printInputFor>[1]) {
  const prepared = prepareOutputTemplate(template);
  if (prepared.kind !== 'document') throw new Error('document expected');
  const input = printInputFor(prepared, source);
  // As the render worker resolves it offline: the source's own bytes, no network loader.
  const { doc } = await resolveDocument(prepared.template, input.scope, {
    links: input.links,
    fieldIds: input.fieldIds,
    loadImage: assetsFirst(input.assets, undefined),
  });
  return { input, blocks: doc.sections[0]!.blocks };
}

afterEach(() => vi.unstubAllGlobals());

describe('a host record as the binding service prints it', () => {
  it('carries the record link a local record carries and its image bytes, so the QR code and the photo print', async () => {
    const requested: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      requested.push(url);
      return new Response(photoBytes(), { status: 200 });
    });
    const bridge = base();
    const table = await loadHostTable(bridge, 'b1', 'tblOrders');
    const source = await hostPrintSource(bridge, 'b1', table, 'recA');
    const { input, blocks } = await printed(source);
    expect(input.links).toEqual(appRecordLinks('tblOrders', 'recA'));
    expect(input.links.currentRecord).toMatch(/\/baseplugin\/t\/tblOrders\?record=recA$/);
    expect(Object.keys(input.assets)).toEqual([PHOTO_URL]);
    expect(requested).toEqual([PHOTO_URL]);
    // The QR code is not left out as empty; the photo prints (a row of images), not "No photo".
    expect(blocks[0]!.t).toBe('image');
    expect(JSON.stringify(blocks[1])).toContain('"t":"image"');
    expect(JSON.stringify(blocks)).not.toContain('No photo');
  });

  it('prints the rest of the record when an image cannot be read', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const bridge = base();
    const table = await loadHostTable(bridge, 'b1', 'tblOrders');
    const source = await hostPrintSource(bridge, 'b1', table, 'recA', {
      readImage: async () => undefined,
    });
    const { input, blocks } = await printed(source);
    expect(input.assets).toEqual({});
    expect(input.links.currentRecord).toContain('recA');
    expect(blocks.map((b) => b.t)).toEqual(['image', 'par']);
    expect(JSON.stringify(blocks[1])).toContain('No photo');
  });

  it('prints a link field by the linked record the host names, as the protocol documents (issue 34 item 1)', async () => {
    const bridge = fakeBase(
      [
        {
          id: 'tblOrders',
          name: 'Orders',
          fields: [
            { id: 'fNo', name: 'Order', type: 'text', isPrimary: true } as never,
            { id: 'fBuyer', name: 'Buyer', type: 'singleLink', property: { tableId: 'tblPeople' } } as never,
          ],
          records: [{ recordId: 'recO1', fields: { fNo: 'PO-7', fBuyer: ['recP1'] } }],
        },
        {
          id: 'tblPeople',
          name: 'People',
          fields: [{ id: 'fName', name: 'Name', type: 'text', isPrimary: true } as never],
          records: [{ recordId: 'recP1', fields: { fName: 'Ada Lovelace' } }],
        },
      ],
      null,
    );
    const table = await loadHostTable(bridge, 'b1', 'tblOrders');
    const source = await hostPrintSource(bridge, 'b1', table, 'recO1', { readImage: async () => undefined });
    const buyer = content([
      page('p1', [
        fullRow('r1', richText('t1', [p(text('Buyer: '), variable('Buyer'))])),
        fullRow('r2', richText('t2', [p(text('Name: '), variable('Buyer.0.Name'))])),
      ]),
    ]);
    const prepared = prepareOutputTemplate(buyer);
    if (prepared.kind !== 'document') throw new Error('document expected');
    const input = printInputFor(prepared, source);
    const { doc } = await resolveDocument(prepared.template, input.scope, {
      links: input.links,
      fieldIds: input.fieldIds,
    });
    const printedText = JSON.stringify(doc.sections[0]!.blocks);
    expect(printedText).toContain('Buyer: ');
    expect(printedText.match(/Ada Lovelace/g)).toHaveLength(2);
  });
});
