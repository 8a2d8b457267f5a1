/**
 * Word templates: body, headers, footers, footnotes, endnotes (text boxes live in those parts) and
 * document properties are filled; every other part is written back byte for byte.
 */
import type { PrintInput } from '../../core/print/input';
import type { FileRenderer, OutputEnvironment } from '../outputs/types';
import {
  checkPropertyPart,
  evalOptions,
  fillPropertyPart,
  newBudget,
  type OpenedTemplate,
  officeSettings,
  openTemplate,
  PROPERTY_PARTS,
  rootScope,
} from './common';
import {
  type CompiledPart,
  compilePart,
  type Dialect,
  type ImageSlot,
  type RenderContext,
  type RenderedPiece,
  renderNodes,
  repairContainers,
  TemplateIssues,
} from './engine';
import { type PlacedImage, resolveImages } from './images';
import { addRelationship, ensureDefaultType, IMAGE_REL, partsOfType, relativeTarget } from './package';
import { wordRich } from './rich-markup';
import { escapeXml } from './xml';
import type { OfficePackage } from './zip';

export const WORD_DIALECT: Dialect = {
  paragraph: 'w:p',
  run: 'w:r',
  text: 'w:t',
  runProps: 'w:rPr',
  row: 'w:tr',
  keep: new Set([
    'w:sectPr',
    'w:drawing',
    'w:pict',
    'w:object',
    'w:fldChar',
    'w:fldSimple',
    'w:instrText',
    'm:oMath',
    'm:oMathPara',
    'w:txbxContent',
    // A break beside a loop tag (a page break between repeated sections) is content, not a blank line.
    'w:br',
  ]),
  preserveSpace: true,
  lineBreak: () => '</w:t><w:br/><w:t xml:space="preserve">',
  tab: () => '</w:t><w:tab/><w:t xml:space="preserve">',
  rich: wordRich,
  mustEndWithParagraph: ['w:tc', 'w:txbxContent', 'w:footnote', 'w:endnote', 'w:hdr', 'w:ftr'],
  paragraphWrappers: ['w:sdt', 'w:customXml'],
  emptyParagraph: '<w:p/>',
  checkboxes: true,
};

const WORD_PARTS = /wordprocessingml\.(document\.main|template\.main|header|footer|footnotes|endnotes)\+xml/;

export interface DocxTemplate extends OpenedTemplate {
  parts: Array<{ name: string; compiled: CompiledPart }>;
  /** A table of contents (or of figures) whose page numbers move when loops add content. */
  hasToc: boolean;
}

/** w:settings children that come after w:updateFields in the schema's order. */
const AFTER_UPDATE_FIELDS =
  /<w:(hdrShapeDefaults|footnotePr|endnotePr|compat|docVars|rsids|attachedSchema|themeFontLang|clrSchemeMapping|doNotIncludeSubdocsInStats|doNotAutoCompressPictures|forceUpgrade|captions|readModeInkLockDown|smartTagType|shapeDefaults|doNotEmbedSmartTags|decimalSymbol|listSeparator)\b|<m:mathPr\b|<sl:schemaLibrary\b|<\/w:settings>/;

/** Asks Word to update fields on opening, so a table of contents shows the filled pages. */
function requestFieldUpdate(pkg: OfficePackage): void {
  const name = 'word/settings.xml';
  if (!pkg.has(name)) return;
  const xml = pkg.text(name);
  if (xml.includes('<w:updateFields')) return;
  const at = xml.search(AFTER_UPDATE_FIELDS);
  if (at < 0) return;
  pkg.setText(name, `${xml.slice(0, at)}<w:updateFields w:val="true"/>${xml.slice(at)}`);
}

/** `word/header1.xml` → `header1`; the body is `body`. */
function partLabel(name: string): string {
  const base = name.replace(/^.*\//, '').replace(/\.xml$/, '');
  return base === 'document' ? 'body' : base;
}

export function parseDocx(content: unknown): DocxTemplate {
  const opened = openTemplate(content, 'docx');
  const issues = new TemplateIssues();
  const delimiters = opened.content.settings?.delimiters;
  const parts = partsOfType(opened.pkg, WORD_PARTS).map((name) => ({
    name,
    compiled: compilePart(opened.pkg.text(name), partLabel(name), WORD_DIALECT, issues, delimiters),
  }));
  for (const name of PROPERTY_PARTS) {
    if (opened.pkg.has(name)) checkPropertyPart(opened.pkg.text(name), name, issues, { delimiters });
  }
  issues.throwIfAny();
  const hasToc = parts.some(({ name }) => /(instrText[^>]*>|w:instr=")\s*TOC\b/.test(opened.pkg.text(name)));
  return { ...opened, parts, hasToc };
}

const EMU_PER_PX = 9525;

interface DrawingIds {
  next: number;
}

function blipXml(pkg: OfficePackage, part: string, image: PlacedImage, ids: DrawingIds): string {
  const n = ids.next++;
  const media = `word/media/quire${n}.${image.extension}`;
  pkg.setBytes(media, image.bytes);
  ensureDefaultType(pkg, image.extension);
  const rId = addRelationship(pkg, part, IMAGE_REL, relativeTarget(part, media));
  let ext = '';
  if (image.svg) {
    const svgPart = `word/media/quire${n}.svg`;
    pkg.setBytes(svgPart, image.svg);
    ensureDefaultType(pkg, 'svg');
    const svgId = addRelationship(pkg, part, IMAGE_REL, relativeTarget(part, svgPart));
    ext = `<a:extLst><a:ext uri="{96DAC541-7B7A-43D3-8B79-37D633B846F1}"><asvg:svgBlip xmlns:asvg="http://schemas.microsoft.com/office/drawing/2016/SVG/main" r:embed="${svgId}"/></a:ext></a:extLst>`;
  }
  return `<a:blip r:embed="${rId}">${ext}</a:blip>`;
}

function drawingXml(pkg: OfficePackage, part: string, image: PlacedImage, ids: DrawingIds): string {
  const cx = Math.max(1, Math.round(image.width * EMU_PER_PX));
  const cy = Math.max(1, Math.round(image.height * EMU_PER_PX));
  const blip = blipXml(pkg, part, image, ids);
  const id = ids.next++;
  const name = `Picture ${id}`;
  const descr = escapeXml(image.description);
  return (
    `<w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing">` +
    `<wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${id}" name="${name}" descr="${descr}"/>` +
    `<wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
    `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
    `<pic:nvPicPr><pic:cNvPr id="${id}" name="${name}" descr="${descr}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill>${blip}<a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    `</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing>`
  );
}

async function imageRuns(
  slot: ImageSlot,
  pkg: OfficePackage,
  part: string,
  input: PrintInput,
  env: OutputEnvironment,
  ids: DrawingIds,
): Promise<string> {
  const images = await resolveImages(slot.value, input, env);
  if (images.length === 0) return '';
  // The tag sits inside <w:t> of a run: close the run, place one run per picture, reopen.
  const runs = images.map((image) => `<w:r>${slot.runProps}${drawingXml(pkg, part, image, ids)}</w:r>`).join('');
  return `</w:t></w:r>${runs}<w:r>${slot.runProps}<w:t xml:space="preserve">`;
}

async function joinPieces(pieces: RenderedPiece[], place: (slot: ImageSlot) => Promise<string>): Promise<string> {
  const out: string[] = [];
  for (const piece of pieces) out.push(typeof piece === 'string' ? piece : await place(piece));
  return out.join('');
}

export async function renderDocx(
  template: DocxTemplate,
  input: PrintInput,
  env: OutputEnvironment,
): Promise<Uint8Array> {
  const pkg = template.pkg.clone();
  const options = evalOptions(template.content);
  const ctx: RenderContext = { options, dialect: WORD_DIALECT, budget: newBudget() };
  const scope = rootScope(input.scope);
  const ids: DrawingIds = { next: 5000 };
  for (const { name, compiled } of template.parts) {
    if (!compiled.hasTags) continue;
    const pieces: RenderedPiece[] = [];
    renderNodes(compiled.nodes, scope, ctx, pieces);
    const xml = await joinPieces(pieces, (slot) => imageRuns(slot, pkg, name, input, env, ids));
    pkg.setText(name, repairContainers(xml, WORD_DIALECT));
  }
  if (template.hasToc) requestFieldUpdate(pkg);
  for (const name of PROPERTY_PARTS) {
    if (pkg.has(name)) {
      const xml = pkg.text(name);
      const filled = fillPropertyPart(xml, scope, options);
      if (filled !== xml) pkg.setText(name, filled);
    }
  }
  return pkg.write();
}

export const docxRenderer: FileRenderer<DocxTemplate> = {
  parse: parseDocx,
  settings: officeSettings,
  render: renderDocx,
};
