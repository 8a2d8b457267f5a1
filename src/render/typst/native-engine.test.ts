/**
 * The native engine reads the Latin fonts alone until a job's text needs another group (issue 28:
 * reading every group was ~12 % of a one-invoice CLI run): a Latin document and a Chinese one,
 * one after the other on one engine, each print in their own fonts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { content, fullRow, p, page } from '../../../tests/fixtures/builders';
import { pdfFonts, pdfText } from '../../../tests/golden/harness';
import { createNodeEngine } from '../node-engine';
import { renderPdf } from '../render-pdf';
import type { TypstEngine } from './engine';

const doc = (text: string) => content([page('p', [fullRow('r', { id: 'b', type: 'richText', content: [p(text)] })])]);

describe('native engine font groups', () => {
  let engine: TypstEngine;
  afterAll(() => engine?.dispose());

  it('prints Latin with Noto Sans only, then Chinese with Noto Sans SC, on one engine', async () => {
    engine = await createNodeEngine('native');
    const latin = await renderPdf(doc('Invoice total 1,234.50'), {}, { engine });
    expect(pdfText(latin)).toContain('Invoice total 1,234.50');
    expect(pdfFonts(latin).every((f) => /NotoSans(?!SC|JP|KR|TC)/i.test(f.name))).toBe(true);
    const chinese = await renderPdf(doc('发票合计 1,234.50'), {}, { engine });
    expect(pdfText(chinese)).toContain('发票合计');
    expect(pdfFonts(chinese).some((f) => /SC/i.test(f.name))).toBe(true);
    // And Latin again: the second compiler did not replace the first.
    expect(pdfText(await renderPdf(doc('Paid, thank you'), {}, { engine }))).toContain('Paid, thank you');
  }, 120_000);
});
