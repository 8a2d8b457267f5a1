import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isQuireError } from '../src/core/errors';
import { content, fullRow, p, page, richText, variable } from '../tests/fixtures/builders';
import { createNodeRenderPool } from './node-pool';
import type { RenderPool } from './pool';

const template = {
  key: 'hello-export@1',
  content: content([page('p', [fullRow('r', richText('t', [p('Hello ', variable('name'))]))])]),
};
const data = (record: Record<string, unknown>) => ({ kind: 'data' as const, data: record });

describe('render pool: a document template exported as Word, Excel or PowerPoint', () => {
  let pool: RenderPool;

  beforeAll(() => {
    pool = createNodeRenderPool({ size: 1 });
  });

  afterAll(() => pool.close());

  it("exports in the worker with the template's file-name rule, and renders PDF without a format", async () => {
    const naming = { rule: 'Greeting_{name}', templateName: 'Hello', printTime: 0 };
    const docx = await pool.render(template, data({ name: 'Ada' }), { format: 'docx', naming });
    expect(docx.extension).toBe('docx');
    expect(docx.mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(docx.fileName).toBe('Greeting_Ada.docx');
    expect(strFromU8(unzipSync(docx.bytes)['word/document.xml']!)).toContain('Ada');
    const pptx = await pool.render(template, data({ name: 'Bo' }), { format: 'pptx' });
    expect(Object.keys(unzipSync(pptx.bytes))).toContain('ppt/slides/slide1.xml');
    const xlsx = await pool.render(template, data({ name: 'Cy' }), { format: 'xlsx' });
    expect(xlsx.extension).toBe('xlsx');
    const pdf = await pool.render(template, data({ name: 'Di' }), { naming });
    expect(pdf.fileName).toBe('Greeting_Di.pdf');
  }, 120_000);

  it('refuses to export an Office template (already a file of its kind), as a catalogued error', async () => {
    const office = {
      key: 'not-a-document@1',
      content: { kind: 'docx', version: 1, fileName: 'a.docx', file: 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==' },
    };
    const error = await pool.render(office, data({}), { format: 'pptx' }).catch((e: unknown) => e);
    expect(isQuireError(error)).toBe(true);
  }, 60_000);
});
