import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isQuireError } from '../src/core/errors';
import { officeContentFromFile } from '../src/render/office/schema';
import { content, fullRow, p, page, richText, table, variable } from '../tests/fixtures/builders';
import { createNodeRenderPool } from './node-pool';
import type { RenderPool } from './pool';

const template = {
  key: 'hello@1',
  content: content([page('p', [fullRow('r', richText('t', [p('Hello ', variable('name'))]))])]),
};
/**
 * A job no worker finishes within a 1 ms timeout however warm: a 2,000-row table (hundreds of ms).
 * A one-line document can: a warm worker answered one before the timer fired.
 */
const long = {
  key: 'long@1',
  content: content([
    page('p', [
      fullRow('r', table('t', { columns: [1], rows: [[[p(variable('name'))]]], dynamicRows: { rootPath: 'lines' } })),
    ]),
  ]),
};
const longData = () => ({
  kind: 'data' as const,
  data: { lines: Array.from({ length: 2_000 }, (_, i) => ({ name: `Line ${i}` })) },
});
const text = (file: { bytes: Uint8Array }) => new TextDecoder('latin1').decode(file.bytes.subarray(0, 8));
const data = (record: Record<string, unknown>) => ({ kind: 'data' as const, data: record });

describe('render pool (Node worker threads)', () => {
  let pool: RenderPool;

  beforeAll(async () => {
    pool = createNodeRenderPool({ size: 2, maxDocuments: 3 });
    await pool.warm();
  }, 120_000);

  afterAll(() => pool.close());

  it('renders in parallel workers and recycles a worker after its document budget', async () => {
    const stages: string[] = [];
    const pdfs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        pool.render(template, data({ name: `n${i}` }), { onStage: i === 0 ? (s) => stages.push(s) : undefined }),
      ),
    );
    for (const pdf of pdfs) expect(text(pdf)).toBe('%PDF-1.7');
    expect(stages).toEqual(['resolve', 'done']);
    expect(pool.stats().recycled).toBeGreaterThanOrEqual(2);
    expect(pool.stats().completed).toBe(8);
  }, 120_000);

  it('returns catalogued errors from the worker with their issues', async () => {
    const error = await pool.render({ key: 'bad', content: { schemaVersion: 1 } }, data({})).catch((e: unknown) => e);
    expect(isQuireError(error, 'TemplateParseError')).toBe(true);
    expect((error as { issues: unknown[] }).issues.length).toBeGreaterThan(0);
  }, 60_000);

  it('terminates a job past its timeout: PreviewTimeoutError for previews, DocGenerationError otherwise', async () => {
    const preview = await pool.render(long, longData(), { kind: 'preview', timeoutMs: 1 }).catch((e: unknown) => e);
    expect(isQuireError(preview, 'PreviewTimeoutError')).toBe(true);
    const doc = await pool.render(long, longData(), { timeoutMs: 1 }).catch((e: unknown) => e);
    expect(isQuireError(doc, 'DocGenerationError')).toBe(true);
    // The pool replaced the killed workers and keeps rendering.
    expect(text(await pool.render(template, data({ name: 'after' })))).toBe('%PDF-1.7');
  }, 120_000);

  it('cancels queued and running jobs', async () => {
    const controller = new AbortController();
    const jobs = Array.from({ length: 4 }, () =>
      pool.render(template, data({ name: 'c' }), { signal: controller.signal }),
    );
    controller.abort();
    const results = await Promise.allSettled(jobs);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      if (r.status === 'rejected') expect(isQuireError(r.reason, 'DocGenerationError')).toBe(true);
    }
    expect(pool.stats().queued).toBe(0);
  }, 120_000);

  it('maps the source in the worker and names the file with the template rule', async () => {
    const file = await pool.render(template, data({ name: 'Ada' }), {
      naming: { rule: '{NAME}-{name}', templateName: 'Hello', printTime: 0 },
    });
    expect(file).toMatchObject({ mime: 'application/pdf', extension: 'pdf', fileName: 'Hello-Ada.pdf' });
  }, 60_000);

  it('refuses a malformed source with DataInvalid naming the path', async () => {
    const error = await pool.render(template, { kind: 'table', table: { id: 't' } } as never).catch((e: unknown) => e);
    expect(isQuireError(error, 'DataInvalid')).toBe(true);
    expect((error as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain('table.name');
  }, 60_000);

  it('typesets several sources as one file on one worker, naming each source', async () => {
    const group = await pool.renderGroup(template, [data({ name: 'Ada' }), data({ name: 'Bo' })], {
      naming: { rule: '{NAME}-{name}', templateName: 'Hello', printTime: 0 },
    });
    expect(text(group.file)).toBe('%PDF-1.7');
    expect(group.names).toEqual(['Hello-Ada.pdf', 'Hello-Bo.pdf']);
  }, 60_000);

  it('keeps an error’s params (what its translated message names) across the worker', async () => {
    // A .docx that is not a zip at all: refused with the problem named in params.
    const notZip = officeContentFromFile(new TextEncoder().encode('plain text, not a zip'), 'letter.docx');
    const error = await pool.render({ key: 'not-zip', content: notZip }, data({})).catch((e: unknown) => e);
    expect(isQuireError(error, 'TemplateParseError')).toBe(true);
    expect((error as { params: Record<string, unknown> }).params).toEqual({ problem: 'not-a-zip' });
  }, 60_000);
});
