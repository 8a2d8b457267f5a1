/**
 * The preview/print screen: pick a template (stored, or a bundled sample) and a record, render the
 * PDF in the render worker, show it with pdf.js, print or download it. Everything runs on this
 * device, so it works offline once the service worker has cached the app.
 *
 * This file is the layout: what to print comes from `usePreviewChoices`, the render runs from
 * `usePreviewRender` (on the shared render-run state machine), the zoom from `useViewerZoom`; the
 * pickers, actions, toolbar and page area are their own components.
 */
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { type ComponentType, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalCodeOf } from '../../core/binding';
import { type MessageKey, toTranslate } from '../../i18n';
import { officeKindOf } from '../services/officeFile';
import { getRenderPool } from '../services/printing';
import { useRenderRun } from '../services/useRenderRun';
import { usePreviewTranslation } from './i18n/usePreviewTranslation';
import { PreviewActions } from './PreviewActions';
import { PreviewToolbar } from './PreviewToolbar';
import { PreviewViewer } from './PreviewViewer';
import { RecordPicker, recordLabelOf } from './RecordPicker';
import type { FixtureName, PreviewTemplate } from './sources';
import { TemplatePicker } from './TemplatePicker';
import { usePreviewChoices } from './usePreviewChoices';
import { type Shown, usePreviewRender } from './usePreviewRender';
import { useViewerZoom } from './useViewerZoom';
import './preview.css';

function searchText(search: Record<string, unknown>, key: string): string | undefined {
  const value = search[key];
  return typeof value === 'string' && value ? value : undefined;
}

/** The screen an Office template (Word, Excel, PowerPoint) previews and prints on, given by the routes. */
type OfficePrintScreenComponent = ComponentType<{
  templateId: string;
  title: string;
  initialRecord?: string;
  templatePicker?: ReactNode;
}>;

/** `/print` and `/baseplugin/t/$tableId/preview/$templateId`. */
export function PreviewScreen({
  titleKey,
  officeScreen: OfficePrintScreen,
}: {
  titleKey: MessageKey;
  officeScreen: OfficePrintScreenComponent;
}) {
  const { t } = usePreviewTranslation();
  const { t: tApp } = useTranslation();
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const [render, run] = useRenderRun<Shown>({ firstStage: 'loading' });
  const picked = usePreviewChoices({
    // The table or approval whose templates the picker offers: the route's table, else the binding of
    // the stored template the link named (`/print?template=` from an editor or a list). Unset on the
    // general print screen, which offers every template and the samples.
    routeTableId: params.tableId,
    initialTemplate: params.templateId ?? searchText(search, 'template'),
    initialRecord: searchText(search, 'record'),
    onError: (error) => run.fail(error),
    onMissing: () => run.reset(),
  });
  const { template, binding, choices, record } = picked;
  const approval = binding?.kind === 'approval';
  const [drawing, setDrawing] = useState(false);
  const [pageTotal, setPageTotal] = useState(0);
  const viewer = useViewerZoom();

  const fixtureName = useCallback((name: FixtureName) => t(`fixtures.${name}`), [t]);
  const nameOf = (tpl: PreviewTemplate) => (tpl.fixture ? fixtureName(tpl.fixture) : tpl.name);

  // Start the compiler while the user is still looking at the pickers.
  useEffect(() => {
    // A worker that cannot start is reported by the render itself, with its translated message.
    getRenderPool()
      .warm()
      .catch(() => undefined);
  }, []);

  // A Word, Excel or PowerPoint template (read once per template: its content is a large string).
  const officeTemplateId = useMemo(
    () => (template && !template.fixture && officeKindOf(template.content) ? template.choice : undefined),
    [template],
  );

  // Word, Excel and PowerPoint templates preview and print on their own screen (below).
  const shownSource = usePreviewRender(run, {
    template: officeTemplateId ? undefined : template,
    record,
    loadSource: picked.loadSource,
    nameOf,
  });
  const shown = render.shown ?? null;
  const busy = render.status === 'rendering' || drawing;
  const stage = render.status === 'rendering' ? render.stage : drawing ? 'draw' : undefined;
  const templateName = template ? nameOf(template) : '';
  const recordLabel = recordLabelOf(record, choices, approval, t);

  const templatePicker = (
    <TemplatePicker
      choice={picked.choice}
      groups={picked.groups}
      missing={picked.missing}
      offerSamples={!picked.scope}
      onChoose={picked.setChoice}
      fixtureName={fixtureName}
    />
  );
  if (officeTemplateId)
    return (
      <OfficePrintScreen
        key={officeTemplateId}
        templateId={officeTemplateId}
        title={tApp(titleKey)}
        initialRecord={picked.recordChoice}
        templatePicker={templatePicker}
      />
    );

  return (
    <article className="pv" data-status={render.status}>
      <header className="pv-bar">
        <div className="pv-title">
          {template?.tableId && !template.fixture && (
            <nav className="pv-back">
              <Link to={`/baseplugin/t/editor/${encodeURIComponent(template.choice)}`}>
                ← {tApp('screens.templateEditor')}
              </Link>
              {' · '}
              {approval ? (
                <Link to={`/approval/${encodeURIComponent(approvalCodeOf(template.tableId))}`}>
                  {tApp('screens.approvalList')}
                </Link>
              ) : (
                <Link to={`/baseplugin/t/${encodeURIComponent(template.tableId)}/preview`}>
                  {tApp('screens.baseTable')}
                </Link>
              )}
            </nav>
          )}
          <h1>{tApp(titleKey)}</h1>
          <p className="pv-subtitle">
            {templateName}
            {templateName && recordLabel ? ' · ' : ''}
            {recordLabel}
          </p>
        </div>
        <div className="pv-pickers">
          {templatePicker}
          <RecordPicker
            template={template}
            approval={approval}
            choices={choices}
            record={record}
            onChoose={picked.setRecordChoice}
          />
        </div>
        <PreviewActions
          template={template}
          templateName={templateName}
          record={record}
          shown={shown}
          ready={Boolean(shown) && render.status !== 'error'}
          busy={busy}
          exportDisabled={render.status === 'idle' || render.status === 'error' || stage === 'loading'}
          loadSource={shownSource}
        />
      </header>
      <PreviewToolbar
        render={render}
        stage={stage}
        pageTotal={pageTotal}
        viewer={viewer}
        onCancel={() => run.cancel()}
        onRetry={() => void run.retry()}
      />
      <PreviewViewer
        viewer={viewer}
        busy={busy}
        missing={picked.missing}
        params={params}
        failure={render.status === 'error' ? { error: render.error } : undefined}
        shown={shown}
        translate={toTranslate(tApp)}
        onRetry={() => void run.retry()}
        onDrawn={setPageTotal}
        onDrawing={setDrawing}
        onFail={(error) => run.fail(error)}
      />
    </article>
  );
}
