import { AttachmentEditorScreen } from '../attachments/AttachmentEditorScreen';
import { CanvasDesignerScreen } from '../canvas/CanvasDesignerScreen';
import { useIsCanvasTemplate } from '../canvas/useCanvasTemplate';
import { EditorScreen } from '../editor/EditorScreen';
import { OfficeEditorScreen } from '../office/OfficeEditorScreen';
import { useTemplateKind } from '../office/useTemplateKind';
import type { OpenDocInput } from '../services/openSource';

/**
 * A template's editor: Word, Excel and PowerPoint templates (spec 001 §3.5 DocxTemplate,
 * XlsxTemplate, PptxTemplate) open the Office editor, attachment templates (AttachmentTemplate) theirs; every other kind, and a template that is not
 * there (the document editor says so), the document editor.
 */
export function TemplateEditor({
  templateId,
  backHref,
  openDoc,
}: {
  templateId: string;
  backHref?: string;
  /** A team document's template: every editor (document, canvas, Office) designs it on the document's data source. */
  openDoc?: OpenDocInput;
}) {
  const kind = useTemplateKind(templateId);
  const canvas = useIsCanvasTemplate(templateId);
  if (kind === undefined || canvas === undefined) return <p className="qe-loading" aria-busy="true" />;
  if (canvas)
    return <CanvasDesignerScreen key={templateId} templateId={templateId} backHref={backHref} openDoc={openDoc} />;
  if (kind === 'attachment')
    return <AttachmentEditorScreen key={templateId} templateId={templateId} backHref={backHref} />;
  if (kind === 'docx' || kind === 'xlsx' || kind === 'pptx')
    return <OfficeEditorScreen key={templateId} templateId={templateId} backHref={backHref} openDoc={openDoc} />;
  return <EditorScreen key={templateId} templateId={templateId} backHref={backHref} openDoc={openDoc} />;
}
