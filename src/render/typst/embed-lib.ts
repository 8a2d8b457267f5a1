/**
 * Regenerates `lib.generated.ts` from `lib.typ` so the library ships as a string in every bundle
 * (Vite, tsx, workers) without loader plugins. Run: `npx tsx src/render/typst/embed-lib.ts`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function embedLibSource(typ: string): string {
  return `// Generated from lib.typ by embed-lib.ts — edit lib.typ, then run: npx tsx src/render/typst/embed-lib.ts\nexport const TYPST_LIB = ${JSON.stringify(typ)};\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = new URL('.', import.meta.url);
  const typ = readFileSync(new URL('lib.typ', dir), 'utf8');
  const out = new URL('lib.generated.ts', dir);
  writeFileSync(out, embedLibSource(typ));
  // In the project's own format, so `npm run lint` passes on a regenerated file.
  execFileSync('npx', ['biome', 'format', '--write', fileURLToPath(out)], { stdio: 'inherit' });
}
