/**
 * What a new template is stored as. The editor builds document-mode templates, whose type is Docs
 * (spec 001 §3.5); Design is the canvas mode and must not be written for them.
 */
import { EditorMode } from '../../core/model/types';
import type { NewTemplate } from '../../storage/repos/templates';

export const DOCUMENT_TEMPLATE_TYPE = EditorMode.Docs;

export function documentTemplate(fields: Omit<NewTemplate, 'type'>): NewTemplate {
  return { ...fields, type: DOCUMENT_TEMPLATE_TYPE };
}
