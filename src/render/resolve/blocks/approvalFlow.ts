/**
 * The approval flow diagram (#31 item 3): the process as DOT text (core/data/approval/flowDot),
 * laid out by Graphviz (WASM, offline, loaded on first use) into SVG, embedded as a vector image.
 * Names reach Graphviz only inside escaped DOT strings, and Graphviz writes label text into the
 * SVG XML-escaped, so a hostile name is text in the PDF, never markup or Typst code (the SVG is
 * an image file to Typst, not source). Without a process (designer preview, a non-approval
 * record) a placeholder process is drawn so the designer sees the block's settings at work.
 */

import { fontFamilies, fontGroupsForText } from '../../../../wasm/fonts';
import { approvalFlowDot, approvalFlowRows } from '../../../core/data/approval/flowDot';
import {
  type ApprovalLanguage,
  fieldLabel,
  operationLabel,
  resolveApprovalLanguage,
  systemLabel,
} from '../../../core/data/approval/labels';
import type { ProcessEntry } from '../../../core/data/approval/types';
import type { ApprovalFlowConfig } from '../../../core/model/types';
import type { VBlock, VCell } from '../../view-model';
import type { BlockResolver } from './resolver';

type Layout = (dot: string) => string;
let graphviz: Promise<Layout> | undefined;

/** Graphviz's WASM (~100 ms to load), once per realm; a failed load is retried next time. */
function loadGraphviz(): Promise<Layout> {
  graphviz ??= import('@hpcc-js/wasm-graphviz')
    .then(({ Graphviz }) => Graphviz.load())
    .then((instance) => (dot: string) => instance.dot(dot, 'svg'))
    .catch((error: unknown) => {
      graphviz = undefined;
      throw error;
    });
  return graphviz;
}

/** A small process standing for any instance, in the approval's language: the labels say what each fact would show. */
function placeholderProcess(lang: ApprovalLanguage): ProcessEntry[] {
  const node = systemLabel('approvalNodes', lang);
  const approvers = systemLabel('approvers', lang);
  return [
    {
      nodeName: operationLabel('START', lang),
      userName: systemLabel('applicant', lang),
      operation: 'START',
      time: Date.UTC(2024, 0, 2, 1),
    },
    { nodeName: `${node} 1`, userName: approvers, operation: 'APPROVED', time: Date.UTC(2024, 0, 2, 3) },
    { nodeName: `${node} 2`, userName: approvers, operation: 'PENDING', time: null },
  ];
}

export const resolveApprovalFlow: BlockResolver<'approvalFlow'> = async (ctx, _scope, block) => {
  const flow: ApprovalFlowConfig = block.flow;
  const input = ctx.approvalFlow;
  const lang: ApprovalLanguage = input?.lang ?? resolveApprovalLanguage(ctx.locale);
  const process = input?.process ?? placeholderProcess(lang);
  const options = {
    direction: flow.direction,
    facts: { approvers: flow.approvers, outcome: flow.outcome, time: flow.time },
    lang,
    timeZone: input?.timeZone ?? ctx.timeZone,
  };
  if (ctx.diagrams === 'table') return [flowTable(process, options)];
  // Labels are set in the families Typst loads (wasm/fonts), in the document language's CJK order.
  const families = fontFamilies(fontGroupsForText(approvalFlowDot(process, options), ctx.locale), ctx.locale);
  const dot = approvalFlowDot(process, { ...options, fontFamily: families.join(', ') });
  const layout = await loadGraphviz();
  // Natural size (Graphviz writes it in pt), capped at the column by the typesetter.
  const svg = new TextEncoder().encode(layout(dot));
  // The DOT text holds every label (names, outcomes, times): the render loads the CJK/Thai fonts they need.
  const image: VBlock = { t: 'image', path: ctx.assets.add(svg, 'svg'), align: 'center', text: dot };
  return [image];
};

const textCell = (text: string, bold = false): VCell => ({
  blocks: [{ t: 'par', spans: [{ t: 'text', s: text, ...(bold ? { b: true } : {}) }] }],
});

/** The flow as a table (Office exports): a row per node in the order reached, the facts the block shows. */
function flowTable(process: readonly ProcessEntry[], options: Parameters<typeof approvalFlowRows>[1]): VBlock {
  const { lang, facts } = options;
  const columns: { key: 'node' | 'approvers' | 'outcome' | 'time'; label: string }[] = [
    { key: 'node', label: fieldLabel('nodeName', lang) },
    ...(facts.approvers ? [{ key: 'approvers' as const, label: systemLabel('approvers', lang) }] : []),
    ...(facts.outcome ? [{ key: 'outcome' as const, label: fieldLabel('approveStatus', lang) }] : []),
    ...(facts.time ? [{ key: 'time' as const, label: fieldLabel('timeStr', lang) }] : []),
  ];
  return {
    t: 'table',
    cols: columns.map((c) => (c.key === 'node' ? 2 : 1.5)),
    header: [columns.map((c) => textCell(c.label, true))],
    body: approvalFlowRows(process, options).map((row) => columns.map((c) => textCell(row[c.key]))),
    footer: [],
    headerRepeat: true,
    stroke: { w: 0.5, c: '#999999' },
  };
}
