/**
 * The canvas designer on the one save pipeline (`services/saving`): every change journalled in its
 * own task and autosaved, the leave guard, and another tab's newer version shown in place (with a
 * fresh history, since the steps before it were made on other content).
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { TemplateRow } from '../../storage/types';
import { type CanvasTemplateContent, type History, readCanvas } from '../services/canvasContent';
import { useLeaveGuard } from '../services/saving/SaveNotices';
import { type SavePipelineInput, useSavePipeline } from '../services/saving/useSavePipeline';

export function useCanvasSave(
  loaded: SavePipelineInput,
  content: CanvasTemplateContent,
  setHistory: (history: History) => void,
) {
  const [row, setRow] = useState<TemplateRow>(loaded.row);
  const input = useMemo<SavePipelineInput>(() => ({ row: loaded.row, draft: loaded.draft }), [loaded]);
  const latest = useRef(content);
  latest.current = content;
  /** The content that needs no save (set before another tab's version is shown). */
  const lastSaved = useRef(content);
  const pipeline = useSavePipeline(input, row.name, row.tableId, {
    serialize: () => JSON.stringify(latest.current),
    showExternal: (next) => {
      let shown: CanvasTemplateContent;
      try {
        shown = readCanvas(next.content);
      } catch {
        return;
      }
      lastSaved.current = shown;
      flushSync(() => {
        setHistory({ past: [], present: shown, future: [] });
        setRow(next);
      });
    },
  });
  const { changed } = pipeline;
  useLayoutEffect(() => {
    if (content === lastSaved.current) return;
    lastSaved.current = content;
    changed();
  }, [content, changed]);
  const leaveDialog = useLeaveGuard(pipeline);
  return { row, pipeline, leaveDialog };
}
