/** Page operations. Each returns a new document; unknown page ids throw `PageNotFound`. */
import { createPage } from '../defaults';
import type { Page, TemplateDocument } from '../types';
import { getPageIndex, insertAt, reassignPageIds, removeAt } from './tree';

/** Adds `page` (default: an empty page) after `afterPageId`, or at the end. */
export function addPage(
  document: TemplateDocument,
  options: { afterPageId?: string; page?: Page } = {},
): TemplateDocument {
  const index =
    options.afterPageId === undefined ? document.pages.length : getPageIndex(document, options.afterPageId) + 1;
  return { ...document, pages: insertAt(document.pages, index, options.page ?? createPage()) };
}

/** Deletes a page. A document keeps at least one page: deleting the only page leaves an empty one. */
export function deletePage(document: TemplateDocument, pageId: string): TemplateDocument {
  const index = getPageIndex(document, pageId);
  const pages = document.pages.length > 1 ? removeAt(document.pages, index) : [createPage()];
  const sections = document.sections.map((section) => ({
    ...section,
    pageIds: section.pageIds.filter((id) => id !== pageId),
  }));
  return { ...document, pages, sections };
}

/** Inserts a copy (with fresh ids) right after the page. */
export function duplicatePage(document: TemplateDocument, pageId: string): TemplateDocument {
  const index = getPageIndex(document, pageId);
  return { ...document, pages: insertAt(document.pages, index + 1, reassignPageIds(document.pages[index]!)) };
}

function movePage(document: TemplateDocument, pageId: string, offset: -1 | 1): TemplateDocument {
  const from = getPageIndex(document, pageId);
  const to = from + offset;
  if (to < 0 || to >= document.pages.length) return document;
  const pages = document.pages.slice();
  [pages[from], pages[to]] = [pages[to]!, pages[from]!];
  return { ...document, pages };
}

/** Moves a page one place up; the first page stays where it is. */
export function movePageUp(document: TemplateDocument, pageId: string): TemplateDocument {
  return movePage(document, pageId, -1);
}

/** Moves a page one place down; the last page stays where it is. */
export function movePageDown(document: TemplateDocument, pageId: string): TemplateDocument {
  return movePage(document, pageId, 1);
}
