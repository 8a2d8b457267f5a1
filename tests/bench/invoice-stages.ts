/**
 * Where one invoice's time goes, in process: CPU ms per stage (prepare, resolve, JSON, font groups,
 * Typst compile + PDF write) for the invoice fixture with 20 rows (invoice-records.ts), WASM and
 * native engines, each record a new one (so the compile is never a cache hit). Also the warm
 * edit → preview render: the template text changes (a heading's words) per run, as an edit does.
 *
 * The engine is warmed with STAGES_WARM records first (default 100): the WASM compiler's code is
 * compiled lazily and tiered up while it runs, so its first few dozen documents cost 2–10× more.
 *
 * `npx tsx tests/bench/invoice-stages.ts` (env STAGES_RUNS, default 60; STAGES_ENGINES=wasm,native).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createNodeEngine } from '../../src/render/node-engine';
import { documentText, prepareTemplate, renderPdf, resolveForPdf } from '../../src/render/render-pdf';
import type { TypstEngine } from '../../src/render/typst/engine';
import { fontFamilies, fontGroupsForText } from '../../wasm/fonts';
import { invoiceRecord } from './invoice-records';
import { percentile, round } from './stats';

const ROOT = new URL('../../', import.meta.url).pathname;
const RUNS = Number(process.env.STAGES_RUNS ?? 60);
const WARM = Number(process.env.STAGES_WARM ?? 100);
const ENGINES = (process.env.STAGES_ENGINES ?? 'wasm,native').split(',') as ('wasm' | 'native')[];
const templateText = readFileSync(join(ROOT, 'tests/fixtures/invoice/template.json'), 'utf8');
const template = JSON.parse(templateText);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const encoder = new TextEncoder();

async function stages(engine: TypstEngine) {
  const s = {
    prepare: [] as number[],
    resolve: [] as number[],
    fonts: [] as number[],
    json: [] as number[],
    compile: [] as number[],
    total: [] as number[],
  };
  for (let i = 0; i < WARM; i++) await renderPdf(template, invoiceRecord(50_000 + i), { engine });
  for (let i = 0; i < RUNS + 5; i++) {
    const record = invoiceRecord(1000 + i);
    const t0 = cpu();
    const content = prepareTemplate(template);
    const t1 = cpu();
    const { doc, assets } = await resolveForPdf(content, record, {});
    const t2 = cpu();
    const groups = fontGroupsForText(documentText(doc), content.settings.lang);
    doc.text.fonts = fontFamilies(groups, content.settings.lang);
    const t3 = cpu();
    const data = encoder.encode(JSON.stringify(doc));
    const t4 = cpu();
    await engine.compilePdf({ main: '/main.typ', files: { '/data.json': data, ...assets }, fontGroups: groups });
    const t5 = cpu();
    if (i < 5) continue;
    s.prepare.push(t1 - t0);
    s.resolve.push(t2 - t1);
    s.fonts.push(t3 - t2);
    s.json.push(t4 - t3);
    s.compile.push(t5 - t4);
    s.total.push(t5 - t0);
  }
  return Object.fromEntries(
    Object.entries(s).map(([k, v]) => [
      k,
      { p50: round(percentile(v, 50), 2), mean: round(v.reduce((a, b) => a + b, 0) / v.length, 2) },
    ]),
  );
}

/** An edit: the template text changes (a heading's words), then the preview renders it. */
async function preview(engine: TypstEngine) {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const record = invoiceRecord(7);
  for (let i = 0; i < RUNS + 5; i++) {
    const edited = templateText.replace('"text": "INVOICE"', `"text": "INVOICE ${i}"`);
    const t = performance.now();
    const c = cpu();
    await renderPdf(edited, record, { engine });
    if (i < 5) continue;
    times.push(performance.now() - t);
    cpuTimes.push(cpu() - c);
  }
  return {
    wallP50: round(percentile(times, 50), 2),
    cpuP50: round(percentile(cpuTimes, 50), 2),
    cpuMean: round(cpuTimes.reduce((a, b) => a + b, 0) / cpuTimes.length, 2),
  };
}

async function main() {
  process.stdout.write(
    `load ${loadavg()
      .map((x) => round(x, 2))
      .join(' / ')}\n`,
  );
  for (const kind of ENGINES) {
    const engine = await createNodeEngine(kind);
    const st = await stages(engine);
    process.stdout.write(`${kind} stages (CPU ms) ${JSON.stringify(st)}\n`);
    const pv = await preview(engine);
    process.stdout.write(`${kind} edit→render ${JSON.stringify(pv)}\n`);
    engine.dispose();
  }
  process.stdout.write(
    `load ${loadavg()
      .map((x) => round(x, 2))
      .join(' / ')}\n`,
  );
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
