/**
 * The preview/print screen: pick a template (stored, or a bundled sample) and a record, render the
 * PDF in the render worker, show it with pdf.js, print or download it. Everything runs on this
 * device, so it works offline once the service worker has cached the app.
 */
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { type ComponentType, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalCodeOf } from '../../core/binding';
import { isQuireError } from '../../core/errors';
import { formatErrorForDisplay, type MessageKey, type Translate, toTranslate } from '../../i18n';
import { matchesQuery } from '../services/approvalInstances';
import { isCanvasContent } from '../services/canvasContent';
import { downloadBytes } from '../services/download';
import { officeKindOf } from '../services/officeFile';
import { ExportButtons } from '../services/print/ExportButtons';
import { printPdf } from '../services/printFrame';
import { getRenderPool } from '../services/printing';
import type { RenderStage } from '../services/renderRun';
import { useRenderRun } from '../services/useRenderRun';
import { usePreviewTranslation } from './i18n/usePreviewTranslation';
import { PdfPages } from './PdfPages';
import {
  FIXTURE_NAMES,
  type FixtureName,
  fixtureChoice,
  NO_RECORD,
  type PreviewTemplate,
  SAMPLE_RECORD,
} from './sources';
import { usePreviewChoices } from './usePreviewChoices';
import { type Shown, usePreviewRender } from './usePreviewRender';
import { initialZoom, pageWidth, percent, type Zoom, zoomIn, zoomOut } from './zoom';
import './preview.css';
import { Select } from '../shell/Select';
import type { TemplateGroup } from './sources';

type PreviewStage = RenderStage;

function searchText(search: Record<string, unknown>, key: string): string | undefined {
  const value = search[key];
  return typeof value === 'string' && value ? value : undefined;
}

function useViewerWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * `/print` and `/baseplugin/t/$tableId/preview/$templateId`: the layout over `usePreviewChoices`
 * (what to print) and `usePreviewRender` (the render runs).
 */
/** The screen an Office template (Word, Excel, PowerPoint) previews and prints on, given by the routes. */
type OfficePrintScreenComponent = ComponentType<{
  templateId: string;
  title: string;
  initialRecord?: string;
  templatePicker?: ReactNode;
}>;

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
  const { scope, groups, choice, setChoice, template, missing, binding, choices, recordChoice } = picked;
  const effectiveRecord = picked.record;
  // The instance search (#31): by applicant, number or day; the instance printed stays listed.
  const [instanceQuery, setInstanceQuery] = useState('');
  const listed = useMemo(
    () =>
      instanceQuery.trim()
        ? choices.filter((c) => c.value === effectiveRecord || matchesQuery(c.search ?? c.label, instanceQuery))
        : choices,
    [choices, effectiveRecord, instanceQuery],
  );
  const approval = binding?.kind === 'approval';
  const [drawing, setDrawing] = useState(false);
  const [pageTotal, setPageTotal] = useState(0);
  const [zoom, setZoom] = useState<Zoom | null>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const viewerWidth = useViewerWidth(viewerRef);

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
    record: effectiveRecord,
    loadSource: picked.loadSource,
    nameOf,
  });
  const shown = render.shown ?? null;
  const cancel = () => run.cancel();
  const retry = () => void run.retry();

  const currentZoom = zoom ?? initialZoom(viewerWidth);
  const width = viewerWidth > 0 ? pageWidth(currentZoom, viewerWidth) : 0;

  const print = () => {
    if (shown) printPdf(shown.pdf, t('print'));
  };

  const download = () => {
    if (shown) downloadBytes(shown.pdf, shown.fileName, 'application/pdf');
  };

  const busy = render.status === 'rendering' || drawing;
  const stage: PreviewStage | undefined = render.status === 'rendering' ? render.stage : drawing ? 'draw' : undefined;
  const display = render.status === 'error' ? describeError(render.error, toTranslate(tApp)) : undefined;
  const ready = Boolean(shown) && render.status !== 'error';
  const chosenTemplateName = template ? nameOf(template) : '';
  const selectedRecordLabel =
    effectiveRecord === SAMPLE_RECORD
      ? t('sampleData')
      : effectiveRecord === NO_RECORD
        ? t(approval ? 'noInstance' : 'noRecord')
        : (choices.find((c) => c.value === effectiveRecord)?.label ?? '');
  // The chosen template's group first; a template that is not stored is offered under its id.
  const shownGroups = [...groups].sort(
    (a, b) => Number(b.rows.some((r) => r.id === choice)) - Number(a.rows.some((r) => r.id === choice)),
  );
  const groupLabel = (group: TemplateGroup) =>
    group.kind === 'table'
      ? t('tableGroup', { name: group.name })
      : group.kind === 'approval'
        ? t('approvalGroup', { name: group.name })
        : t('unboundGroup');
  // Samples are example data, not this workspace's: offered only on the general print screen, apart.
  const offerSamples = !scope;

  const templatePicker = (
    <label className="pv-field">
      <span>{t('templateLabel')}</span>
      <Select value={choice} onChange={(e) => setChoice(e.target.value)}>
        {missing ? <option value={choice}>{choice}</option> : null}
        {shownGroups.length === 0 ? (
          <option disabled value="">
            {t('noTemplates')}
          </option>
        ) : null}
        {shownGroups.map((group) => (
          <optgroup key={group.key || 'unbound'} label={groupLabel(group)} data-group={group.kind}>
            {group.rows.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </optgroup>
        ))}
        {offerSamples ? (
          <optgroup label={t('samplesGroup')} data-group="samples">
            {FIXTURE_NAMES.map((name) => (
              <option key={name} value={fixtureChoice(name)}>
                {fixtureName(name)}
              </option>
            ))}
          </optgroup>
        ) : null}
      </Select>
    </label>
  );
  if (officeTemplateId)
    return (
      <OfficePrintScreen
        key={officeTemplateId}
        templateId={officeTemplateId}
        title={tApp(titleKey)}
        initialRecord={recordChoice}
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
            {chosenTemplateName}
            {chosenTemplateName && selectedRecordLabel ? ' · ' : ''}
            {selectedRecordLabel}
          </p>
        </div>
        <div className="pv-pickers">
          {templatePicker}
          {approval && choices.length > 1 ? (
            <label className="pv-field">
              <span>{t('instanceSearch')}</span>
              <input
                type="search"
                value={instanceQuery}
                placeholder={t('instanceSearchHint')}
                onChange={(e) => {
                  const query = e.target.value;
                  setInstanceQuery(query);
                  // The first instance found is printed, as a pick would print it.
                  const first = choices.find((c) => matchesQuery(c.search ?? c.label, query));
                  if (query.trim() && first && first.value !== effectiveRecord) picked.setRecordChoice(first.value);
                }}
              />
            </label>
          ) : null}
          <label className="pv-field">
            <span>{t(approval ? 'instanceLabel' : 'recordLabel')}</span>
            <Select
              value={effectiveRecord ?? ''}
              disabled={!template || Boolean(template.fixture)}
              onChange={(e) => picked.setRecordChoice(e.target.value)}
            >
              {template?.fixture ? <option value={SAMPLE_RECORD}>{t('sampleData')}</option> : null}
              {listed.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
              {template && !template.fixture ? (
                <option value={NO_RECORD}>{t(approval ? 'noInstance' : 'noRecord')}</option>
              ) : null}
            </Select>
          </label>
        </div>
        <div className="pv-actions">
          <button type="button" className="button secondary" disabled={!ready || busy} onClick={print}>
            <PrinterIcon />
            {t('print')}
          </button>
          <button
            type="button"
            className="button primary"
            disabled={!ready || busy}
            onClick={download}
            title={shown ? `${t('fileName')}: ${shown.fileName}` : undefined}
          >
            <DownloadIcon />
            {t('download')}
          </button>
          {/* A canvas template is a fixed page: it prints as a PDF and has no document to export. */}
          {template && isCanvasContent(template.content) ? null : (
            <ExportButtons
              template={template ? { key: template.key, content: template.content } : undefined}
              loadSource={shownSource}
              naming={() => ({
                rule: template?.fileNameRule ?? '',
                templateName: template ? nameOf(template) : '',
                printTime: Date.now(),
              })}
              disabled={render.status === 'idle' || render.status === 'error' || stage === 'loading'}
              templateId={template && !template.fixture ? template.choice : undefined}
              recordId={effectiveRecord}
            />
          )}
        </div>
      </header>

      <div className="pv-toolbar" role="toolbar" aria-label={t('viewTools')}>
        <div className="pv-status" role="status" aria-live="polite" data-stage={stage ?? render.status}>
          {stage ? (
            <>
              <span className="pv-spinner" aria-hidden="true" />
              {t(`stage.${stage}`)}
              {render.status === 'rendering' ? (
                <button type="button" className="button ghost small" onClick={cancel}>
                  {t('cancel')}
                </button>
              ) : null}
            </>
          ) : render.status === 'ready' ? (
            <>
              <span className="pv-dot" aria-hidden="true" />
              <span data-testid="preview-page-count">{t('pageCount', { count: pageTotal })}</span>
              <span className="pv-muted">
                {render.ms < 1000
                  ? t('renderedIn', { ms: render.ms })
                  : t('renderedInSeconds', { seconds: (render.ms / 1000).toFixed(1) })}
              </span>
            </>
          ) : render.status === 'cancelled' ? (
            <>
              {t('cancelled')}
              <button type="button" className="button ghost small" onClick={retry}>
                {t('retry')}
              </button>
            </>
          ) : null}
        </div>
        <div className="pv-zoom">
          <button
            type="button"
            className="pv-icon-button"
            aria-label={t('zoomOut')}
            title={t('zoomOut')}
            disabled={!viewerWidth}
            onClick={() => setZoom(zoomOut(currentZoom, viewerWidth))}
          >
            −
          </button>
          <output className="pv-zoom-level" aria-label={t('zoomLevel', { percent: percent(currentZoom, viewerWidth) })}>
            {percent(currentZoom, viewerWidth)}%
          </output>
          <button
            type="button"
            className="pv-icon-button"
            aria-label={t('zoomIn')}
            title={t('zoomIn')}
            disabled={!viewerWidth}
            onClick={() => setZoom(zoomIn(currentZoom, viewerWidth))}
          >
            +
          </button>
          <button
            type="button"
            className="button ghost small"
            aria-pressed={currentZoom.kind === 'fit'}
            onClick={() => setZoom({ kind: 'fit' })}
          >
            {t('fitWidth')}
          </button>
        </div>
      </div>

      <div className="pv-viewer" ref={viewerRef} aria-busy={busy}>
        {missing ? (
          <div className="pv-message" role="alert">
            <p>{t('templateMissing')}</p>
            <dl className="pv-ids">
              {Object.entries(params).map(([key, value]) => (
                <div key={key}>
                  <dt>{key}</dt>
                  <dd data-param={key}>{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null}
        {display ? (
          <div className="pv-message pv-error" role="alert">
            <h2>
              {display.title}
              {display.code !== undefined ? <code className="pv-code">{String(display.code)}</code> : null}
            </h2>
            <p>{display.message}</p>
            {display.details.length > 0 ? (
              <details>
                <summary>{t('details')}</summary>
                <ul>
                  {display.details.slice(0, 8).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </details>
            ) : null}
            <button type="button" className="button secondary small" onClick={retry}>
              {t('retry')}
            </button>
          </div>
        ) : null}
        {shown && width > 0 && render.status !== 'error' && !missing ? (
          <div className={busy ? 'pv-sheet pv-stale' : 'pv-sheet'}>
            <PdfPages
              pdf={shown.pdf}
              width={width}
              onDrawn={setPageTotal}
              onDrawing={setDrawing}
              onError={(error) => run.fail(error)}
            />
          </div>
        ) : null}
        {!shown && busy && !display ? <div className="pv-placeholder-page" aria-hidden="true" /> : null}
      </div>
    </article>
  );
}

/** Catalogued errors carry their own details; for anything else the raw message helps a bug report. */
function describeError(error: unknown, t: Translate) {
  const display = formatErrorForDisplay(error, t);
  if (!isQuireError(error) && error instanceof Error && error.message)
    return { ...display, details: [...display.details, error.message] };
  return display;
}

/** A 16 px line icon (SVG, so it never depends on the system's symbol fonts). */
function LineIcon({ d }: { d: string }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d={d} />
    </svg>
  );
}

const PrinterIcon = () => (
  <LineIcon d="M6 9V3h12v6M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2M6 14h12v7H6z" />
);
const DownloadIcon = () => <LineIcon d="M12 3v12m0 0-5-5m5 5 5-5M4 17v3h16v-3" />;
