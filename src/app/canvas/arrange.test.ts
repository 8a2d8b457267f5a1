import { describe, expect, it } from 'vitest';
import {
  A4,
  ADDABLE_TYPES,
  addField,
  blankCanvas,
  type CanvasField,
  type CanvasTemplateContent,
  exportPdfme,
  findField,
  HISTORY_LIMIT,
  importPdfme,
  pushHistory,
  setCodeType,
  setTableColumns,
  undo,
} from '../services/canvasContent';
import {
  alignFields,
  angleTo,
  copyFields,
  distributeFields,
  moveFields,
  pasteFields,
  reorderFields,
  rotateField,
  snapMove,
} from './arrange';

function field(name: string, x: number, y: number, width = 10, height = 10): CanvasField {
  return { name, type: 'text', position: { x, y }, width, height, content: name };
}
function page(...fields: CanvasField[]): CanvasTemplateContent {
  return { kind: 'canvas', basePdf: { width: 210, height: 297, padding: [0, 0, 0, 0] }, schemas: [fields] };
}
const pos = (c: CanvasTemplateContent, name: string) => findField(c, name)?.position;

describe('arranging canvas fields', () => {
  it('moves a selection together and keeps the whole group on the page', () => {
    const c = page(field('a', 10, 10), field('b', 100, 50), field('c', 5, 5));
    const moved = moveFields(c, 0, ['a', 'b'], 200, -30, A4);
    // b's right edge stops at the page edge; a moves by the same amount.
    expect(pos(moved, 'b')).toEqual({ x: 200, y: 40 });
    expect(pos(moved, 'a')).toEqual({ x: 110, y: 0 });
    expect(pos(moved, 'c')).toEqual({ x: 5, y: 5 });
  });

  it('snaps a dragged box to another field and to the page centre, with guides', () => {
    const other = { x: 50, y: 80, width: 40, height: 10 };
    const snapped = snapMove({ x: 0, y: 0, width: 20, height: 10 }, 49.2, 30, [other], A4);
    expect(snapped.dx).toBe(50);
    expect(snapped.guides).toContainEqual({ axis: 'x', at: 50 });
    const centre = snapMove({ x: 0, y: 0, width: 20, height: 10 }, 94.5, 200, [], A4);
    // The box's centre meets the page's vertical centre line at 105 mm.
    expect(centre.dx).toBe(95);
    expect(centre.guides).toContainEqual({ axis: 'x', at: 105 });
    expect(snapMove({ x: 0, y: 0, width: 20, height: 10 }, 33, 33, [other], A4).guides).toEqual([]);
  });

  it('aligns the selection to its common edges and centres', () => {
    const c = page(field('a', 10, 10, 20), field('b', 50, 40, 40));
    expect(pos(alignFields(c, 0, ['a', 'b'], 'left', A4), 'b')?.x).toBe(10);
    expect(pos(alignFields(c, 0, ['a', 'b'], 'right', A4), 'a')?.x).toBe(70);
    expect(pos(alignFields(c, 0, ['a', 'b'], 'center', A4), 'a')?.x).toBe(40);
    expect(pos(alignFields(c, 0, ['a', 'b'], 'bottom', A4), 'a')?.y).toBe(40);
    // One field aligns to the page.
    expect(pos(alignFields(c, 0, ['a'], 'center', A4), 'a')?.x).toBe(95);
  });

  it('distributes three or more fields with equal gaps', () => {
    const c = page(field('a', 0, 0), field('b', 15, 0), field('c', 90, 0));
    const spread = distributeFields(c, 0, ['c', 'a', 'b'], 'horizontal');
    expect(pos(spread, 'b')?.x).toBe(45);
    expect(pos(spread, 'c')?.x).toBe(90);
    expect(distributeFields(c, 0, ['a', 'b'], 'horizontal')).toBe(c);
  });

  it('changes drawing order: front, back, one step', () => {
    const c = page(field('a', 0, 0), field('b', 0, 0), field('c', 0, 0));
    const order = (x: CanvasTemplateContent) => x.schemas[0]?.map((f) => f.name).join('');
    expect(order(reorderFields(c, 0, ['a'], 'front'))).toBe('bca');
    expect(order(reorderFields(c, 0, ['c'], 'back'))).toBe('cab');
    expect(order(reorderFields(c, 0, ['a'], 'forward'))).toBe('bac');
    expect(order(reorderFields(c, 0, ['c'], 'backward'))).toBe('acb');
  });

  it('copies and pastes fields offset, with unique names, independent of the originals', () => {
    const c = page(field('a', 10, 10), field('b', 20, 20));
    const clip = copyFields(c, 0, ['a', 'b']);
    const once = pasteFields(c, 0, clip, A4);
    expect(once.names).toEqual(['a_copy1', 'b_copy1']);
    expect(pos(once.content, 'a_copy1')).toEqual({ x: 15, y: 15 });
    const twice = pasteFields(once.content, 0, clip, A4);
    expect(twice.names).toEqual(['a_copy2', 'b_copy2']);
    clip[0]!.position.x = 999;
    expect(pos(twice.content, 'a_copy1')?.x).toBe(15);
  });

  it('rotates a field, normalised to 0–359, and measures the rotate handle angle', () => {
    const c = page(field('a', 0, 0));
    expect(findField(rotateField(c, 'a', -90), 'a')?.rotate).toBe(270);
    expect(findField(rotateField(rotateField(c, 'a', 45), 'a', 360), 'a')?.rotate).toBeUndefined();
    expect(angleTo({ x: 0, y: 0 }, { x: 10, y: 0 })).toBe(90);
    expect(angleTo({ x: 0, y: 0 }, { x: 0, y: 10 })).toBe(180);
    expect(angleTo({ x: 0, y: 0 }, { x: 10, y: -9 }, 15)).toBe(45);
  });
});

describe('canvas field kinds, import and export', () => {
  it('adds every toolbar kind with a unique name', () => {
    let c = blankCanvas();
    for (const type of ADDABLE_TYPES) c = addField(c, 0, type).content;
    const names = c.schemas[0]?.map((f) => f.name) ?? [];
    expect(new Set(names).size).toBe(ADDABLE_TYPES.length);
    expect(c.schemas[0]?.find((f) => f.type === 'table')?.columns).toHaveLength(2);
  });

  it('switches a code field between bar code kinds and sets table columns', () => {
    const { content, name } = addField(blankCanvas(), 0, 'qrcode');
    expect(findField(setCodeType(content, name, 'ean13'), name)?.type).toBe('ean13');
    expect(setCodeType(content, name, 'rectangle')).toBe(content);
    const table = addField(content, 0, 'table');
    const set = setTableColumns(table.content, table.name, [
      { head: 'Item', cell: '{name}' },
      { head: 'Qty', cell: '{qty}' },
      { head: 'Price', cell: '{price | number}' },
    ]);
    const t = findField(set, table.name);
    expect(t?.head).toEqual(['Item', 'Qty', 'Price']);
    expect(t?.columns).toEqual(['{name}', '{qty}', '{price | number}']);
    expect(t?.headWidthPercentages).toEqual([33.3, 33.3, 33.3]);
  });

  it('exports a pdfme template without Quire additions and imports the older object form', () => {
    const c = { ...page(field('a', 1, 2)), settings: { lang: 'zh-CN' } };
    const exported = JSON.parse(exportPdfme(c));
    expect(exported.kind).toBeUndefined();
    expect(exported.settings).toBeUndefined();
    expect(exported.schemas[0][0].name).toBe('a');
    const old = JSON.stringify({
      basePdf: { width: 100, height: 100, padding: [0, 0, 0, 0] },
      schemas: [{ title: { type: 'text', position: { x: 1, y: 1 }, width: 10, height: 5 } }],
    });
    expect(importPdfme(old).schemas[0]?.[0]?.name).toBe('title');
    expect(() => importPdfme('{"schemas": 1}')).toThrow();
  });

  it('keeps 100 undo steps', () => {
    let h = { past: [] as CanvasTemplateContent[], present: blankCanvas(), future: [] as CanvasTemplateContent[] };
    for (let i = 0; i < 150; i++) h = pushHistory(h, addField(h.present, 0, 'text').content);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    for (let i = 0; i < 200; i++) h = undo(h);
    expect(h.present.schemas[0]).toHaveLength(50);
  });
});
