import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { officeTemplateTags } from './tags';

const fixture = (name: string) => new Uint8Array(readFileSync(`src/render/office/__fixtures__/${name}`));

describe('officeTemplateTags', () => {
  it('lists the fields of a Word template saved by LibreOffice, loops marked', () => {
    const tags = officeTemplateTags('docx', fixture('lo-invoice.docx'));
    console.log(JSON.stringify(tags));
    expect(tags.length).toBeGreaterThan(0);
  });
  it('xlsx', () => {
    console.log(JSON.stringify(officeTemplateTags('xlsx', fixture('lo-invoice.xlsx'))));
  });
  it('pptx', () => {
    console.log(JSON.stringify(officeTemplateTags('pptx', fixture('lo-invoice.pptx'))));
  });
});
