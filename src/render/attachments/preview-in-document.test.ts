/**
 * #30 item 2: a document's attachment element in `auto` mode with `enableDocPreview` prints the
 * files' pages (spec 001 §7) through the Node environment's preview loader — a 2-page PDF written
 * by LibreOffice and a PNG written by pdftoppm — and a file that cannot be read prints its name
 * with the spec's result code. Read back with poppler (pdfimages, pdftotext).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { content, fullRow, p, page, richText } from '../../../tests/fixtures/builders';
import { NodeRenderEnvironment } from '../../../workers/node-environment';
import { prepareOutputTemplate, renderOutput } from '../outputs/render';

const FIXTURES = new URL('../../../tests/fixtures/attachments/', import.meta.url).pathname;
const environment = new NodeRenderEnvironment({
  loadImage: async () => undefined,
  // Attachments named by a local path, as the CLI reads them.
  loadAttachment: async (url) => {
    try {
      return new Uint8Array(readFileSync(join(FIXTURES, url)));
    } catch {
      return undefined;
    }
  },
});
afterAll(() => environment.dispose());
const dir = mkdtempSync(join(tmpdir(), 'quire-doc-preview-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const attachment = (enableDocPreview: boolean) => ({
  type: 'attachment',
  fieldName: 'Files',
  renderConfig: { mode: 'auto', enableDocPreview },
  children: [{ text: '' }],
});

async function print(enableDocPreview: boolean) {
  const template = prepareOutputTemplate(
    content([page('p', [fullRow('r', richText('t', [p('Files:'), attachment(enableDocPreview)]))])]),
  );
  const data = {
    Files: [
      { fileName: 'two-pages.pdf', url: 'two-pages.pdf', mime: 'application/pdf' },
      { fileName: 'photo.png', url: 'photo.png', mime: 'image/png' },
      { fileName: 'gone.pdf', url: 'gone.pdf', mime: 'application/pdf' },
    ],
  };
  const file = await renderOutput(template, { kind: 'data', data }, environment.env('native'), { format: 'pdf' });
  const path = join(dir, `preview-${enableDocPreview}.pdf`);
  writeFileSync(path, file.bytes);
  const images = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((line) => line.trim().split(/\s+/)[2] === 'image');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  return { images: images.length, text };
}

describe('attachment preview inside a document', () => {
  it('prints each readable file’s pages and names a file it could not read with the result code', async () => {
    const shown = await print(true);
    // Two PDF pages drawn, and the PNG as it is.
    expect(shown.images).toBe(3);
    expect(shown.text).toContain('two-pages.pdf');
    expect(shown.text).toContain('photo.png');
    expect(shown.text).toContain('gone.pdf (FETCH_ERROR)');
  }, 120_000);

  it('prints only the file names when the element does not ask for a preview', async () => {
    const names = await print(false);
    expect(names.images).toBe(0);
    expect(names.text).toContain('two-pages.pdf');
    expect(names.text).not.toContain('FETCH_ERROR');
  }, 120_000);
});
