/**
 * An approval instance's process as a Graphviz graph in the DOT language (#31 item 3): one box per
 * node in the order the process first reached it, the approvers, the node's outcome and time, and
 * the path taken as edges (a return to an earlier node is an edge back). The text is what the
 * render worker's Graphviz lays out; nothing here draws.
 *
 * Names come from the approval host and are untrusted: node ids are generated (`n0`, `n1`, …) and
 * every name is written inside a quoted string with its quotes and backslashes escaped, so a name
 * like `"]; a -> b [label="` stays text in a label and never becomes DOT.
 */
import { type ApprovalLanguage, operationLabel } from './labels';
import { normalizeOperation } from './signatures';
import type { ProcessEntry } from './types';
import { approvalDateTime } from './values';

type FlowDirection = 'LR' | 'TB';

/** Which facts each node shows besides its name (the designer's choice). */
interface FlowFacts {
  approvers: boolean;
  outcome: boolean;
  time: boolean;
}

interface FlowOptions {
  direction: FlowDirection;
  facts: FlowFacts;
  lang: ApprovalLanguage;
  timeZone: string;
  /** Font family of the labels (the renderer names one its typesetter has loaded); default sans-serif. */
  fontFamily?: string;
}

interface FlowNode {
  id: string;
  name: string;
  approvers: string[];
  /** The normalized operation of the node's latest deciding entry ('' when none decided). */
  operation: string;
  time: ProcessEntry['time'];
}

/** Entries that are not a decision at their node: they neither set its outcome nor move the path. */
const ASIDE = new Set(['COMMENT', 'CC']);

const FILL: Record<string, string> = {
  START: '#e8eefc',
  APPROVED: '#e3f4e8',
  AUTO_PASS: '#eef6f0',
  REJECTED: '#fbe4e4',
  PENDING: '#f4f4f4',
};

/** A DOT quoted string holding `text` literally (spec: only `"` and `\` need escaping; newlines are kept as `\n`). */
export function dotString(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\r\n|\r|\n/g, '\\n');
  return `"${escaped}"`;
}

/** The graph's nodes and the path taken, from the process in order. */
export function flowOf(process: readonly ProcessEntry[]): { nodes: FlowNode[]; path: [string, string][] } {
  const byName = new Map<string, FlowNode>();
  const path: [string, string][] = [];
  let previous: FlowNode | undefined;
  for (const step of process) {
    const name = step.nodeName.trim();
    if (name === '' || name === '-') continue;
    let node = byName.get(name);
    if (!node) {
      node = { id: `n${byName.size}`, name, approvers: [], operation: '', time: null };
      byName.set(name, node);
    }
    const user = step.userName.trim();
    if (user && !node.approvers.includes(user)) node.approvers.push(user);
    const operation = normalizeOperation(step.operation);
    if (ASIDE.has(operation)) continue;
    node.operation = operation;
    node.time = step.time ?? null;
    if (previous && previous !== node) {
      const edge: [string, string] = [previous.id, node.id];
      if (!path.some(([a, b]) => a === edge[0] && b === edge[1])) path.push(edge);
    }
    previous = node;
  }
  return { nodes: [...byName.values()], path };
}

/**
 * Graphviz reads `&name;` in a label as an XML entity and writes it to SVG unescaped, so `&amp;`
 * in a name would print as `&`: every `&` is written as the entity itself to stay literal.
 */
function labelText(text: string): string {
  return text.replace(/&/g, '&amp;');
}

function labelOf(node: FlowNode, options: FlowOptions): string {
  const lines = [node.name];
  if (options.facts.approvers && node.approvers.length > 0) lines.push(node.approvers.join(', '));
  if (options.facts.outcome && node.operation) lines.push(operationLabel(node.operation, options.lang));
  if (options.facts.time && node.time != null && node.time !== '')
    lines.push(approvalDateTime(node.time, options.timeZone));
  return labelText(lines.join('\n'));
}

/** One node of the flow as a table row (Office exports, where a diagram cannot be drawn as vectors everywhere). */
export interface FlowRow {
  node: string;
  approvers: string;
  outcome: string;
  time: string;
}

/** The flow's nodes in the order the process reached them, with the facts the block shows (others empty). */
export function approvalFlowRows(process: readonly ProcessEntry[], options: FlowOptions): FlowRow[] {
  return flowOf(process).nodes.map((node) => ({
    node: node.name,
    approvers: options.facts.approvers ? node.approvers.join(', ') : '',
    outcome: options.facts.outcome && node.operation ? operationLabel(node.operation, options.lang) : '',
    time:
      options.facts.time && node.time != null && node.time !== '' ? approvalDateTime(node.time, options.timeZone) : '',
  }));
}

/** The DOT text of an instance's process. */
export function approvalFlowDot(process: readonly ProcessEntry[], options: FlowOptions): string {
  const { nodes, path } = flowOf(process);
  const out = [
    'digraph approval {',
    `  rankdir=${options.direction};`,
    `  node [shape=box, style="rounded,filled", fontname=${dotString(options.fontFamily ?? 'sans-serif')}, fontsize=10];`,
    '  edge [color="#555555"];',
  ];
  for (const node of nodes) {
    const pending = node.operation === 'PENDING' || node.operation === '';
    const style = pending ? ', style="rounded,filled,dashed"' : '';
    const fill = FILL[node.operation] ?? '#ffffff';
    out.push(`  ${node.id} [label=${dotString(labelOf(node, options))}, fillcolor="${fill}"${style}];`);
  }
  for (const [from, to] of path) out.push(`  ${from} -> ${to} [penwidth=1.6];`);
  out.push('}');
  return `${out.join('\n')}\n`;
}
