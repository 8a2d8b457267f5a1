/**
 * Templates authored in LibreOffice (tests/fixtures/office-lo: hand-written flat ODF sources saved
 * as .docx/.xlsx/.pptx by LibreOffice's own writers, `generate.sh` regenerates them) and the record
 * they are filled with. Shared by the XML-level tests and the LibreOffice round trip.
 */
import { readFileSync } from 'node:fs';
import { docxRenderer } from './docx';
import { encodePng } from './png';
import { pptxRenderer } from './pptx';
import { officeContentFromFile } from './schema';
import { env, input } from './test-helpers';
import { xlsxRenderer } from './xlsx';

const DIR = new URL('../../../tests/fixtures/office-lo/', import.meta.url);

const LO_RECORD = {
  number: 'INV-7',
  customer: { name: 'Ada & Co', city: 'London' },
  issued: '2024-03-05',
  paid: true,
  note: 'Handle with care',
  lines: [
    { name: 'Pen', qty: 2, price: 1.5, colour: 'blue', note: 'gift' },
    { name: 'Ink', qty: 3, price: 4, colour: 'black', note: 'refill' },
    { name: 'Paper', qty: 10, price: 0.25, colour: 'white', note: 'A4' },
  ],
  total: 17.5,
  tags: ['urgent', 'fragile'],
  link: 'https://quire.example/r/7',
  photo: [{ url: 'quire-asset:photo', fileName: 'photo.png', mime: 'image/png' }],
};

/** The record's photo: 60×40 grey pixels. */
const LO_PHOTO = encodePng(60, 40, new Uint8Array(60 * 40 * 3).fill(90));

function loTemplateBytes(name: 'letter.docx' | 'orders.xlsx' | 'deck.pptx'): Uint8Array {
  return new Uint8Array(readFileSync(new URL(name, DIR)));
}

/** The three LibreOffice-authored templates filled with `LO_RECORD`, by output file name. */
export async function fillLoAuthored(): Promise<Record<'letter.docx' | 'orders.xlsx' | 'deck.pptx', Uint8Array>> {
  const content = (name: 'letter.docx' | 'orders.xlsx' | 'deck.pptx') =>
    officeContentFromFile(loTemplateBytes(name), name);
  const data = input(LO_RECORD, { assets: { 'quire-asset:photo': LO_PHOTO } });
  return {
    'letter.docx': await docxRenderer.render(docxRenderer.parse(content('letter.docx')), data, env),
    'orders.xlsx': await xlsxRenderer.render(xlsxRenderer.parse(content('orders.xlsx')), data, env),
    'deck.pptx': await pptxRenderer.render(pptxRenderer.parse(content('deck.pptx')), data, env),
  };
}
