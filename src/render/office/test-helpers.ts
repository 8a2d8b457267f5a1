/**
 * Builders of small, valid Office packages for the tests (no fixtures on disk): minimal parts
 * around the XML a test gives, zipped with fflate.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { emptyPrintInput, type PrintInput } from '../../core/print/input';
import type { OutputEnvironment } from '../outputs/types';
import { bytesToBase64, type OfficeKind, type OfficeTemplateContent } from './schema';
import { decodeXml } from './xml';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const W_NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

export function zip(files: Record<string, string | Uint8Array>): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, data] of Object.entries(files)) entries[name] = typeof data === 'string' ? strToU8(data) : data;
  return zipSync(entries);
}

export function unzipText(bytes: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, data] of Object.entries(unzipSync(bytes))) out[name] = strFromU8(data);
  return out;
}

export function unzipBytes(bytes: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(bytes);
}

export function content(kind: OfficeKind, bytes: Uint8Array, settings?: OfficeTemplateContent['settings']) {
  return { kind, version: 1 as const, fileName: `template.${kind}`, file: bytesToBase64(bytes), settings };
}

export function input(scope: Record<string, unknown>, extra: Partial<PrintInput> = {}): PrintInput {
  return { ...emptyPrintInput(), scope, ...extra };
}

export const env: OutputEnvironment = {
  typst: () => Promise.reject(new Error('no typst in office tests')),
};

/** A paragraph of runs: each string becomes one run (so tags can be split on purpose). */
export function p(...runs: string[]): string {
  return `<w:p>${runs.map((r) => `<w:r><w:t xml:space="preserve">${r}</w:t></w:r>`).join('')}</w:p>`;
}

interface DocxParts {
  body: string;
  header?: string;
  footer?: string;
  footnotes?: string;
  core?: string;
  extra?: Record<string, string | Uint8Array>;
}

export function makeDocx(parts: DocxParts): Uint8Array {
  const overrides = [
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
  ];
  const rels: string[] = [];
  const files: Record<string, string | Uint8Array> = {};
  if (parts.header) {
    overrides.push(
      '<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>',
    );
    rels.push(
      '<Relationship Id="rIdH1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>',
    );
    files['word/header1.xml'] = `${XML}<w:hdr ${W_NS}>${parts.header}</w:hdr>`;
  }
  if (parts.footer) {
    overrides.push(
      '<Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/>',
    );
    rels.push(
      '<Relationship Id="rIdF1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footer1.xml"/>',
    );
    files['word/footer1.xml'] = `${XML}<w:ftr ${W_NS}>${parts.footer}</w:ftr>`;
  }
  if (parts.footnotes) {
    overrides.push(
      '<Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/>',
    );
    rels.push(
      '<Relationship Id="rIdN1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>',
    );
    files['word/footnotes.xml'] = `${XML}<w:footnotes ${W_NS}>${parts.footnotes}</w:footnotes>`;
  }
  const rootRels = [
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>',
  ];
  if (parts.core) {
    overrides.push(
      '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>',
    );
    rootRels.push(
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>',
    );
    files['docProps/core.xml'] =
      `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">${parts.core}</cp:coreProperties>`;
  }
  const sect =
    parts.header || parts.footer
      ? `<w:sectPr>${parts.header ? '<w:headerReference w:type="default" r:id="rIdH1"/>' : ''}${parts.footer ? '<w:footerReference w:type="default" r:id="rIdF1"/>' : ''}</w:sectPr>`
      : '';
  return zip({
    '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.join('')}</Types>`,
    '_rels/.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rootRels.join('')}</Relationships>`,
    'word/document.xml': `${XML}<w:document ${W_NS}><w:body>${parts.body}${sect}</w:body></w:document>`,
    'word/_rels/document.xml.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
    ...files,
    ...parts.extra,
  });
}

/** The visible text of WordprocessingML: paragraphs on lines, breaks as newlines, tabs as tabs. */
export function wordText(xml: string): string {
  return xml
    .replace(/<w:br\/>/g, '\n')
    .replace(/<w:tab\/>/g, '\t')
    .replace(/<\/w:p><\/w:tc>/g, '|')
    .replace(/<\/w:tr>/g, '\n')
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();
}

const SS_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const R_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** A cell with an inline string (what most generators write) or a number/formula. */
export function cell(ref: string, value: string | number, style?: number): string {
  const s = style === undefined ? '' : ` s="${style}"`;
  if (typeof value === 'number') return `<c r="${ref}"${s}><v>${value}</v></c>`;
  if (value.startsWith('=')) return `<c r="${ref}"${s}><f>${value.slice(1)}</f><v>0</v></c>`;
  return `<c r="${ref}"${s} t="inlineStr"><is><t>${value}</t></is></c>`;
}

export function row(r: number, ...cells: string[]): string {
  return `<row r="${r}">${cells.join('')}</row>`;
}

interface SheetSpec {
  name: string;
  rows: string;
  /** After sheetData: mergeCells, conditionalFormatting… */
  after?: string;
}

export function makeXlsx(
  sheets: SheetSpec[],
  options: {
    sharedStrings?: string[];
    definedNames?: string;
    styles?: string;
    extra?: Record<string, string | Uint8Array>;
    sheetRels?: Record<number, string>;
  } = {},
): Uint8Array {
  const files: Record<string, string | Uint8Array> = {};
  const overrides = [
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>',
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>',
  ];
  const rels = [
    '<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>',
  ];
  sheets.forEach((sheet, i) => {
    const n = i + 1;
    files[`xl/worksheets/sheet${n}.xml`] =
      `${XML}<worksheet ${SS_NS} ${R_NS}><dimension ref="A1"/><sheetData>${sheet.rows}</sheetData>${sheet.after ?? ''}</worksheet>`;
    overrides.push(
      `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    );
    rels.push(
      `<Relationship Id="rId${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${n}.xml"/>`,
    );
    const sheetRels = options.sheetRels?.[n];
    if (sheetRels) {
      files[`xl/worksheets/_rels/sheet${n}.xml.rels`] =
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheetRels}</Relationships>`;
    }
  });
  if (options.sharedStrings) {
    files['xl/sharedStrings.xml'] =
      `${XML}<sst ${SS_NS} count="${options.sharedStrings.length}" uniqueCount="${options.sharedStrings.length}">${options.sharedStrings.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`;
    overrides.push(
      '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>',
    );
    rels.push(
      '<Relationship Id="rIdSS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>',
    );
  }
  files['xl/styles.xml'] =
    options.styles ??
    `${XML}<styleSheet ${SS_NS}><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;
  const sheetList = sheets.map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  return zip({
    '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.join('')}</Types>`,
    '_rels/.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML}<workbook ${SS_NS} ${R_NS}><sheets>${sheetList}</sheets>${options.definedNames ? `<definedNames>${options.definedNames}</definedNames>` : ''}</workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
    ...files,
    ...options.extra,
  });
}

/** Cells of a sheet as `ref → value` (inline strings, numbers, booleans) and `ref → =formula`. */
export function sheetCells(xml: string, sharedStrings?: string): Record<string, string> {
  const sst = sharedStrings
    ? [...sharedStrings.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => decodeXml(m[1]!.replace(/<[^>]+>/g, '')))
    : [];
  const out: Record<string, string> = {};
  for (const m of xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const ref = /\sr="([^"]+)"/.exec(m[1]!)?.[1] ?? '?';
    const inner = m[2] ?? '';
    const f = /<f\b[^>]*>([^<]*)<\/f>/.exec(inner);
    if (f) out[ref] = `=${decodeXml(f[1]!)}`;
    else if (inner.includes('<is>')) out[ref] = decodeXml(inner.replace(/<[^>]+>/g, ''));
    else {
      const v = /<v>([^<]*)<\/v>/.exec(inner)?.[1];
      if (v !== undefined) out[ref] = /\st="s"/.test(m[1]!) && sst.length ? (sst[Number(v)] ?? v) : v;
    }
  }
  return out;
}

const P_NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';

/** A text shape with one paragraph per entry (each paragraph's runs split on '¦'). */
export function shape(id: number, ...paragraphs: string[]): string {
  const body = paragraphs
    .map(
      (para) =>
        `<a:p>${para
          .split('¦')
          .map((r) => `<a:r><a:rPr lang="en-US"/><a:t>${r}</a:t></a:r>`)
          .join('')}</a:p>`,
    )
    .join('');
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Shape ${id}"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="${id * 100000}" y="100000"/><a:ext cx="1905000" cy="952500"/></a:xfrm></p:spPr><p:txBody><a:bodyPr/>${body}</p:txBody></p:sp>`;
}

export function makePptx(slides: string[], extra: Record<string, string | Uint8Array> = {}): Uint8Array {
  const files: Record<string, string | Uint8Array> = {};
  const overrides = [
    '<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>',
  ];
  const rels: string[] = [];
  const ids: string[] = [];
  slides.forEach((tree, i) => {
    const n = i + 1;
    files[`ppt/slides/slide${n}.xml`] =
      `${XML}<p:sld ${P_NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${tree}</p:spTree></p:cSld></p:sld>`;
    files[`ppt/slides/_rels/slide${n}.xml.rels`] =
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/notesSlide" Target="../notesSlides/notesSlide${n}.xml"/></Relationships>`;
    overrides.push(
      `<Override PartName="/ppt/slides/slide${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`,
    );
    rels.push(
      `<Relationship Id="rId${n + 10}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slides/slide${n}.xml"/>`,
    );
    ids.push(`<p:sldId id="${256 + i}" r:id="rId${n + 10}"/>`);
  });
  return zip({
    '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.join('')}</Types>`,
    '_rels/.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
    'ppt/presentation.xml': `${XML}<p:presentation ${P_NS}><p:sldIdLst>${ids.join('')}</p:sldIdLst></p:presentation>`,
    'ppt/_rels/presentation.xml.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
    ...files,
    ...extra,
  });
}

/** Visible text of a slide: paragraphs on lines, table cells separated by '|'. */
export function slideText(xml: string): string {
  return decodeXml(
    xml
      .replace(/>\s+</g, '><')
      .replace(/<a:br\b[^>]*\/>|<a:br>[\s\S]*?<\/a:br>/g, '\n')
      .replace(/<\/a:p><\/a:txBody>/g, '')
      .replace(/<\/a:tc>/g, '|')
      .replace(/<\/a:tr>/g, '\n')
      .replace(/<\/a:p>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  ).trim();
}
