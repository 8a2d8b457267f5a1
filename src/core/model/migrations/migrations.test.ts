import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION } from '../defaults';
import { loadTemplateContent } from '../parse';
import { detectSchemaVersion, MIGRATIONS, migrate } from './index';

// Vite globs instead of node:fs: src/core stays free of Node imports, tests included.
const frozen: Record<string, string> = import.meta.glob('../__fixtures__/v*/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const read = (path: string) => {
  const text = frozen[`../__fixtures__/${path}`];
  if (text === undefined) throw new Error(`no frozen fixture ${path}`);
  return text;
};
const filesOf = (version: string) =>
  Object.keys(frozen)
    .filter((path) => path.startsWith(`../__fixtures__/${version}/`))
    .map((path) => path.slice(`../__fixtures__/${version}/`.length));

describe('frozen fixtures of every version keep loading', () => {
  const versions = [...new Set(Object.keys(frozen).map((path) => path.split('/')[2]!))];

  it('has fixtures for every version up to the current one', () => {
    for (let version = 0; version <= CURRENT_SCHEMA_VERSION; version++) expect(versions).toContain(`v${version}`);
  });

  for (const version of versions) {
    const files = filesOf(version).filter((f) => !f.endsWith('.expected.json'));
    it.each(files)(`${version}/%s loads as current content`, (file) => {
      const content = loadTemplateContent(read(`${version}/${file}`));
      expect(content.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
      expect(content.document.pages.length).toBeGreaterThan(0);
    });

    const expectations = filesOf(version).filter((f) => f.endsWith('.expected.json'));
    it.each(expectations)(`${version}/%s: the old file means exactly what the expectation says`, (expected) => {
      const old = loadTemplateContent(read(`${version}/${expected.replace('.expected.json', '.json')}`));
      expect(old).toEqual(loadTemplateContent(read(`${version}/${expected}`)));
    });
  }
});

describe('migrate', () => {
  it('is an ordered chain from 0 to the current version', () => {
    expect(MIGRATIONS.map((m) => m.from)).toEqual(Array.from({ length: CURRENT_SCHEMA_VERSION }, (_, i) => i));
  });

  it('treats content without schemaVersion as version 0 and stamps the current one', () => {
    expect(detectSchemaVersion({ document: {} })).toBe(0);
    const { content, fromVersion } = migrate({ document: { pages: [] } });
    expect(fromVersion).toBe(0);
    expect(content.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
  });

  it('leaves current content alone', () => {
    const input = { schemaVersion: CURRENT_SCHEMA_VERSION, document: { pages: [{ id: 'x' }] } };
    expect(migrate(input).content).toBe(input);
  });

  it('never mutates its input and is deterministic', () => {
    const input = JSON.parse(read('v0/legacy-invoice.json'));
    const snapshot = JSON.stringify(input);
    const first = migrate(input).content;
    expect(JSON.stringify(input)).toBe(snapshot);
    expect(migrate(JSON.parse(snapshot)).content).toEqual(first);
  });

  it('v0: decodes a double-encoded document and lower-case size names', () => {
    const content = loadTemplateContent(read('v0/double-encoded.json'));
    expect(content.pageSetting.sizeType).toBe('A4');
    const page = content.document.pages[0]!;
    expect(page.autoPageRootPath).toBe('orders');
    const [text, barcode] = page.rows[0]!.columns[0]!.blocks;
    expect(text).toMatchObject({
      type: 'richText',
      content: [{ type: 'paragraph', children: [{ text: 'Hello {name}' }] }],
    });
    expect(barcode).toMatchObject({ type: 'barcode', barcode: { value: '{code}', format: 'CODE128' } });
  });

  it('v0: a bare document at the root becomes the content document', () => {
    const content = loadTemplateContent(read('v0/bare-document.json'));
    expect(content.document.pages).toHaveLength(2);
    expect(content.document.pages.map((p) => p.id)).toEqual(['p0', 'p1']);
  });

  it('v0: "standard" size types are recognised from their dimensions; orientation becomes direction', () => {
    const content = loadTemplateContent(read('v0/legacy-invoice.json'));
    expect(content.pageSetting).toMatchObject({ sizeType: 'A5', direction: 'horizontal', paddingTop: 10 });
    expect(content.settings).toMatchObject({ fontSize: 10, defaultLineHeight: 1.5, defaultMarginBottom: '4' });
    expect(
      loadTemplateContent({
        pageSetting: { sizeType: 'standard', width: 215.9, height: 279.4 },
        document: { pages: [{}] },
      }).pageSetting.sizeType,
    ).toBe('Letter');
    expect(
      loadTemplateContent({ pageSetting: { sizeType: 'standard', width: 100, height: 100 }, document: { pages: [{}] } })
        .pageSetting.sizeType,
    ).toBe('Custom');
    expect(
      loadTemplateContent({ pageSetting: { sizeType: 'custom', width: 100, height: 100 }, document: { pages: [{}] } })
        .pageSetting.sizeType,
    ).toBe('Custom');
  });

  it('a failing step becomes a TemplateParseError', () => {
    const hostile = {
      get document(): unknown {
        throw new Error('boom');
      },
    };
    expect(() => loadTemplateContent(hostile)).toThrowError(
      expect.objectContaining({ errorName: 'TemplateParseError' }),
    );
  });
});
