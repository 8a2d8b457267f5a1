import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { invoiceDataSource, invoiceTemplateContent, invoiceValues } from '../../../tests/fixtures/platform';
import type { OpenDataSource } from '../../core/data/dataSource';
import { instanceValues } from '../../core/data/instanceValues';
import { goldenDocx } from '../../render/office/golden-fixtures';
import { officeContentFromFile } from '../../render/office/schema';
import { prepareOutputTemplate } from '../../render/outputs/render';
import { RecyclingTypstEngine } from '../../render/typst/recycling-engine';
import { DEFAULT_FETCH_POLICY } from './fetchPolicy';
import { RenderEnvironment, renderFile, targetsOf } from './renderFile';

describe('the server WASM compiler', () => {
  // A budget of one byte: every compile leaves its compiler spent.
  const environment = new RenderEnvironment(DEFAULT_FETCH_POLICY, 1);
  afterAll(() => environment.dispose());

  const render = () =>
    renderFile(
      {
        content: invoiceTemplateContent,
        templateName: 'Invoice',
        docName: 'Invoices',
        dataSource: invoiceDataSource,
        values: instanceValues(invoiceDataSource as OpenDataSource, invoiceValues),
        targetType: 'pdf',
        runtime: 'wasm',
      },
      environment,
    );

  it('is replaced past its memory budget, between compiles, and renders on', async () => {
    const [a, b] = await Promise.all([render(), render()]);
    expect(new TextDecoder().decode(a.bytes.subarray(0, 5))).toBe('%PDF-');
    expect(new TextDecoder().decode(b.bytes.subarray(0, 5))).toBe('%PDF-');
    const engine = (await environment.env('wasm').typst()) as RecyclingTypstEngine;
    expect(engine).toBeInstanceOf(RecyclingTypstEngine);
    // Each compile left its compiler past the budget: the next one ran on a new compiler.
    expect(engine.started).toBeGreaterThanOrEqual(2);
    const before = engine.started;
    const c = await render();
    expect(new TextDecoder().decode(c.bytes.subarray(0, 5))).toBe('%PDF-');
    expect(engine.started).toBeGreaterThan(before);
  }, 120_000);
});

describe('Office templates to PDF on the server', () => {
  const environment = new RenderEnvironment(DEFAULT_FETCH_POLICY);
  afterAll(() => environment.dispose());

  const withSoffice = async <T>(binary: string, run: () => Promise<T>): Promise<T> => {
    const before = process.env.QUIRE_SOFFICE;
    process.env.QUIRE_SOFFICE = binary;
    try {
      return await run();
    } finally {
      if (before === undefined) delete process.env.QUIRE_SOFFICE;
      else process.env.QUIRE_SOFFICE = before;
    }
  };

  it('offers PDF for a Word template only where LibreOffice is installed, and says so when it is not', async () => {
    const content = JSON.stringify(officeContentFromFile(await goldenDocx(), 'letter.docx'));
    const prepared = prepareOutputTemplate(content);
    await withSoffice('/usr/bin/soffice', async () => {
      if (existsSync('/usr/bin/soffice')) expect(targetsOf(prepared)).toEqual(['docx', 'pdf']);
    });
    await withSoffice('/nowhere/soffice', async () => {
      expect(targetsOf(prepared)).toEqual(['docx']);
      const request = {
        content,
        templateName: 'Letter',
        docName: 'Invoices',
        dataSource: invoiceDataSource,
        values: instanceValues(invoiceDataSource as OpenDataSource, invoiceValues),
        targetType: 'pdf' as const,
        runtime: 'wasm' as const,
      };
      await expect(renderFile(request, environment)).rejects.toMatchObject({ errorName: 'OfficePdfUnavailable' });
    });
  });
});
