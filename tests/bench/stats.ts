import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Writes a benchmark's figures as pretty JSON, creating the folder. */
export function writeBenchJson(path: string, result: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
}

/** Runs a browser bench when its file is the entry point, printing its markdown table. */
export function runWhenMain<R>(moduleUrl: string, run: () => Promise<R>, table: (result: R) => string): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  run()
    .then((result) => console.log(`\n${table(result)}\n`))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}

/** Where a benchmark writes its figures: bench/, or BENCH_OUT_DIR (`npm run bench -- --quick`). */
export function benchOutDir(): string {
  return process.env.BENCH_OUT_DIR ?? join(new URL('../../', import.meta.url).pathname, 'bench');
}
