/**
 * The canvas kind of the output registry. Parsing and settings come from `plan.ts`; the drawing
 * module (`render.ts`, with @pdfme — about 1 s of CPU to load) is imported on the first render, so
 * a worker that never draws a canvas template never loads it.
 */
import type { FileRenderer } from '../outputs/types';
import { type CanvasTemplate, canvasSettings, parseCanvas } from './plan';

const drawing = () => import('./render');

export const canvasRenderer: FileRenderer<CanvasTemplate> = {
  parse: parseCanvas,
  settings: canvasSettings,
  render: async (template, input, env) => (await drawing()).renderCanvas(template, [input], env),
  renderGroup: async (template, inputs, env) => (await drawing()).renderCanvas(template, inputs, env),
};
