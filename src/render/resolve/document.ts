import { rootScope, type Scope } from '../../core/expr/evaluate';
import { pageDimensions } from '../../core/model/defaults';
import type { ParsedTemplateContent, RichTextNode, Section } from '../../core/model/types';
import type { VBlock, ViewDocument, VSection } from '../view-model';
import { AssetStore } from './assets';
import { DEFAULT_MAX_ITEMS, type ResolveContext, type ResolveOptions } from './context';
import { resolveColumns } from './layout';
import { marginBottomPt } from './rich-text';
import { resolveSignatureList } from './signatures';
import { listItems, withItem } from './values';

interface ResolvedDocument {
  doc: ViewDocument;
  /** Shadow files for the compiler: images and generated codes by path. */
  assets: Record<string, Uint8Array>;
  store: AssetStore;
}

/** Typst language and region from a BCP 47 tag (`zh-TW` → zh / TW). */
function typstLang(tag: string): { lang: string; region?: string } {
  const [lang = 'en', region] = tag.split(/[-_]/);
  const lower = lang.toLowerCase();
  const valid = /^[a-z]{2,3}$/.test(lower) ? lower : 'en';
  return region && /^[A-Za-z]{2}$/.test(region) ? { lang: valid, region: region.toUpperCase() } : { lang: valid };
}

/**
 * A section of the view model that may open a named part of the document (`document.sections`):
 * `lib.typ` makes the title a PDF bookmark. (Kept here until the view model declares it.)
 */
interface VTitledSection extends VSection {
  title?: string;
}

/**
 * The named sections by the id of the page each starts at: the first of its pages in document
 * order. A page listed by two sections belongs to the first; unknown page ids are ignored.
 */
function sectionStarts(content: ParsedTemplateContent): Map<string, Section> {
  const order = new Map(content.document.pages.map((page, index) => [page.id, index]));
  const claimed = new Set<string>();
  const starts = new Map<string, Section>();
  for (const section of content.document.sections) {
    const own = section.pageIds.filter((id) => order.has(id) && !claimed.has(id));
    for (const id of own) claimed.add(id);
    const first = own.sort((a, b) => order.get(a)! - order.get(b)!)[0];
    if (first !== undefined) starts.set(first, section);
  }
  return starts;
}

const pageSumsByTemplate = new WeakMap<ParsedTemplateContent, ReadonlySet<string>>();

/**
 * Names of currentPage compute variables anywhere in the template (their rows get tagged). Once
 * per parsed template: the walk visits every node, and a batch resolves the template per record.
 */
function pageSumNames(content: ParsedTemplateContent): ReadonlySet<string> {
  let names = pageSumsByTemplate.get(content);
  if (!names) {
    names = findPageSumNames(content);
    pageSumsByTemplate.set(content, names);
  }
  return names;
}

function findPageSumNames(content: ParsedTemplateContent): Set<string> {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const v of value) visit(v);
    } else if (value && typeof value === 'object') {
      const node = value as RichTextNode & { range?: string; name?: string };
      if ((node as { type?: string }).type === 'computeVariable' && node.range === 'currentPage' && node.name) {
        names.add(node.name);
      }
      for (const v of Object.values(value)) if (v && typeof v === 'object') visit(v);
    }
  };
  visit(content.document.pages);
  return names;
}

/** Template + record → view model and assets. Formats with the template's language and time zone. */
export async function resolveDocument(
  content: ParsedTemplateContent,
  record: unknown,
  options: ResolveOptions = {},
): Promise<ResolvedDocument> {
  const settings = content.settings;
  const store = new AssetStore(options.loadImage);
  const ctx: ResolveContext = {
    scope: rootScope(record),
    locale: settings.lang || 'en-US',
    timeZone: settings.timeZone,
    links: options.links ?? {},
    fieldIds: options.fieldIds ?? {},
    filters: options.filters,
    evalOptions: { locale: settings.lang || 'en-US', timeZone: settings.timeZone, filters: options.filters },
    assets: store,
    pageSumNames: pageSumNames(content),
    budget: { items: 0, max: options.maxItems ?? DEFAULT_MAX_ITEMS },
    ...(options.approvalFlow ? { approvalFlow: options.approvalFlow } : {}),
    diagrams: options.diagrams ?? 'vector',
    ...(options.previewAttachments ? { previewAttachments: options.previewAttachments } : {}),
  };

  const pdf = settings.pdf;
  const sections: VTitledSection[] = [];
  const starts = sectionStarts(content);
  let flowing: VBlock[] | undefined;
  for (const page of content.document.pages) {
    const pageBlocks = async (scope: Scope) => {
      const blocks: VBlock[] = [];
      for (const row of page.rows) blocks.push(...(await resolveColumns(ctx, scope, row.columns)));
      return blocks;
    };
    // A named section starts on a new page with its page numbers restarting at 1.
    const section = starts.get(page.id);
    const title = section?.name.trim() ? { title: section.name.trim() } : {};
    if (page.autoPageRootPath) {
      flowing = undefined;
      const items = listItems(ctx, ctx.scope, page.autoPageRootPath);
      ctx.budget.items += items.length;
      if (ctx.budget.items > ctx.budget.max)
        throw new RangeError(`more than ${ctx.budget.max} repeated items in one document`);
      for (let index = 0; index < items.length; index++) {
        sections.push({
          blocks: await pageBlocks(withItem(ctx.scope, items[index], index)),
          numbered: pdf.showPageNumber || page.autoPageNumber === true,
          reset: true,
          ...(index === 0 ? title : {}),
        });
      }
      continue;
    }
    const blocks = await pageBlocks(ctx.scope);
    if (flowing && !section) {
      flowing.push({ t: 'pagebreak' }, ...blocks);
    } else {
      flowing = blocks;
      sections.push({
        blocks: flowing,
        numbered: pdf.showPageNumber,
        reset: sections.length === 0 || section !== undefined,
        ...title,
      });
    }
  }
  if (sections.length === 0) sections.push({ blocks: [], numbered: false, reset: true });
  sections[sections.length - 1]!.blocks.push(
    ...(await resolveSignatureList(ctx, content.document.signatureList, content.document.signatureLayout)),
  );

  const size = pdf.pageSize ? pdfPageSizeMm(pdf.pageSize) : pageDimensions(content.pageSetting);
  const ps = content.pageSetting;
  const doc: ViewDocument = {
    page: {
      width: size.width,
      height: size.height,
      margin: [ps.paddingTop, ps.paddingRight, ps.paddingBottom, ps.paddingLeft],
    },
    text: {
      size: settings.fontSize > 0 ? settings.fontSize : 9,
      lineHeight: settings.defaultLineHeight,
      marginBottom: marginBottomPt(settings.defaultMarginBottom) ?? 0,
      ...typstLang(ctx.locale),
      fonts: ['Noto Sans'],
    },
    pageNumber: { align: pdf.pageNumberAlign, position: pdf.pageNumberPosition },
    sections,
  };
  return { doc, assets: store.files, store };
}

function pdfPageSizeMm(size: { width: number; height: number; unit: 'mm' | 'pt' | 'px' | 'in' }) {
  const factor = { mm: 1, pt: 25.4 / 72, px: 25.4 / 96, in: 25.4 }[size.unit];
  return { width: size.width * factor, height: size.height * factor };
}
