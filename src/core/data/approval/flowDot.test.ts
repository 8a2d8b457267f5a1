import { describe, expect, it } from 'vitest';
import { approvalFlowDot, dotString, flowOf } from './flowDot';
import type { ProcessEntry } from './types';

const T0 = Date.UTC(2025, 2, 3, 1, 30);
const HOUR = 3600_000;
const step = (nodeName: string, userName: string, operation: string, hours: number | null): ProcessEntry => ({
  nodeName,
  userName,
  operation,
  time: hours === null ? null : T0 + hours * HOUR,
});
const options = {
  direction: 'LR' as const,
  facts: { approvers: true, outcome: true, time: true },
  lang: 'en-US' as const,
  timeZone: 'UTC',
};

/** Six nodes: submitted, approved, a return from Finance to Manager, auto-skipped, one pending, a carbon copy. */
const SIX: ProcessEntry[] = [
  step('Submit', 'Cai Wen', 'START', 0),
  step('Manager', 'Bo Li', 'APPROVED', 2),
  step('Finance', 'Ann Lee', 'ROLLBACK', 4),
  step('Manager', 'Bo Li', 'APPROVED', 5),
  step('Finance', 'Ann Lee', 'COMMENT', 6),
  step('Finance', 'Ann Lee', 'APPROVED', 7),
  step('Legal', 'Dee Ray', 'AUTO_PASS', 7),
  step('Notify', 'Eve Sun', 'CC', 8),
  step('CFO', 'Fay Orr', 'PENDING', null),
];

/** The labels as Graphviz reads them: the quoted strings unescaped. */
function labels(dot: string): string[] {
  return [...dot.matchAll(/label="((?:[^"\\]|\\.)*)"/g)].map((m) =>
    m[1]!.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c)),
  );
}

describe('the approval flow as DOT', () => {
  it('draws a 6-node instance: each node once, its facts, the path taken with the return', () => {
    expect(approvalFlowDot(SIX, options)).toBe(
      [
        'digraph approval {',
        '  rankdir=LR;',
        '  node [shape=box, style="rounded,filled", fontname="sans-serif", fontsize=10];',
        '  edge [color="#555555"];',
        `  n0 [label="Submit\\nCai Wen\\n${expectLabel('START')}\\n2025-03-03 01:30:00", fillcolor="#e8eefc"];`,
        `  n1 [label="Manager\\nBo Li\\n${expectLabel('APPROVED')}\\n2025-03-03 06:30:00", fillcolor="#e3f4e8"];`,
        `  n2 [label="Finance\\nAnn Lee\\n${expectLabel('APPROVED')}\\n2025-03-03 08:30:00", fillcolor="#e3f4e8"];`,
        `  n3 [label="Legal\\nDee Ray\\n${expectLabel('AUTO_PASS')}\\n2025-03-03 08:30:00", fillcolor="#eef6f0"];`,
        '  n4 [label="Notify\\nEve Sun", fillcolor="#ffffff", style="rounded,filled,dashed"];',
        `  n5 [label="CFO\\nFay Orr\\n${expectLabel('PENDING')}", fillcolor="#f4f4f4", style="rounded,filled,dashed"];`,
        '  n0 -> n1 [penwidth=1.6];',
        '  n1 -> n2 [penwidth=1.6];',
        '  n2 -> n1 [penwidth=1.6];',
        '  n2 -> n3 [penwidth=1.6];',
        '  n3 -> n5 [penwidth=1.6];',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('shows only the facts the designer picked, top to bottom when asked', () => {
    const dot = approvalFlowDot(SIX, {
      ...options,
      direction: 'TB',
      facts: { approvers: false, outcome: false, time: false },
    });
    expect(dot).toContain('rankdir=TB;');
    expect(labels(dot)).toEqual(['Submit', 'Manager', 'Finance', 'Legal', 'Notify', 'CFO']);
  });

  it('prints hostile names literally: quotes, backslashes, DOT and HTML-like text stay in their label', () => {
    const hostile = [
      '"]; n9 [label="pwned"]; n0 -> n9; x [label="',
      'C:\\new\\table \\N \\G \\l',
      '<b>bold</b> & {record|field}',
      'line one\nline two',
      '}; digraph evil {',
    ];
    const process = hostile.map((name, i) => step(name, `${name} (user)`, 'APPROVED', i));
    const dot = approvalFlowDot(process, { ...options, facts: { approvers: true, outcome: false, time: false } });
    // `&` is written as `&amp;`: Graphviz reads entities in labels and would print `&amp;` as `&`.
    const literal = (text: string) => text.replace(/&/g, '&amp;');
    expect(labels(dot)).toEqual(hostile.map((name) => literal(`${name}\n${name} (user)`)));
    // Exactly the statements made: one per node, one per edge, nothing a name smuggled in.
    const statements = dot.split('\n').filter((line) => /^ {2}n\d+ /.test(line));
    expect(statements).toHaveLength(hostile.length + hostile.length - 1);
    expect(dot.trimEnd().endsWith('}')).toBe(true);
    expect(dot.match(/^digraph /gm)).toHaveLength(1);
  });

  it('escapes only what DOT strings need', () => {
    expect(dotString('a"b\\c\r\nd')).toBe('"a\\"b\\\\c\\nd"');
  });

  it('ignores unnamed nodes and keeps an edge once however often it is taken', () => {
    const { nodes, path } = flowOf([
      step('', 'x', 'APPROVED', 0),
      step('-', 'x', 'APPROVED', 0),
      step('A', 'x', 'APPROVED', 0),
      step('B', 'y', 'ROLLBACK', 1),
      step('A', 'x', 'APPROVED', 2),
      step('B', 'y', 'APPROVED', 3),
    ]);
    expect(nodes.map((n) => n.name)).toEqual(['A', 'B']);
    expect(path).toEqual([
      ['n0', 'n1'],
      ['n1', 'n0'],
    ]);
  });
});

function expectLabel(operation: string): string {
  return LABELS[operation] ?? operation;
}
const LABELS: Record<string, string> = {
  START: 'Submitted',
  APPROVED: 'Approved',
  AUTO_PASS: 'Approved automatically',
  PENDING: 'Pending',
};
