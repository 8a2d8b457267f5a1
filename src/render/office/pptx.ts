/**
 * PowerPoint templates: tags in the text of shapes, tables and notes-free slides. A loop repeats
 * paragraphs (tags in two paragraphs of one shape), table rows (tags in two cells of one row or in
 * two rows), or the whole slide (tags in two different shapes of the slide: one slide per item,
 * none when the list is empty). An image tag (`{%photo}`) alone in a shape replaces the shape with
 * the picture(s), fitted into the shape's box. Slide masters, layouts, media and charts are
 * written back byte for byte.
 */

import { rootScope, type Scope } from '../../core/expr/evaluate';
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
  sectionItems,
  TemplateIssues,
} from './engine';
import { type PlacedImage, resolveImages } from './images';
import {
  addOverride,
  addRelationship,
  ensureDefaultType,
  IMAGE_REL,
  overrides,
  relationships,
  relativeTarget,
  relsName,
  removeOverride,
  resolveTarget,
} from './package';
import { slideRich } from './rich-markup';
import { nextPartName } from './xlsx-sheet-copy';
import { attr, escapeXml } from './xml';
import type { OfficePackage } from './zip';

const SLIDE_DIALECT: Dialect = {
  paragraph: 'a:p',
  run: 'a:r',
  text: 'a:t',
  runProps: 'a:rPr',
  row: 'a:tr',
  keep: new Set(['a:fld', 'p:graphicFrame', 'p:pic']),
  preserveSpace: false,
  lineBreak: (runProps) => {
    const props = runProps.replace(/^<a:rPr\b/, '<a:rPr').trim();
    return `</a:t></a:r>${props ? `<a:br>${props}</a:br>` : '<a:br/>'}<a:r>${props}<a:t>`;
  },
  tab: () => '\t',
  rich: slideRich,
  mustEndWithParagraph: ['p:txBody', 'a:txBody'],
  paragraphWrappers: [],
  emptyParagraph: '<a:p/>',
  checkboxes: false,
  partLoopAncestor: 'p:spTree',
};

const SLIDE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide';
const SLIDE_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.slide+xml';

interface SlideTpl {
  part: string;
  relId: string;
  compiled: CompiledPart;
}

export interface PptxTemplate extends OpenedTemplate {
  presentation: string;
  slides: SlideTpl[];
}

function presentationPart(pkg: OfficePackage): string {
  for (const [name, type] of overrides(pkg)) {
    if (/presentationml\.(presentation|template|slideshow)\.main\+xml/.test(type)) return name;
  }
  return 'ppt/presentation.xml';
}

export function parsePptx(content: unknown): PptxTemplate {
  const opened = openTemplate(content, 'pptx');
  const { pkg } = opened;
  const issues = new TemplateIssues();
  const delimiters = opened.content.settings?.delimiters;
  const presentation = presentationPart(pkg);
  const rels = relationships(pkg, presentation);
  const slides: SlideTpl[] = [];
  const ids = pkg.text(presentation).match(/<p:sldId\b[^>]*>/g) ?? [];
  ids.forEach((tag, index) => {
    const rel = rels.find((r) => r.id === attr(tag, 'r:id'));
    if (!rel) return;
    const part = resolveTarget(presentation, rel.target);
    if (!pkg.has(part)) return;
    const compiled = compilePart(pkg.text(part), `slide ${index + 1}`, SLIDE_DIALECT, issues, delimiters);
    slides.push({ part, relId: rel.id, compiled });
  });
  for (const name of PROPERTY_PARTS) {
    if (pkg.has(name)) checkPropertyPart(pkg.text(name), name, issues, { delimiters });
  }
  issues.throwIfAny();
  return { ...opened, presentation, slides };
}

const EMU_PER_PX = 9525;
const IMAGE_MARK = '\uE000QIMG';

function pictureXml(
  pkg: OfficePackage,
  part: string,
  image: PlacedImage,
  box: { x: number; y: number; cx: number; cy: number },
  id: number,
): string {
  const media = `ppt/media/quire${id}.${image.extension}`;
  pkg.setBytes(media, image.bytes);
  ensureDefaultType(pkg, image.extension);
  const rId = addRelationship(pkg, part, IMAGE_REL, relativeTarget(part, media));
  // Fit the picture into the tag's box, keeping its aspect ratio, centred.
  const w = image.width * EMU_PER_PX;
  const h = image.height * EMU_PER_PX;
  const scale = Math.min(box.cx / w, box.cy / h);
  const cx = Math.round(w * scale);
  const cy = Math.round(h * scale);
  const x = Math.round(box.x + (box.cx - cx) / 2);
  const y = Math.round(box.y + (box.cy - cy) / 2);
  return (
    `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="Picture ${id}" descr="${escapeXml(image.description)}"/>` +
    `<p:cNvPicPr><a:picLocks noChangeAspect="1"/></p:cNvPicPr><p:nvPr/></p:nvPicPr>` +
    `<p:blipFill><a:blip r:embed="${rId}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>` +
    `<p:spPr><a:xfrm><a:off x="${x}" y="${y}"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`
  );
}

/** Replaces each shape holding an image mark with the pictures of that tag. */
async function placeImages(
  xml: string,
  slots: ImageSlot[],
  pkg: OfficePackage,
  part: string,
  input: PrintInput,
  env: OutputEnvironment,
  ids: { next: number },
): Promise<string> {
  let out = xml;
  for (let n = 0; n < slots.length; n++) {
    const mark = `${IMAGE_MARK}${n}\uE001`;
    const at = out.indexOf(mark);
    if (at < 0) continue;
    const start = Math.max(out.lastIndexOf('<p:sp>', at), out.lastIndexOf('<p:sp ', at));
    const end = out.indexOf('</p:sp>', at);
    // Only a tag inside a shape's text becomes a picture (not one in a table cell).
    if (start < 0 || end < 0 || out.lastIndexOf('</p:sp>', at) > start) {
      out = out.replace(mark, '');
      continue;
    }
    const shape = out.slice(start, end + '</p:sp>'.length);
    const off = /<a:off x="(-?\d+)" y="(-?\d+)"\/>/.exec(shape);
    const ext = /<a:ext cx="(\d+)" cy="(\d+)"\/>/.exec(shape);
    const box = {
      x: Number(off?.[1] ?? 0),
      y: Number(off?.[2] ?? 0),
      cx: Number(ext?.[1] ?? 100 * EMU_PER_PX),
      cy: Number(ext?.[2] ?? 100 * EMU_PER_PX),
    };
    const images = await resolveImages(slots[n]!.value, input, env);
    const pictures = images.map((image) => pictureXml(pkg, part, image, box, ids.next++)).join('');
    out = out.slice(0, start) + pictures + out.slice(end + '</p:sp>'.length);
  }
  return out;
}

async function renderSlide(
  slide: SlideTpl,
  part: string,
  scope: Scope,
  ctx: RenderContext,
  pkg: OfficePackage,
  input: PrintInput,
  env: OutputEnvironment,
  ids: { next: number },
): Promise<string> {
  const pieces: RenderedPiece[] = [];
  renderNodes(slide.compiled.nodes, scope, ctx, pieces);
  const slots: ImageSlot[] = [];
  const xml = pieces
    .map((piece) => {
      if (typeof piece === 'string') return piece;
      slots.push(piece);
      return `${IMAGE_MARK}${slots.length - 1}\uE001`;
    })
    .join('');
  const repaired = repairContainers(xml, SLIDE_DIALECT);
  return slots.length ? placeImages(repaired, slots, pkg, part, input, env, ids) : repaired;
}

function removeSlide(pkg: OfficePackage, presentation: string, slide: SlideTpl) {
  const rels = relsName(presentation);
  pkg.setText(rels, pkg.text(rels).replace(new RegExp(`<Relationship\\b[^>]*Id="${slide.relId}"[^>]*/>`), ''));
  const xml = pkg.text(presentation);
  pkg.setText(presentation, xml.replace(new RegExp(`<p:sldId\\b[^>]*r:id="${slide.relId}"[^>]*/>`), ''));
  // Its notes slide points back at it: it goes too.
  for (const rel of relationships(pkg, slide.part)) {
    if (!rel.type.endsWith('/notesSlide') || rel.external) continue;
    const notes = resolveTarget(slide.part, rel.target);
    removeOverride(pkg, notes);
    pkg.delete(notes);
    pkg.delete(relsName(notes));
  }
  removeOverride(pkg, slide.part);
  pkg.delete(slide.part);
  pkg.delete(relsName(slide.part));
}

export async function renderPptx(
  template: PptxTemplate,
  input: PrintInput,
  env: OutputEnvironment,
): Promise<Uint8Array> {
  const pkg = template.pkg.clone();
  const options = evalOptions(template.content);
  const ctx: RenderContext = { options, dialect: SLIDE_DIALECT, budget: newBudget() };
  const scope = rootScope(input.scope);
  const ids = { next: 5000 };
  let maxSlideId = Math.max(
    255,
    ...(pkg.text(template.presentation).match(/<p:sldId\b[^>]*>/g) ?? []).map((t) => Number(attr(t, 'id') ?? 0)),
  );
  for (const slide of template.slides) {
    if (!slide.compiled.hasTags) continue;
    const loop = slide.compiled.partLoop;
    if (!loop) {
      pkg.setText(slide.part, await renderSlide(slide, slide.part, scope, ctx, pkg, input, env, ids));
      continue;
    }
    const scopes = sectionItems(loop.expr, loop.inverted, scope, ctx);
    if (scopes.length === 0) {
      removeSlide(pkg, template.presentation, slide);
      continue;
    }
    const newIds: string[] = [];
    for (let i = 0; i < scopes.length; i++) {
      let part = slide.part;
      if (i > 0) {
        // Named like PowerPoint's own slides (`slide4.xml`): some readers only know those names.
        part = nextPartName(pkg, 'ppt/slides/slide1.xml');
        pkg.setText(part, ''); // reserved; written below
        addOverride(pkg, part, SLIDE_TYPE);
        // A copy sits beside the original (same relative targets) and shares its layout and
        // media; a notes slide belongs to one slide only.
        const rels = relsName(slide.part);
        if (pkg.has(rels)) {
          pkg.setText(relsName(part), pkg.text(rels).replace(/<Relationship\b[^>]*\/notesSlide"[^>]*\/>/g, ''));
        }
        const rId = addRelationship(pkg, template.presentation, SLIDE_REL, relativeTarget(template.presentation, part));
        newIds.push(`<p:sldId id="${++maxSlideId}" r:id="${rId}"/>`);
      }
      pkg.setText(part, await renderSlide(slide, part, scopes[i]!, ctx, pkg, input, env, ids));
    }
    if (newIds.length) {
      const xml = pkg.text(template.presentation);
      pkg.setText(
        template.presentation,
        xml.replace(new RegExp(`(<p:sldId\\b[^>]*r:id="${slide.relId}"[^>]*/>)`), (tag) => tag + newIds.join('')),
      );
    }
  }
  for (const name of PROPERTY_PARTS) {
    if (!pkg.has(name)) continue;
    const xml = pkg.text(name);
    const filled = fillPropertyPart(xml, scope, options);
    if (filled !== xml) pkg.setText(name, filled);
  }
  return pkg.write();
}

export const pptxRenderer: FileRenderer<PptxTemplate> = {
  parse: parsePptx,
  settings: officeSettings,
  render: renderPptx,
};
