/**
 * The live preview's work, apart from its layout: which record or sample it prints (through the one
 * binding service), the render runs (the shared render-run state machine, scheduled latest-wins so
 * typing never waits for Typst), the drawing between keystrokes, the thumbnail and the issues the
 * editor outlines. `PreviewPanel` lays out what this returns.
 */
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { ParsedTemplateContent } from '../../../core/model';
import type { PrintSource } from '../../../core/print/sources';
import { contentForReader } from '../../../host/reader';
import { bindingSource } from '../../services/binding';
import { openPrintSource } from '../../services/openSource';
import { drawPdf, warmPdfJs } from '../../services/pdf';
import {
  DEFAULT_FILE_NAME_RULE,
  dataSource,
  EMPTY_SOURCE,
  loadFileNameRule,
  renderLivePreview,
} from '../../services/printing';
import type { RenderRunState } from '../../services/renderRun';
import { loadSampleData } from '../../services/samples';
import { getStorage } from '../../services/storage';
import { useRenderRun } from '../../services/useRenderRun';
import type { TableContext } from '../data';
import { previewIssuesAtom } from '../state/store';
import { afterInputPause, watchInput } from './inputIdle';
import { issuesByBlock } from './issueBlocks';
import { type LatestWins, latestWins } from './scheduler';

/** The preview is drawn between keystrokes: after this pause in typing, or this long at most. */
const INPUT_QUIET_MS = 30;
const INPUT_MAX_WAIT_MS = 500;
/** Page 1 becomes the list's thumbnail once edits pause this long. */
const THUMBNAIL_MS = 3000;
const THUMBNAIL_WIDTH = 240;
/** The picker's choice meaning "the template's sample data" (or, for an approval, no instance). */
export const SAMPLE = '__sample__';

/** What one run shows: the PDF, the name a download gets, the source it printed, the pages' text. */
interface LivePreviewFile {
  pdf: Uint8Array;
  fileName: string | undefined;
  source: PrintSource;
  pageCount: number;
  text: string[];
}

/** The preview's error as the panel shows it: the cause, its raw text, the first template issues. */
interface LivePreviewError {
  cause: unknown;
  message: string;
  issues: string[];
}

interface LivePreviewInput {
  templateId: string;
  name: string;
  content: ParsedTemplateContent;
  context: TableContext;
  sample: string | null;
  /** Page labels for screen readers (the editor's translation). */
  pageLabel: (n: number) => string;
}

/** The first choice: the sample, else the first instance or record (a host's selected one first). */
export function initialChoice(context: TableContext, sample: string | null): string {
  if (sample || context.open) return SAMPLE;
  if (context.approval) return context.approval.instances[0]?.code ?? SAMPLE;
  if (context.host) return context.host.selectedId ?? context.host.records[0]?.id ?? SAMPLE;
  return context.records[0]?.id ?? SAMPLE;
}

/**
 * The print source of a choice. A document's template previews its sample instance as the render
 * API would print it; "sample" prints the template's sample data (an approval without sample data:
 * its placeholders); anything else is the binding's record or instance.
 */
async function previewSource(context: TableContext, sample: string | null, id: string): Promise<PrintSource> {
  if (context.open) return openPrintSource(context.open);
  if (id === SAMPLE && !(context.approval && !sample)) {
    const data = sample ? await loadSampleData(sample) : undefined;
    return data && typeof data === 'object' ? dataSource(data as Record<string, unknown>) : EMPTY_SOURCE;
  }
  if (!context.binding) return EMPTY_SOURCE;
  return bindingSource(await getStorage(), context.binding, id === SAMPLE ? undefined : id);
}

async function saveThumbnail(templateId: string, page: HTMLCanvasElement): Promise<void> {
  const scaled = document.createElement('canvas');
  scaled.width = THUMBNAIL_WIDTH;
  scaled.height = Math.round((page.height / page.width) * THUMBNAIL_WIDTH);
  scaled.getContext('2d')?.drawImage(page, 0, 0, scaled.width, scaled.height);
  const blob = await new Promise<Blob | null>((resolve) => scaled.toBlob(resolve, 'image/png'));
  if (!blob) return;
  try {
    await (await getStorage()).templates.setThumbnail(templateId, blob);
  } catch {
    // A thumbnail is a nicety: the list falls back to its drawn page.
  }
}

function errorOf(err: unknown): LivePreviewError {
  const issues = (err as { issues?: Array<{ path: string; reason: string }> }).issues ?? [];
  return {
    cause: err,
    message: err instanceof Error ? err.message : String(err),
    issues: issues.slice(0, 5).map((i) => `${i.path}: ${i.reason}`),
  };
}

export interface LivePreview {
  recordId: string;
  setRecordId: (id: string) => void;
  state: RenderRunState<LivePreviewFile>;
  /** The last run's error, kept while the next run works (cleared by a success). */
  error: LivePreviewError | null;
  /** Where the pages are drawn. */
  pagesRef: React.RefObject<HTMLDivElement | null>;
  /** The file-name rule of the template (read once). */
  rule: () => string;
}

const RUN_MARKS = ['start', 'scope', 'worker', 'drawn'] as const;

/**
 * The run's timings as the measures the editor benchmark reads (`qp:scope`, `qp:worker`,
 * `qp:draw`), kept within a bound. Timing is never worth a failed preview: a mark that is missing
 * (cleared elsewhere) only loses that run's figures.
 */
function measureRun(run: number): void {
  const at = (name: (typeof RUN_MARKS)[number]) => `qp:${name}#${run}`;
  try {
    performance.measure('qp:scope', at('start'), at('scope'));
    performance.measure('qp:worker', at('scope'), at('worker'));
    performance.measure('qp:draw', at('worker'), at('drawn'));
  } catch {
    // A missing mark: this run's figures are lost, the preview is not.
  }
  for (const name of RUN_MARKS) performance.clearMarks(at(name));
  if (performance.getEntriesByName('qp:draw', 'measure').length > 200)
    for (const m of ['qp:scope', 'qp:worker', 'qp:draw']) performance.clearMeasures(m);
}

export function useLivePreview(input: LivePreviewInput): LivePreview {
  const { templateId, content, context, sample } = input;
  const [recordId, setRecordId] = useState<string>(() => initialChoice(context, sample));
  const [state, machine] = useRenderRun<LivePreviewFile>({ firstStage: 'compile' });
  const [error, setError] = useState<LivePreviewError | null>(null);
  const pagesRef = useRef<HTMLDivElement>(null);
  const ruleRef = useRef(DEFAULT_FILE_NAME_RULE);
  useEffect(() => {
    void getStorage()
      .then((db) => loadFileNameRule(db, templateId))
      .then((rule) => {
        ruleRef.current = rule;
      })
      .catch(() => undefined);
  }, [templateId]);
  const seq = useRef(0);
  const thumbTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(thumbTimer.current), []);
  const setIssues = useSetAtom(previewIssuesAtom);
  useEffect(() => () => setIssues({}), [setIssues]);
  // The canvas re-renders on every change of the issues atom: clear it only when it held issues.
  const hadIssues = useRef(false);
  const latest = useRef({ ...input, recordId, setIssues });
  latest.current = { ...input, recordId, setIssues };
  const sources = useRef(new Map<string, Promise<PrintSource>>());
  const scheduler = useRef<LatestWins | null>(null);

  // The first render (which also starts the compiler and pdf.js) waits for the editor's first idle
  // moment: on a two-core machine it would otherwise compete with mounting the pages.
  const ready = useRef(false);
  useEffect(() => {
    watchInput();
    const start = () => {
      ready.current = true;
      warmPdfJs();
      scheduler.current?.request();
    };
    if (typeof requestIdleCallback !== 'function') {
      const id = setTimeout(start, 100);
      return () => clearTimeout(id);
    }
    const id = requestIdleCallback(start, { timeout: 500 });
    return () => cancelIdleCallback(id);
  }, []);

  useEffect(() => {
    // The chosen record's raw data; the preview worker maps it, as every other print path does.
    const sourceFor = (id: string): Promise<PrintSource> => {
      const cached = sources.current.get(id);
      if (cached) return cached;
      const load = previewSource(latest.current.context, latest.current.sample, id);
      // The chosen record is read once per choice (re-selecting it reads it again), not per keystroke.
      sources.current.clear();
      sources.current.set(id, load);
      load.catch(() => sources.current.delete(id));
      return load;
    };
    const job = async ({
      stage,
      signal,
    }: {
      stage: (s: 'compile' | 'draw') => void;
      signal: AbortSignal;
    }): Promise<LivePreviewFile> => {
      const { content: c, recordId: id, templateId: tid, pageLabel, setIssues: issuesTo } = latest.current;
      seq.current += 1;
      // Marks of this run only: a run abandoned for a newer one must not measure (or clear) its marks.
      const run = seq.current;
      const markRun = (name: string) => performance.mark(`qp:${name}#${run}`);
      try {
        markRun('start');
        const source = await sourceFor(id);
        markRun('scope');
        const naming = { rule: ruleRef.current, templateName: latest.current.name, printTime: Date.now() };
        // Inside a host, the preview prints in the zone and locale the host named, as its documents do.
        const reader = latest.current.context.host?.reader;
        const shownContent = reader ? contentForReader(c, reader) : c;
        const file = await renderLivePreview({ key: `${tid}:${seq.current}`, content: shownContent }, source, {
          naming,
        });
        const pdf = file.bytes;
        markRun('worker');
        stage('draw');
        const width = Math.max(200, (pagesRef.current?.clientWidth ?? 320) - 2);
        await afterInputPause(INPUT_QUIET_MS, INPUT_MAX_WAIT_MS);
        const drawn = await drawPdf(pdf, width);
        markRun('drawn');
        // A newer run replaced this one while it drew: its pages (or its error) are the ones shown.
        if (signal.aborted) throw new DOMException('A newer preview replaced this one', 'AbortError');
        pagesRef.current?.replaceChildren(
          ...drawn.pages.map((canvas, i) => {
            const figure = document.createElement('figure');
            figure.className = 'qe-preview-page';
            canvas.setAttribute('role', 'img');
            canvas.setAttribute('aria-label', pageLabel(i + 1));
            figure.append(canvas);
            return figure;
          }),
        );
        const first = drawn.pages[0];
        clearTimeout(thumbTimer.current);
        if (first) thumbTimer.current = setTimeout(() => void saveThumbnail(tid, first), THUMBNAIL_MS);
        setError(null);
        if (hadIssues.current) issuesTo({});
        hadIssues.current = false;
        measureRun(run);
        return { pdf, fileName: file.fileName, source, pageCount: drawn.pages.length, text: drawn.text };
      } catch (err) {
        for (const name of RUN_MARKS) performance.clearMarks(`qp:${name}#${run}`);
        if (signal.aborted) throw err;
        const shown = errorOf(err);
        const byBlock = issuesByBlock(
          c.document,
          (err as { issues?: Array<{ path: string; reason: string }> }).issues ?? [],
        );
        if (hadIssues.current || Object.keys(byBlock).length > 0) issuesTo(byBlock);
        hadIssues.current = Object.keys(byBlock).length > 0;
        setError(shown);
        throw err;
      }
    };
    const s = latestWins(async () => {
      await machine.start(job);
    });
    scheduler.current = s;
    return () => s.dispose();
  }, [machine]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new context or sample makes the cached scopes stale
  useEffect(() => {
    sources.current.clear();
  }, [context, sample]);

  // Every edit or record choice asks for a render: at once when the preview is idle, else once
  // after the running one (latest content wins).
  // biome-ignore lint/correctness/useExhaustiveDependencies: these values trigger a render; the job reads them through `latest`
  useEffect(() => {
    if (ready.current) scheduler.current?.request();
  }, [content, recordId, context, sample, templateId]);

  return { recordId, setRecordId, state, error, pagesRef, rule: () => ruleRef.current };
}
