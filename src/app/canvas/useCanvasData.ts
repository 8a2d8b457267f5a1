/**
 * What a canvas template prints from and how it looks printed: the binding and the record chosen
 * (`useCanvasBinding`) and the live preview of that record (`useCanvasPreview`). A binding that
 * cannot be read shows as the preview's error, with its Retry.
 */
import { useRef } from 'react';
import type { CanvasTemplateContent } from '../services/canvasContent';
import type { OpenDocInput } from '../services/openSource';
import { useCanvasBinding } from './useCanvasBinding';
import { useCanvasPreview } from './useCanvasPreview';

export function useCanvasData(input: {
  tableId: string | undefined;
  openDoc: OpenDocInput | undefined;
  content: CanvasTemplateContent;
  templateId: string;
}) {
  const failPreview = useRef<(error: unknown) => void>(() => undefined);
  const { binding, choice, setChoice } = useCanvasBinding(input.tableId, input.openDoc, (error) =>
    failPreview.current(error),
  );
  const preview = useCanvasPreview({ binding, choice, content: input.content, templateId: input.templateId });
  failPreview.current = (error) => preview.run.fail(error);
  return { binding, choice, setChoice, preview };
}

export type CanvasData = ReturnType<typeof useCanvasData>;
