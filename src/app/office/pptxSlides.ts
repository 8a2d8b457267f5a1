/**
 * A filled deck as slides to show in the browser: each slide's text boxes, tables and pictures
 * placed by their offsets and sizes (EMU), in drawing order. A simple, faithful reading of the
 * slide itself; layouts, themes and effects are not drawn (the download holds everything).
 */
import { strFromU8, unzipSync } from 'fflate';
import { child, childrenOf, descendants, parseXml, relationshipsOf, type XmlNode } from './xmlTree';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  /** Points. */
  size?: number;
  color?: string;
}

export interface Paragraph {
  runs: TextRun[];
  align?: 'left' | 'center' | 'right';
}

export type SlideShape =
  | { kind: 'text'; box: Box; paragraphs: Paragraph[]; fill?: string }
  | { kind: 'table'; box: Box; rows: string[][] }
  | { kind: 'picture'; box: Box; src: string | undefined };

export interface Slide {
  shapes: SlideShape[];
}

export interface Deck {
  /** EMU; 16:9 at 10 in × 5.625 in when the deck does not say. */
  width: number;
  height: number;
  slides: Slide[];
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  bmp: 'image/bmp',
};

function boxOf(xfrm: XmlNode | undefined): Box | undefined {
  const off = child(xfrm, 'a:off');
  const ext = child(xfrm, 'a:ext');
  if (!off || !ext) return undefined;
  return {
    x: Number(off.attrs.x ?? 0),
    y: Number(off.attrs.y ?? 0),
    width: Number(ext.attrs.cx ?? 0),
    height: Number(ext.attrs.cy ?? 0),
  };
}

function colorOf(node: XmlNode | undefined): string | undefined {
  const rgb = child(node, 'a:solidFill', 'a:srgbClr')?.attrs.val;
  return rgb && /^[0-9a-f]{6}$/i.test(rgb) ? `#${rgb}` : undefined;
}

function paragraphsOf(body: XmlNode | undefined): Paragraph[] {
  return childrenOf(body, 'a:p').map((p) => {
    const runs: TextRun[] = [];
    for (const r of p.children) {
      if (r.name === 'a:br') runs.push({ text: '\n' });
      if (r.name !== 'a:r' && r.name !== 'a:fld') continue;
      const props = child(r, 'a:rPr');
      const run: TextRun = { text: child(r, 'a:t')?.text ?? '' };
      if (props?.attrs.b === '1') run.bold = true;
      if (props?.attrs.i === '1') run.italic = true;
      if (props?.attrs.sz) run.size = Number(props.attrs.sz) / 100;
      const color = colorOf(props);
      if (color) run.color = color;
      runs.push(run);
    }
    const algn = child(p, 'a:pPr')?.attrs.algn;
    const align = algn === 'ctr' ? 'center' : algn === 'r' ? 'right' : undefined;
    return align ? { runs, align } : { runs };
  });
}

function dataUrl(bytes: Uint8Array | undefined, part: string): string | undefined {
  if (!bytes) return undefined;
  const type = IMAGE_TYPES[part.split('.').pop()?.toLowerCase() ?? ''];
  if (!type) return undefined;
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}

function shapesOf(tree: XmlNode | undefined, media: (rId: string) => string | undefined): SlideShape[] {
  const out: SlideShape[] = [];
  for (const node of tree?.children ?? []) {
    if (node.name === 'p:sp') {
      const box = boxOf(child(node, 'p:spPr', 'a:xfrm'));
      const paragraphs = paragraphsOf(child(node, 'p:txBody'));
      const fill = colorOf(child(node, 'p:spPr'));
      if (box && (paragraphs.some((p) => p.runs.some((r) => r.text.trim())) || fill))
        out.push({ kind: 'text', box, paragraphs, ...(fill ? { fill } : {}) });
    } else if (node.name === 'p:pic') {
      const box = boxOf(child(node, 'p:spPr', 'a:xfrm'));
      const rId = descendants(node, 'a:blip')[0]?.attrs['r:embed'];
      if (box) out.push({ kind: 'picture', box, src: rId ? media(rId) : undefined });
    } else if (node.name === 'p:graphicFrame') {
      const box = boxOf(child(node, 'p:xfrm'));
      const table = descendants(node, 'a:tbl')[0];
      if (box && table)
        out.push({
          kind: 'table',
          box,
          rows: childrenOf(table, 'a:tr').map((tr) =>
            childrenOf(tr, 'a:tc').map((tc) =>
              paragraphsOf(child(tc, 'a:txBody'))
                .map((p) => p.runs.map((r) => r.text).join(''))
                .join('\n'),
            ),
          ),
        });
    } else if (node.name === 'p:grpSp') {
      out.push(...shapesOf(node, media));
    }
  }
  return out;
}

/** The slides of a filled deck, in presentation order. */
export function readDeck(bytes: Uint8Array): Deck {
  const files = unzipSync(bytes, {
    filter: (f) => f.name.startsWith('ppt/') && !f.name.startsWith('ppt/slideLayouts'),
  });
  const read = (name: string) => (files[name] ? strFromU8(files[name]) : '');
  const presentation = parseXml(read('ppt/presentation.xml'));
  const size = descendants(presentation, 'p:sldSz')[0];
  const rels = relationshipsOf(files, 'ppt/presentation.xml', strFromU8);
  const slides: Slide[] = [];
  for (const id of descendants(presentation, 'p:sldId')) {
    const part = rels.get(id.attrs['r:id'] ?? '');
    if (!part || !files[part]) continue;
    const slideRels = relationshipsOf(files, part, strFromU8);
    const media = (rId: string) => {
      const target = slideRels.get(rId);
      return target ? dataUrl(files[target], target) : undefined;
    };
    const tree = descendants(parseXml(read(part)), 'p:spTree')[0];
    slides.push({ shapes: shapesOf(tree, media) });
  }
  return {
    width: Number(size?.attrs.cx ?? 9_144_000),
    height: Number(size?.attrs.cy ?? 5_143_500),
    slides,
  };
}
