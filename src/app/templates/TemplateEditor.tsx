import { CanvasDesignerScreen } from '../canvas/CanvasDesignerScreen';
import { useIsCanvasTemplate } from '../canvas/useCanvasTemplate';
import { EditorScreen } from '../editor/EditorScreen';
import type { OpenDocInput } from '../editor/openSource';
import { OfficeEditorScreen } from '../office/OfficeEditorScreen';
import { useTemplateKind } from '../office/useTemplateKind';

/**
 * A template's editor: Word, Excel and PowerPoint templates (spec 001 §3.5 DocxTemplate,
 * XlsxTemplate, PptxTemplate) open the Office editor; every other kind, and a template that is not
 * there (the document editor says so), the document editor.
 */
export function TemplateEditor({
  templateId,
  backHref,
  openDoc,
}: {
  templateId: string;
  backHref?: string;
  /** A team document's template: the document editor designs it on the document's data source. */
  openDoc?: OpenDocInput;
}) {
  const kind = useTemplateKind(templateId);
  const canvas = useIsCanvasTemplate(templateId);
  if (kind === undefined || canvas === undefined) return <p className="qe-loading" aria-busy="true" />;
  if (canvas) return <CanvasDesignerScreen key={templateId} templateId={templateId} backHref={backHref} />;
  if (kind === 'docx' || kind === 'xlsx' || kind === 'pptx')
    return <OfficeEditorScreen key={templateId} templateId={templateId} backHref={backHref} />;
  return <EditorScreen key={templateId} templateId={templateId} backHref={backHref} openDoc={openDoc} />;
}
