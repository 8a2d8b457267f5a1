import { useParams } from '@tanstack/react-router';
import { TemplateEditor } from './TemplateEditor';

/** `/baseplugin/t/editor/$templateId` and the standalone `/o/$teamId/docs/$docId/templates/$templateId`. */
export function TemplateEditorRoute() {
  const params = useParams({ strict: false }) as { templateId?: string; teamId?: string; docId?: string };
  const backHref = params.teamId && params.docId ? `/o/${params.teamId}/docs/${params.docId}` : undefined;
  return <TemplateEditor templateId={params.templateId ?? ''} backHref={backHref} />;
}
