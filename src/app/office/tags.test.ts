import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { officeTemplateTags } from './tags';

const fixture = (name: string) => new Uint8Array(readFileSync(`src/render/office/__fixtures__/${name}`));
const paths = (tags: { path: string }[]) => tags.map((t) => t.path);

describe('officeTemplateTags (templates saved by LibreOffice)', () => {
  it('lists a Word template’s fields with the parts they are in, loops marked', () => {
    const tags = officeTemplateTags('docx', fixture('lo-invoice.docx'));
    expect(paths(tags)).toEqual(expect.arrayContaining(['customer.name', 'lines', 'lines.qty', 'number', 'total']));
    expect(tags.find((t) => t.path === 'lines')?.loop).toBe(true);
    expect(tags.find((t) => t.path === 'lines.qty')?.loop).toBe(false);
    expect(tags.find((t) => t.path === 'number')?.parts).toEqual(['header1']);
    expect(tags.find((t) => t.path === 'customer.name')?.parts).toEqual(['body', 'footer1']);
  });

  it('reads cells and sheet names of a workbook', () => {
    const tags = officeTemplateTags('xlsx', fixture('lo-invoice.xlsx'));
    expect(paths(tags)).toEqual(expect.arrayContaining(['number', 'paid', 'lines', 'lines.price']));
    expect(tags.find((t) => t.path === 'lines')?.parts).toContain("sheet '{#lines}Line {$number}'");
  });

  it('reads every slide of a deck', () => {
    const tags = officeTemplateTags('pptx', fixture('lo-invoice.pptx'));
    expect(tags.find((t) => t.path === 'link')?.parts).toEqual(['slide 3']);
    expect(tags.find((t) => t.path === 'lines')?.loop).toBe(true);
  });
});
