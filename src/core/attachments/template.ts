/**
 * Attachment templates (editor mode AttachmentTemplate, issue #30): a template bound to a table
 * that names one or more of its attachment fields. Printing a record gives one PDF of the record's
 * files in order — PDFs page for page, images one per page fitted to `pageSetting`, Office files
 * through their PDF — after an optional cover typeset from a document template.
 *
 * Stored content: `{ kind: 'attachment', schemaVersion: 1, fields, cover?, pageSetting?, settings? }`.
 */
import { z } from 'zod';
import { QuireError } from '../errors';
import { zodIssues } from '../issues';
import { DEFAULT_LANG, DEFAULT_PAGE_SETTING, DEFAULT_TIME_ZONE } from '../model/defaults';
import { parseTemplateContent } from '../model/parse';
import type { PageSetting, ParsedTemplateContent } from '../model/types';

export const ATTACHMENT_TEMPLATE_VERSION = 1;

const nonNegative = z.number().min(0).max(1000);

const pageSettingSchema = z.object({
  sizeType: z.enum(['A3', 'A4', 'A5', 'A6', 'Letter', 'Custom']).default(DEFAULT_PAGE_SETTING.sizeType),
  width: z.number().positive().max(10_000).default(DEFAULT_PAGE_SETTING.width),
  height: z.number().positive().max(10_000).default(DEFAULT_PAGE_SETTING.height),
  direction: z.enum(['vertical', 'horizontal']).default(DEFAULT_PAGE_SETTING.direction),
  paddingTop: nonNegative.default(DEFAULT_PAGE_SETTING.paddingTop),
  paddingBottom: nonNegative.default(DEFAULT_PAGE_SETTING.paddingBottom),
  paddingLeft: nonNegative.default(DEFAULT_PAGE_SETTING.paddingLeft),
  paddingRight: nonNegative.default(DEFAULT_PAGE_SETTING.paddingRight),
});

const attachmentTemplateSchema = z.object({
  kind: z.literal('attachment'),
  schemaVersion: z.literal(ATTACHMENT_TEMPLATE_VERSION).default(ATTACHMENT_TEMPLATE_VERSION),
  /** Attachment fields of the bound table, by name or id, printed in this order. */
  fields: z.array(z.string().min(1).max(200)).max(100).default([]),
  /** Document-template content typeset before the attachments (its own kind is a document). */
  cover: z.unknown().optional(),
  /** The page an image is fitted into (its padding is the margin). */
  pageSetting: pageSettingSchema.prefault({}),
  settings: z
    .object({
      lang: z.string().max(20).default(DEFAULT_LANG),
      timeZone: z.string().min(1).max(64).default(DEFAULT_TIME_ZONE),
    })
    .prefault({}),
});

export interface AttachmentTemplate {
  kind: 'attachment';
  schemaVersion: typeof ATTACHMENT_TEMPLATE_VERSION;
  fields: string[];
  cover: ParsedTemplateContent | null;
  pageSetting: PageSetting;
  settings: { lang: string; timeZone: string };
}

function objectOf(content: unknown): unknown {
  if (typeof content !== 'string') return content;
  try {
    return JSON.parse(content);
  } catch (cause) {
    throw new QuireError('TemplateParseError', { detail: 'the attachment template is not JSON', cause });
  }
}

/** Validates stored attachment-template content (JSON text or a value); failures name the path. */
export function parseAttachmentTemplate(content: unknown): AttachmentTemplate {
  const result = attachmentTemplateSchema.safeParse(objectOf(content));
  if (!result.success) {
    throw new QuireError('TemplateParseError', { issues: zodIssues(result.error, { limit: 20 }) });
  }
  const { cover, ...rest } = result.data;
  return { ...rest, cover: cover === undefined || cover === null ? null : parseCover(cover) };
}

function parseCover(cover: unknown): ParsedTemplateContent {
  try {
    return parseTemplateContent(cover);
  } catch (error) {
    if (!(error instanceof QuireError)) throw error;
    // The cover's own paths, under `cover`, so the message says where in this template it is.
    throw new QuireError('TemplateParseError', {
      detail: 'the cover is not a document template',
      issues: error.issues.map((issue) => ({ ...issue, path: issue.path ? `cover.${issue.path}` : 'cover' })),
      cause: error,
    });
  }
}

/** A new attachment template's content: the fields to print, A4 portrait, no cover. */
export function createAttachmentTemplate(fields: string[] = []): AttachmentTemplate {
  return parseAttachmentTemplate({ kind: 'attachment', fields });
}
