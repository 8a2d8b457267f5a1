/**
 * #31 item 3: the approval flow diagram block. Through the real path: approval print source →
 * print input → document → Graphviz (WASM) SVG → Typst (native) → PDF, read back with poppler.
 * The diagram is a vector image, so its node names are PDF text (not pixels); a hostile node name
 * prints literally (no DOT, SVG or Typst is made of it).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPrintInput } from '../../src/core/print/build';
import { createNodeEngine } from '../../src/render/node-engine';
import { renderDocumentDetailed } from '../../src/render/outputs/document';
import { prepareOutputTemplate, renderOutput } from '../../src/render/outputs/render';
import { documentText, prepareTemplate } from '../../src/render/render-pdf';
import type { TypstEngine } from '../../src/render/typst/engine';
import { buildDemoRows } from '../../src/storage/demo';
import { block, content, fullRow, p, page, richText } from '../fixtures/builders';
import { compareWithRefs, flat, pdfText, TOLERANCE } from './harness';

/** Raster images in the PDF (poppler's list, header lines dropped). */
function rasterCount(pdf: Uint8Array): number {
  const dir = mkdtempSync(join(tmpdir(), 'quire-flow-'));
  try {
    writeFileSync(join(dir, 'a.pdf'), pdf);
    const list = execFileSync('pdfimages', ['-list', join(dir, 'a.pdf')], { encoding: 'utf8' });
    return list
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '').length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/approval/${name}.json`, import.meta.url), 'utf8'));

const HOSTILE = 'Legal "]; x -> y [label=" <b>&amp;</b> #panic() \\N $x$';

const template = (flow: Record<string, unknown> = {}) =>
  content([
    page('p', [
      fullRow('r1', richText('t', [p('Flow')])),
      fullRow('r2', block('f', 'approvalFlow', { flow: { direction: 'LR', ...flow } })),
    ]),
  ] as never);

describe('approval flow diagram', () => {
  let engine: Promise<TypstEngine> | undefined;
  const env = { typst: () => (engine ??= createNodeEngine('native')) };
  afterAll(async () => (await engine)?.dispose());

  const print = async (source: unknown, flow?: Record<string, unknown>) => {
    const file = await renderOutput(prepareOutputTemplate(template(flow)), source, env, { format: 'pdf' });
    return file.bytes;
  };

  it('prints every node and approver of the demo instance as text, with no raster image', async () => {
    const source = {
      kind: 'approval',
      definition: fixture('reimbursement.definition'),
      instance: fixture('reimbursement.instance'),
    };
    const pdf = await print(source);
    const text = flat(pdfText(pdf));
    for (const name of ['Submit', 'Manager', 'Finance', 'Li Wei', 'Wang Fang', 'Zhao Min'])
      expect(text).toContain(name);
    expect(rasterCount(pdf)).toBe(0);
  }, 120_000);

  it('looks as its reference page image does (nodes, approvers, outcomes, times and the path)', async () => {
    const source = {
      kind: 'approval',
      definition: fixture('reimbursement.definition'),
      instance: fixture('reimbursement.instance'),
    };
    const pdf = await print(source, { direction: 'LR', approvers: true, outcome: true, time: true });
    for (const page of compareWithRefs('approval-flow', pdf)) {
      expect(page.missing, `${page.ref} is missing`).toBe(false);
      expect(page.ratio).toBeLessThanOrEqual(TOLERANCE);
    }
  }, 120_000);

  it('prints every node name of each approval fixture instance', async () => {
    for (const name of ['leave', 'purchase', 'reimbursement', 'in-progress']) {
      const instance = fixture(`${name}.instance`);
      const definition = fixture(`${name === 'in-progress' ? 'purchase' : name}.definition`);
      const text = flat(pdfText(await print({ kind: 'approval', definition, instance })));
      // The host sends the process as JSON text or parsed; the fixtures have both.
      const processes = instance.approval_processes_data;
      const steps: { nodeName: string }[] = (typeof processes === 'string' ? JSON.parse(processes) : processes).data;
      const nodes = steps.map((step) => step.nodeName.trim()).filter((node) => node !== '' && node !== '-');
      expect(nodes.length).toBeGreaterThan(1);
      for (const node of nodes) expect(text, `${name}: ${node}`).toContain(node);
    }
  }, 120_000);

  it('prints every node and approver of each demo-base instance', async () => {
    const { definition, instances } = await buildDemoRows(Date.UTC(2026, 0, 5));
    for (const row of instances) {
      const text = flat(
        pdfText(await print({ kind: 'approval', definition: definition.design, instance: row.instance })),
      );
      const steps: { nodeName: string; userName: string }[] = JSON.parse(
        String(row.instance.approval_processes_data),
      ).data;
      for (const step of steps) {
        expect(text, row.code).toContain(step.nodeName);
        expect(text, row.code).toContain(step.userName);
      }
    }
  }, 120_000);

  it('prints a hostile node name literally', async () => {
    const instance = fixture('purchase.instance');
    instance.approval_processes_data = {
      title: 'process',
      data: [
        { nodeName: 'Submit', userName: 'Zhou Lan', operation: 'START', time: 1710032400000 },
        { nodeName: HOSTILE, userName: 'Qian <Hao>', operation: 'APPROVED', time: 1710036000000 },
        { nodeName: '财务审核', userName: '孙丽', operation: 'PENDING', time: null },
      ],
    };
    const source = { kind: 'approval', definition: fixture('purchase.definition'), instance };
    const pdf = await print(source);
    const text = flat(pdfText(pdf));
    expect(text).toContain(flat(HOSTILE));
    expect(text).toContain('Qian <Hao>');
    expect(text).toContain('财务审核');
    // The browser loads CJK fonts only for text the view model holds: the diagram's labels count.
    const { doc } = await renderDocumentDetailed(prepareTemplate(template() as never), buildPrintInput(source), env);
    expect(documentText(doc)).toContain('财务审核');
  }, 120_000);

  it('exports the flow to Word and Excel as a table of its nodes, read back by python-docx and openpyxl', async () => {
    const source = {
      kind: 'approval',
      definition: fixture('reimbursement.definition'),
      instance: fixture('reimbursement.instance'),
    };
    const dir = mkdtempSync(join(tmpdir(), 'quire-flow-export-'));
    try {
      const read = async (format: 'docx' | 'xlsx', script: string) => {
        const file = await renderOutput(prepareOutputTemplate(template({ time: true })), source, env, { format });
        writeFileSync(join(dir, `flow.${format}`), file.bytes);
        return JSON.parse(
          execFileSync('/usr/bin/python3', ['-c', script, join(dir, `flow.${format}`)], { encoding: 'utf8' }),
        ) as string[][];
      };
      const word = await read(
        'docx',
        `import docx, json, sys
d = docx.Document(sys.argv[1])
print(json.dumps([[c.text for c in r.cells] for t in d.tables for r in t.rows]))`,
      );
      const excel = await read(
        'xlsx',
        `import openpyxl, json, sys
ws = openpyxl.load_workbook(sys.argv[1]).worksheets[1]
print(json.dumps([[str(c.value or '') for c in r] for r in ws.iter_rows()]))`,
      );
      for (const rows of [word, excel]) {
        expect(rows[0]).toEqual(['Node', 'Approvers', 'Result', 'Time']);
        const byNode = new Map(rows.slice(1).map((row) => [row[0], row]));
        expect(byNode.get('Manager')?.[1]).toContain('Wang Fang');
        expect(byNode.get('Finance')?.[1]).toContain('Zhao Min');
        expect([...byNode.keys()]).toContain('Submit');
        // Times print in the template's zone, as in the PDF.
        expect(byNode.get('Manager')?.[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('draws a placeholder process without an instance (designer preview)', async () => {
    const pdf = await print({ kind: 'approval', definition: fixture('purchase.definition') }, { direction: 'TB' });
    const text = flat(pdfText(pdf));
    // The purchase approval is in Chinese: the placeholder speaks its language.
    for (const label of ['审批节点 1', '审批节点 2', '申请人', '审批人']) expect(text).toContain(label);
  }, 120_000);
});
