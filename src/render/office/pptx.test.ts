import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { pptxRenderer } from './pptx';
import { content, env, input, makePptx, shape, slideText, unzipBytes, unzipText } from './test-helpers';

const notes = (n: number) =>
  `<p:notes xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree/></p:cSld></p:notes>${n}`;

async function fill(slides: string[], scope: Record<string, unknown>, extra = {}) {
  const files = Object.fromEntries(slides.map((_, i) => [`ppt/notesSlides/notesSlide${i + 1}.xml`, notes(i + 1)]));
  const template = pptxRenderer.parse(content('pptx', makePptx(slides, files)));
  return unzipText(await pptxRenderer.render(template, input(scope, extra), env));
}

const PNG_1x1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

function table(...rows: string[][]): string {
  const tr = (cells: string[]) =>
    `<a:tr h="370840">${cells.map((c) => `<a:tc><a:txBody><a:bodyPr/><a:p><a:r><a:t>${c}</a:t></a:r></a:p></a:txBody></a:tc>`).join('')}</a:tr>`;
  return `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="9" name="Table"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/><a:ext cx="100" cy="100"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl>${rows.map(tr).join('')}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
}

describe('pptx', () => {
  it('fills split tags, repeats paragraphs and leaves no empty ones', async () => {
    const out = await fill([shape(2, 'Hello {na¦me}', '{#items}', '- {.}', '{/items}')], {
      name: 'Ada <3',
      items: ['a', 'b'],
    });
    const slide = out['ppt/slides/slide1.xml']!;
    expect(slideText(slide)).toBe('Hello Ada <3\n- a\n- b');
    expect(slide).toContain('Ada &lt;3');
  });

  it('repeats table rows', async () => {
    const out = await fill([table(['Name', 'Qty'], ['{#lines}{name}', '{qty}{/lines}'])], {
      lines: [
        { name: 'Pen', qty: 2 },
        { name: 'Ink', qty: 3 },
      ],
    });
    expect(slideText(out['ppt/slides/slide1.xml']!)).toBe('Name|Qty|\nPen|2|\nInk|3|');
  });

  it('repeats a whole slide per item and keeps the other slides', async () => {
    const out = await fill(
      [shape(2, 'Cover {title}'), shape(2, '{#people}') + shape(3, '{name}') + shape(4, '{/people}')],
      {
        title: 'Team',
        people: [{ name: 'Ada' }, { name: 'Grace' }, { name: 'Linus' }],
      },
    );
    const presentation = out['ppt/presentation.xml']!;
    expect(presentation.match(/<p:sldId\b/g)).toHaveLength(4);
    expect(slideText(out['ppt/slides/slide1.xml']!)).toBe('Cover Team');
    expect(slideText(out['ppt/slides/slide2.xml']!)).toBe('Ada');
    expect(slideText(out['ppt/slides/slide3.xml']!)).toBe('Grace');
    expect(slideText(out['ppt/slides/slide4.xml']!)).toBe('Linus');
    // Copies do not share the notes slide of the original.
    expect(out['ppt/slides/_rels/slide3.xml.rels']).not.toContain('notesSlide');
    expect(out['[Content_Types].xml']).toContain('/ppt/slides/slide4.xml');
  });

  it('removes a repeated slide when its list is empty', async () => {
    const out = await fill([shape(2, 'Cover'), shape(2, '{#people}') + shape(3, '{name}') + shape(4, '{/people}')], {
      people: [],
    });
    expect(out['ppt/presentation.xml']!.match(/<p:sldId\b/g)).toHaveLength(1);
    expect(out['ppt/slides/slide2.xml']).toBeUndefined();
    expect(out['ppt/notesSlides/notesSlide2.xml']).toBeUndefined();
    expect(out['ppt/notesSlides/notesSlide1.xml']).toBeDefined();
  });

  it('replaces an image tag shape with the picture, fitted in its box', async () => {
    const template = pptxRenderer.parse(content('pptx', makePptx([shape(2, '{%logo}') + shape(3, 'x')])));
    const result = await pptxRenderer.render(
      template,
      input({ logo: 'quire-asset:1' }, { assets: { 'quire-asset:1': PNG_1x1 } }),
      env,
    );
    const files = unzipBytes(result);
    const slide = unzipText(result)['ppt/slides/slide1.xml']!;
    expect(slide).toContain('<p:pic>');
    expect(slide).not.toContain('{%logo}');
    // 1×1 image in a 1905000×952500 box: a 952500 square centred horizontally.
    expect(slide).toContain('<a:off x="676250" y="100000"/><a:ext cx="952500" cy="952500"/>');
    const media = Object.keys(files).find((n) => n.startsWith('ppt/media/'))!;
    expect(files[media]).toEqual(PNG_1x1);
    expect(unzipText(result)['ppt/slides/_rels/slide1.xml.rels']).toContain(`Target="../media/${media.slice(10)}"`);
  });

  it('places no picture for an image tag outside a shape, and keeps the slide well-formed', async () => {
    const out = await fill([shape(2, 'before') + table(['{%logo}', 'x'])], { logo: 'quire-asset:1' });
    const slide = out['ppt/slides/slide1.xml']!;
    expect(slide).not.toContain('<p:pic>');
    expect(slideText(slide)).toBe('before\n|x|');
  });

  it('names the slide of a template error', () => {
    try {
      pptxRenderer.parse(content('pptx', makePptx([shape(2, 'ok'), shape(2, '{#a}{b')])));
      expect.unreachable();
    } catch (error) {
      expect(isQuireError(error, 'TemplateError')).toBe(true);
      expect((error as { issues: Array<{ path: string }> }).issues[0]!.path).toMatch(/^slide 2/);
    }
  });
});
