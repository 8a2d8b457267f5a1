import { describe, expect, it } from 'vitest';
import { createBlock, createDocument, createPage, createRow } from '../defaults';
import { validateDocument } from '../parse';
import type { TemplateDocument } from '../types';
import { addPage, deletePage, duplicatePage, movePageDown, movePageUp } from './pages';
import { allBlocks } from './tree';

function threePages(): TemplateDocument {
  const doc = createDocument([
    { ...createPage([createRow([createBlock('richText')])]), id: 'a' },
    { ...createPage(), id: 'b' },
    { ...createPage(), id: 'c' },
  ]);
  return { ...doc, sections: [{ id: 's', name: 'Main', pageIds: ['a', 'b'] }] };
}
const ids = (doc: TemplateDocument) => doc.pages.map((p) => p.id);

describe('page operations', () => {
  it('adds an empty page at the end, or after a given page', () => {
    const doc = threePages();
    const appended = addPage(doc);
    expect(appended.pages).toHaveLength(4);
    expect(appended.pages[3]!.rows).toEqual([]);
    expect(ids(addPage(doc, { afterPageId: 'a', page: { id: 'new', rows: [] } }))).toEqual(['a', 'new', 'b', 'c']);
    expect(doc.pages).toHaveLength(3);
  });

  it('deletes a page and drops it from sections', () => {
    const result = deletePage(threePages(), 'a');
    expect(ids(result)).toEqual(['b', 'c']);
    expect(result.sections[0]!.pageIds).toEqual(['b']);
  });

  it('deleting the only page leaves one empty page', () => {
    const doc = createDocument([{ ...createPage([createRow([createBlock('qrcode')])]), id: 'only' }]);
    const result = deletePage(doc, 'only');
    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]!.rows).toEqual([]);
    expect(result.pages[0]!.id).not.toBe('only');
  });

  it('duplicates a page right after itself with fresh ids everywhere', () => {
    const result = duplicatePage(threePages(), 'a');
    expect(result.pages).toHaveLength(4);
    expect(ids(result)[0]).toBe('a');
    expect(ids(result)[1]).not.toBe('a');
    const [original, copy] = result.pages;
    expect(copy!.rows[0]!.columns[0]!.blocks[0]!.type).toBe('richText');
    expect(copy!.rows[0]!.id).not.toBe(original!.rows[0]!.id);
    expect([...allBlocks(result)].map((b) => b.id)).toHaveLength(2);
    expect(validateDocument(result)).toEqual([]);
  });

  it('moves pages up and down but never past the ends', () => {
    const doc = threePages();
    expect(ids(movePageUp(doc, 'b'))).toEqual(['b', 'a', 'c']);
    expect(ids(movePageDown(doc, 'b'))).toEqual(['a', 'c', 'b']);
    expect(movePageUp(doc, 'a')).toBe(doc);
    expect(movePageDown(doc, 'c')).toBe(doc);
  });

  it('throws PageNotFound for unknown pages', () => {
    const doc = threePages();
    for (const op of [
      () => deletePage(doc, 'x'),
      () => duplicatePage(doc, 'x'),
      () => movePageUp(doc, 'x'),
      () => movePageDown(doc, 'x'),
      () => addPage(doc, { afterPageId: 'x' }),
    ]) {
      expect(op).toThrowError(expect.objectContaining({ errorName: 'PageNotFound', code: 'PAGE_NOT_FOUND' }));
    }
  });
});
