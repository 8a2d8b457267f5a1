import { afterAll, describe, expect, it } from 'vitest';
import { invoiceDataSource, invoiceTemplateContent, invoiceValues } from '../../../tests/fixtures/platform';
import type { OpenDataSource } from '../../core/data/dataSource';
import { instanceValues } from '../../core/data/instanceValues';
import { DEFAULT_FETCH_POLICY } from './fetchPolicy';
import { RenderEnvironment, renderFile } from './renderFile';

describe('the server WASM compiler', () => {
  // A budget of one byte: every render leaves its compiler spent.
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

  it('is retired past its memory budget once its renders are done, and the next render starts a new one', async () => {
    const [a, b] = await Promise.all([render(), render()]);
    expect(new TextDecoder().decode(a.bytes.subarray(0, 5))).toBe('%PDF-');
    expect(new TextDecoder().decode(b.bytes.subarray(0, 5))).toBe('%PDF-');
    // Two renders at once shared one compiler, retired after both finished.
    expect(environment.wasmEngines).toEqual({ started: 1, retired: 1 });
    await render();
    expect(environment.wasmEngines).toEqual({ started: 2, retired: 2 });
  }, 120_000);
});
