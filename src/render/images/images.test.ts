/**
 * Image export end to end in Node: a document typeset by the native engine, its PDF drawn by
 * pdf.js with Node's canvas, read back as images (format, pixel size, JPEG quality).
 */
import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { block, content, fullRow, p, page, pngDataUrl, richText, variable } from '../../../tests/fixtures/builders';
import { imageInfo } from '../../../tests/fixtures/imageInfo';
import { NodeRenderEnvironment } from '../../../workers/node-environment';
import { printInProcess } from '../batch/inProcess';
import { prepareOutputTemplate, renderOutput } from '../outputs/render';

const environment = new NodeRenderEnvironment({ loadImage: async () => undefined });
const env = environment.env('native');
afterAll(() => environment.dispose());

/** Three pages, each naming its number and the record's title. */
function threePages() {
  return prepareOutputTemplate(
    content(
      [1, 2, 3].map((n) =>
        page(`p${n}`, [fullRow(`r${n}`, richText(`t${n}`, [p(`Page ${n} of `, variable('title'))]))]),
      ),
    ),
  );
}

/** A page filled by a photo of noise: its PNG cannot be small. */
function noisePage() {
  return prepareOutputTemplate(
    content([
      page('p', [
        fullRow('i', block('i1', 'image', { image: { mode: 'attachment', fieldName: 'photos', emptyContent: '-' } })),
      ]),
    ]),
  );
}

// About as many pixels as the page's content area holds at 2×, so none are smoothed away.
const NOISE = { width: 1380, height: 1880 };
const noise = randomBytes(NOISE.width * NOISE.height * 3);
const noisePhoto = pngDataUrl(NOISE.width, NOISE.height, (x, y) => {
  const at = (y * NOISE.width + x) * 3;
  return [noise[at]!, noise[at + 1]!, noise[at + 2]!, 255];
});

describe('image export', () => {
  it('makes a 3-page document three PNGs, each at most 1600 px wide', async () => {
    const file = await renderOutput(threePages(), { kind: 'data', data: { title: 'Q3' } }, env, {
      format: 'png',
      naming: { templateName: 'Report', printTime: 0 },
    });
    expect(file).toMatchObject({ extension: 'zip', mime: 'application/zip', fileName: 'Report.zip' });
    const pages = unzipSync(file.bytes);
    expect(Object.keys(pages)).toEqual(['page-1.png', 'page-2.png', 'page-3.png']);
    for (const bytes of Object.values(pages)) {
      const info = imageInfo(bytes);
      expect(info.format).toBe('png');
      expect(info.width).toBeLessThanOrEqual(1600);
      expect(info.width).toBe(1587);
      expect(info.height).toBe(2245);
    }
  });

  it('makes one page JPEG at quality 80, or 90 with compression off', async () => {
    const prepared = prepareOutputTemplate(content([page('p', [fullRow('r', richText('t', [p('One page')]))])]));
    const source = { kind: 'data', data: {} };
    const jpeg = await renderOutput(prepared, source, env, { format: 'jpeg' });
    expect(jpeg).toMatchObject({ extension: 'jpg', mime: 'image/jpeg' });
    expect(imageInfo(jpeg.bytes)).toEqual({ format: 'jpeg', width: 1587, height: 2245, quality: 80 });
    const fine = await renderOutput(prepared, source, env, { format: 'jpeg', noCompress: true });
    expect(imageInfo(fine.bytes)).toEqual({ format: 'jpeg', width: 2381, height: 3367, quality: 90 });
  });

  it('stores a page whose PNG passes 6 MB as a JPEG', async () => {
    const file = await renderOutput(
      noisePage(),
      { kind: 'data', data: { photos: [{ fileName: 'noise.png', url: noisePhoto }] } },
      env,
      { format: 'png' },
    );
    expect(file).toMatchObject({ extension: 'jpg', mime: 'image/jpeg' });
    expect(imageInfo(file.bytes)).toMatchObject({ format: 'jpeg', width: 1587, quality: 80 });
  });

  it('zips the pages of several records as one run, named per record and page', async () => {
    const run = await printInProcess({
      prepared: threePages(),
      sources: [
        { kind: 'data', data: { title: 'A' } },
        { kind: 'data', data: { title: 'B' } },
      ],
      env,
      output: 'zip',
      format: 'png',
      naming: { templateName: 'Report', printTime: 0, rule: '{title}' },
    });
    const zip = unzipSync(new Uint8Array(await new Response(run.body).arrayBuffer()));
    expect(Object.keys(zip)).toEqual(['A-1.png', 'A-2.png', 'A-3.png', 'B-1.png', 'B-2.png', 'B-3.png']);
  });
});
