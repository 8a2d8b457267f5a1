/**
 * #31: a signature saved in Quire prints in approval documents per the spec's rules (001 §4): an
 * approved entry and an auto-skipped one without an image of their own print the person's saved
 * signature; a pending approver's never prints, even though one is saved. Through the real path:
 * an approval print source → print input → document → PDF (native Typst), read back with poppler.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RGBA_PNG_BASE64 } from '../../src/core/data/__fixtures__/signaturePngs';
import { createNodeEngine } from '../../src/render/node-engine';
import { prepareOutputTemplate, renderOutput } from '../../src/render/outputs/render';
import type { TypstEngine } from '../../src/render/typst/engine';
import { content, fullRow, p, page, richText } from '../fixtures/builders';
import { pdfText } from './harness';

const definition = JSON.parse(
  readFileSync(new URL('../fixtures/approval/leave.definition.json', import.meta.url), 'utf8'),
);
// The PNG Python's zlib wrote (a transparent ground, one stroke), as the sign screen saves it.
const saved = `data:image/png;base64,${RGBA_PNG_BASE64}`;

const instance = {
  serial_id: 'LV-31',
  instance_status: 'PENDING',
  approval_processes_data: {
    title: 'process',
    data: [
      { nodeName: 'Submit', userName: 'Ann Lee', operation: 'START', time: 1710032400000 },
      { nodeName: 'Manager', userName: 'Bo Chen', userId: 'u-bo', operation: 'APPROVED', time: 1710036000000 },
      { nodeName: 'Finance', userName: 'Bo Chen', userId: 'u-bo', operation: 'AUTO_PASS', time: 1710036000000 },
      { nodeName: 'Notify', userName: 'Bo Chen', userId: 'u-bo', operation: 'CC', time: 1710036000000 },
      { nodeName: 'CFO', userName: 'Dee Wu', operation: 'PENDING', time: null },
    ],
  },
};

const template = content([page('p', [fullRow('r', richText('t', [p('Leave request LV-31')]))])] as never, {}, {
  signatureList: [
    { id: 'm', key: 'Manager', grouping: 'node', label: 'Manager' },
    { id: 'f', key: 'Finance', grouping: 'node', label: 'Finance' },
    { id: 'c', key: 'CFO', grouping: 'node', label: 'CFO' },
  ],
} as never);

/** Images drawn in the PDF (an image with an alpha mask lists as `image` then `smask`). */
function pdfImages(pdf: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'quire-sig-'));
  try {
    writeFileSync(join(dir, 'a.pdf'), pdf);
    const list = execFileSync('pdfimages', ['-list', join(dir, 'a.pdf')], { encoding: 'utf8' });
    return list
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => line.trim().split(/\s+/)[2] ?? '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('saved signatures in approval documents', () => {
  let engine: Promise<TypstEngine> | undefined;
  const env = { typst: () => (engine ??= createNodeEngine('native')) };
  afterAll(async () => (await engine)?.dispose());

  const print = async (signatures?: unknown[]) => {
    const source = { kind: 'approval', definition, instance, ...(signatures ? { signatures } : {}) };
    const file = await renderOutput(prepareOutputTemplate(template), source, env, { format: 'pdf' });
    return file.bytes;
  };

  it('prints the saved image for the approved and auto-skipped entries, never for the pending approver', async () => {
    const pdf = await print([
      { userId: 'u-bo', name: 'Bo Chen', image: saved },
      { name: 'Dee Wu', image: saved },
    ]);
    const text = pdfText(pdf);
    for (const name of ['Manager', 'Finance', 'CFO', 'Bo Chen', 'Dee Wu']) expect(text).toContain(name);
    // Manager and Finance: one image each, each with its transparency kept; CFO (pending): none.
    expect(pdfImages(pdf)).toEqual(['image', 'smask', 'image', 'smask']);
  }, 120_000);

  it('prints no image where nobody saved one', async () => {
    const pdf = await print();
    expect(pdfText(pdf)).toContain('Bo Chen');
    expect(pdfImages(pdf)).toEqual([]);
  }, 120_000);
});
