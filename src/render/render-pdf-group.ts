/**
 * Many records of one template typeset as one document, for a merged PDF. Compiling records one
 * by one and joining the PDFs repeats every font subset once per record (50 one-page invoices:
 * ~900 KB, nearly all fonts); typesetting them together embeds each font once and saves a compile
 * per record. Each record starts on a new page with its page numbers restarting, as its own PDF
 * would. Records are typeset in parts whose view model stays under a size budget, so a group of
 * long documents still compiles in bounded memory; the parts are joined page by page.
 */

import type { FontGroup } from '../../wasm/fonts';
import { fontFamilies, fontGroupsForText } from '../../wasm/fonts';
import type { ParsedTemplateContent } from '../core/model/types';
import { mergePdfs } from './batch/merge';
import { documentText, mapImagePaths, renderPdfDetailed, resolveForPdf } from './render-pdf';
import type { ResolveOptions } from './resolve/context';
import type { TypstEngine } from './typst/engine';
import type { ViewDocument } from './view-model';

/** One record of a group and how its data resolves (its own links, field ids and images). */
interface GroupRecord {
  record: unknown;
  options: ResolveOptions;
}

/**
 * Serialized view model per compile: a part stops growing past this, so one compile's input (and
 * Typst's memory, which grows with it) stays bounded whatever the records hold.
 */
const PART_BUDGET_BYTES = 2_000_000;

interface ResolvedRecord {
  doc: ViewDocument;
  files: Record<string, Uint8Array>;
  groups: FontGroup[];
  size: number;
}

const encoder = new TextEncoder();

/** Each record's images under a prefix of its own, so two records' `/assets/0.png` never collide. */
function keptApart(doc: ViewDocument, assets: Record<string, Uint8Array>, index: number) {
  const prefix = `/r${index}`;
  const files: Record<string, Uint8Array> = {};
  for (const [path, bytes] of Object.entries(assets)) files[prefix + path] = bytes;
  const sections = doc.sections.map((section, i) => ({
    ...section,
    // The record's first page restarts the numbering, as it would in a PDF of its own.
    reset: i === 0 ? true : section.reset,
    blocks: mapImagePaths(section.blocks, (path) => (Object.hasOwn(assets, path) ? prefix + path : path)),
  }));
  return { doc: { ...doc, sections }, files };
}

/** Consecutive records whose view models together stay under the budget (at least one each). */
function parts(records: readonly ResolvedRecord[], budget: number): ResolvedRecord[][] {
  const out: ResolvedRecord[][] = [];
  let current: ResolvedRecord[] = [];
  let size = 0;
  for (const r of records) {
    if (current.length > 0 && size + r.size > budget) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(r);
    size += r.size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

async function compilePart(part: readonly ResolvedRecord[], lang: string, engine: TypstEngine): Promise<Uint8Array> {
  const groups = [...new Set(part.flatMap((r) => r.groups))];
  const joined: ViewDocument = {
    ...part[0]!.doc,
    text: { ...part[0]!.doc.text, fonts: fontFamilies(groups, lang) },
    sections: part.flatMap((r) => r.doc.sections),
  };
  const files: Record<string, Uint8Array> = { '/data.json': encoder.encode(JSON.stringify(joined)) };
  for (const r of part) Object.assign(files, r.files);
  return engine.compilePdf({ main: '/main.typ', files, fontGroups: groups });
}

/**
 * One PDF of every record, in order. A part that does not compile (an image Typst cannot decode,
 * say) is typeset record by record instead, where the single-record path drops the broken image,
 * so one bad record never costs the others their shared fonts, nor the run.
 */
export async function renderPdfGroup(
  content: ParsedTemplateContent,
  records: readonly GroupRecord[],
  engine: TypstEngine,
  budget = PART_BUDGET_BYTES,
): Promise<Uint8Array> {
  const lang = content.settings.lang;
  const resolved: ResolvedRecord[] = [];
  for (const [index, item] of records.entries()) {
    const { doc, assets } = await resolveForPdf(content, item.record, item.options);
    const apart = keptApart(doc, assets, index);
    const bytes = Object.values(apart.files).reduce((n, b) => n + b.byteLength, 0);
    resolved.push({
      ...apart,
      groups: fontGroupsForText(documentText(doc), lang),
      size: JSON.stringify(apart.doc.sections).length + bytes,
    });
  }
  const pdfs: Uint8Array[] = [];
  let start = 0;
  for (const part of parts(resolved, budget)) {
    try {
      pdfs.push(await compilePart(part, lang, engine));
    } catch {
      for (let i = start; i < start + part.length; i++) {
        const item = records[i]!;
        // Throws catalogued errors only, like the single-record path it is.
        pdfs.push((await renderPdfDetailed(content, item.record, { ...item.options, engine })).pdf);
      }
    }
    start += part.length;
  }
  return pdfs.length === 1 ? pdfs[0]! : mergePdfs(pdfs);
}
