/** What the three Office renderers share: opening a template, evaluation options, property parts. */

import { QuireError } from '../../core/errors';
import type { EvalOptions } from '../../core/expr/evaluate';
import { renderTemplate, rootScope, type Scope } from '../../core/expr/evaluate';
import { parseTemplate } from '../../core/expr/parse';
import type { PrintSettings } from '../../core/print/build';
import { OFFICE_MAX_ITEMS } from '../resolve/context';
import type { TemplateIssues } from './engine';
import { OFFICE_FILTERS_KNOWN } from './engine';
import { OFFICE_FILTERS } from './filters';
import { relationships, resolveTarget } from './package';
import { base64ToBytes, type OfficeKind, type OfficeTemplateContent, parseOfficeContent } from './schema';
import { findTags } from './tags';
import { decodeXml, escapeXml, tokenize, tokenKind } from './xml';
import { OfficePackage, packageError, refuseMacros } from './zip';

export interface OpenedTemplate {
  content: OfficeTemplateContent;
  pkg: OfficePackage;
}

export function openTemplate(content: unknown, kind: OfficeKind): OpenedTemplate {
  const parsed = parseOfficeContent(content, kind);
  const pkg = OfficePackage.read(base64ToBytes(parsed.file));
  refuseMacros(pkg, parsed.fileName);
  requireMainPart(pkg, kind);
  return { content: parsed, pkg };
}

const MAIN_DEFAULT: Record<OfficeKind, string> = {
  docx: 'word/document.xml',
  xlsx: 'xl/workbook.xml',
  pptx: 'ppt/presentation.xml',
};
const OFFICE_DOCUMENT = /\/officeDocument$/;

/**
 * A Word, Excel or PowerPoint file must hold its main part (the one the package's relationships
 * name, else the usual name): without it there is nothing to fill, and readers call it damaged.
 */
function requireMainPart(pkg: OfficePackage, kind: OfficeKind): void {
  const rel = pkg.has('_rels/.rels') ? relationships(pkg, '').find((r) => OFFICE_DOCUMENT.test(r.type)) : undefined;
  const main = rel ? resolveTarget('', rel.target) : MAIN_DEFAULT[kind];
  if (!pkg.has(main)) throw packageError('missing-part', main, `the ${kind} file has no ${main}`);
}

export function evalOptions(content: OfficeTemplateContent): EvalOptions {
  return {
    locale: content.settings?.lang,
    timeZone: content.settings?.timeZone,
    delimiters: content.settings?.delimiters,
    filters: OFFICE_FILTERS,
  };
}

/** The template's language and time zone, which the print input's display texts follow. */
export function officeSettings(template: OpenedTemplate): PrintSettings {
  const settings = template.content.settings;
  return {
    ...(settings?.lang ? { lang: settings.lang } : {}),
    ...(settings?.timeZone ? { timeZone: settings.timeZone } : {}),
  };
}

export function newBudget() {
  return { items: 0, max: OFFICE_MAX_ITEMS };
}

/** Title, subject, keywords, custom properties. (app.xml is left alone: it lists sheet and slide titles.) */
export const PROPERTY_PARTS = ['docProps/core.xml', 'docProps/custom.xml'];

/** Checks the tags in a property part (title, subject, custom properties…). */
export function checkPropertyPart(xml: string, part: string, issues: TemplateIssues, options: EvalOptions): void {
  if (!xml.includes('{')) return;
  for (const token of tokenize(xml)) {
    if (tokenKind(token) !== 'text' || !token.includes('{')) continue;
    const text = decodeXml(token);
    if (findTags(text, options.delimiters).length === 0) continue;
    try {
      parseTemplate(text, { delimiters: options.delimiters, isKnownFilter: OFFICE_FILTERS_KNOWN, expressions: true });
    } catch (error) {
      const reason = error instanceof QuireError ? (error.issues[0]?.reason ?? error.message) : String(error);
      issues.add(part, text.slice(0, 60), reason, '');
    }
  }
}

/** Fills tags in the text of a property part; each element's text is one template. */
export function fillPropertyPart(xml: string, scope: Scope, options: EvalOptions): string {
  if (!xml.includes('{')) return xml;
  return tokenize(xml)
    .map((token) => {
      if (tokenKind(token) !== 'text' || !token.includes('{')) return token;
      return escapeXml(renderTemplate(decodeXml(token), undefined, options, scope));
    })
    .join('');
}

export { rootScope };
