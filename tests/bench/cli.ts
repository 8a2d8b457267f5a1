/**
 * CLI start (issue 28): CPU and wall time of `quire` as a user runs it (`node scripts/quire.mjs`,
 * what `npx quire` and `npm run quire` start) — help, one invoice with the native engine, one canvas
 * (pdfme designer) invoice. CPU is user + system of the child process as /usr/bin/time counts it
 * (other load on the machine barely moves it; wall time it does), the median of CLI_RUNS runs after
 * one run that builds the bundle if the sources changed. Writes cli.json and cli.md into
 * BENCH_OUT_DIR (default bench/).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchOutDir, percentile, round, writeBenchJson } from './stats';

const ROOT = new URL('../../', import.meta.url).pathname;
const RUNS = Number(process.env.CLI_RUNS ?? 5);
const TIME = '/usr/bin/time';

interface Case {
  name: string;
  args: string[];
  /** Issue 28's goal, CPU seconds. */
  goal: number;
}

function cases(out: string): Case[] {
  const canvas = join(ROOT, 'src/render/canvas/__fixtures__/pdfme');
  return [
    { name: 'help', args: ['help'], goal: 0.3 },
    {
      name: 'one invoice, native engine',
      args: [
        'render',
        join(ROOT, 'tests/fixtures/invoice/template.json'),
        '--data',
        join(ROOT, 'tests/fixtures/invoice/data.json'),
        '--out',
        join(out, 'invoice.pdf'),
        '--engine',
        'native',
      ],
      goal: 1,
    },
    {
      name: 'one canvas invoice (pdfme designer template)',
      args: [
        'render',
        join(canvas, 'expressions.template.json'),
        '--data',
        join(canvas, 'expressions.inputs.json'),
        '--out',
        join(out, 'canvas.pdf'),
      ],
      goal: 1.5,
    },
  ];
}

/** One run: CPU seconds (user + system) and wall seconds of the child. */
function run(args: string[]): { cpu: number; wall: number } {
  const launcher = join(ROOT, 'scripts/quire.mjs');
  const started = performance.now();
  const result = spawnSync(TIME, ['-f', 'QUIRE_TIME %U %S %e', process.execPath, launcher, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`quire ${args.join(' ')} failed:\n${result.stderr}`);
  const line = result.stderr.split('\n').find((l) => l.startsWith('QUIRE_TIME '));
  const [user, system] = (line ?? '').split(' ').slice(1).map(Number);
  return { cpu: (user ?? Number.NaN) + (system ?? Number.NaN), wall };
}

export async function runCliBench() {
  if (!existsSync(TIME)) throw new Error(`${TIME} is needed to count a child's CPU time`);
  const out = mkdtempSync(join(tmpdir(), 'quire-cli-bench-'));
  try {
    const loadAtStart = loadavg().map((x) => round(x, 2));
    const figures = cases(out).map((c) => {
      run(c.args); // builds the bundle when the sources changed; never timed
      const runs = Array.from({ length: RUNS }, () => run(c.args));
      const cpu = percentile(
        runs.map((r) => r.cpu),
        50,
      );
      const wall = percentile(
        runs.map((r) => r.wall),
        50,
      );
      return {
        name: c.name,
        cpuSecondsMedian: round(cpu, 2),
        wallSecondsMedian: round(wall, 2),
        goalCpuSeconds: c.goal,
        met: cpu < c.goal,
      };
    });
    return {
      date: new Date().toISOString(),
      runs: RUNS,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadavg().map((x) => round(x, 2)),
      figures,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export function cliMarkdown(r: Awaited<ReturnType<typeof runCliBench>>): string {
  return [
    `# CLI start (issue 28) — ${r.date}`,
    '',
    `\`node scripts/quire.mjs …\` (what \`npx quire\` / \`npm run quire\` start), median of ${r.runs} runs. Load average ${r.loadAverageAtStart.join(' / ')} at start, ${r.loadAverageAtEnd.join(' / ')} at end (2 shared cores: wall time is inflated by the load, CPU time much less).`,
    '',
    '| Command | CPU s (median) | Wall s (median) | Goal (CPU s) | |',
    '|---|---:|---:|---:|---|',
    ...r.figures.map(
      (f) =>
        `| ${f.name} | ${f.cpuSecondsMedian} | ${f.wallSecondsMedian} | < ${f.goalCpuSeconds} | ${f.met ? 'met' : 'not met'} |`,
    ),
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCliBench().then(
    (result) => {
      const dir = benchOutDir();
      writeBenchJson(join(dir, 'cli.json'), result);
      const md = cliMarkdown(result);
      writeFileSync(join(dir, 'cli.md'), md);
      console.log(md);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
