// Import boundaries of ARCHITECTURE.md, checked on every `npm run lint`.
// Biome's noRestrictedImports forbids packages inside src/core; this script adds what a
// package-name rule cannot see: relative imports that cross area boundaries.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Packages the pure core may never import (UI, storage, workers, Node I/O). */
const CORE_FORBIDDEN_PACKAGES = [
  /^react(-dom)?(\/|$)/,
  /^dexie/,
  /^comlink/,
  /^jotai/,
  /^@tanstack\//,
  /^i18next/,
  /^react-i18next/,
  /^workbox-/,
  /^slate/,
  /^node:/,
  /^(fs|path|os|child_process|worker_threads|crypto|url|stream)$/,
];

/** Areas the renderer may not reach: it runs in workers and Node, with no UI and no IndexedDB. */
const RENDER_FORBIDDEN_PACKAGES = [/^react(-dom)?(\/|$)/, /^dexie/, /^jotai/, /^@tanstack\/react/, /^slate/];

const SOURCE_ROOTS = ['src', 'workers', 'wasm', 'service-worker', 'tests', 'scripts'];
const IMPORT_PATTERN =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function listSourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  const files = [];
  for (const name of entries) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...listSourceFiles(path));
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

function importsOf(source) {
  const specs = [];
  for (const match of source.matchAll(IMPORT_PATTERN)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (spec) specs.push(spec);
  }
  return specs;
}

const isInside = (path, folder) => path === folder || path.startsWith(folder + sep);

/**
 * Returns one violation message per forbidden import under `root`.
 * Test files are held to the same rules as the code beside them.
 */
export function checkImportBoundaries(root) {
  const appDir = resolve(root, 'src/app');
  const coreDir = resolve(root, 'src/core');
  const renderDir = resolve(root, 'src/render');
  const wasmDir = resolve(root, 'wasm');
  const fixturesDir = resolve(root, 'tests/fixtures');
  const violations = [];
  const files = SOURCE_ROOTS.flatMap((folder) => listSourceFiles(resolve(root, folder)));
  for (const file of files) {
    const specs = importsOf(readFileSync(file, 'utf8'));
    const where = relative(root, file);
    const isTest = /\.test\.tsx?$/.test(file);
    for (const spec of specs) {
      const target = spec.startsWith('.') ? resolve(dirname(file), spec) : undefined;
      // Tests may read the shared fixtures from any area.
      if (isTest && target && isInside(target, fixturesDir)) continue;
      if (isInside(file, coreDir)) {
        if (target && !isInside(target, coreDir))
          violations.push(`${where}: src/core is pure and may only import from src/core, not '${spec}'`);
        if (!target && CORE_FORBIDDEN_PACKAGES.some((re) => re.test(spec)))
          violations.push(`${where}: src/core is pure and may not import '${spec}'`);
      }
      if (isInside(file, renderDir)) {
        const allowed = [renderDir, coreDir, wasmDir].some((dir) => target && isInside(target, dir));
        if (target && !allowed)
          violations.push(`${where}: src/render may only import src/core, wasm/ and itself, not '${spec}'`);
        if (!target && RENDER_FORBIDDEN_PACKAGES.some((re) => re.test(spec)))
          violations.push(`${where}: src/render runs in workers and Node and may not import '${spec}'`);
      }
      if (target && isInside(target, appDir) && !isInside(file, appDir) && !file.endsWith(`${sep}src${sep}main.tsx`)) {
        violations.push(`${where}: nothing outside src/app may import from src/app ('${spec}')`);
      }
    }
  }
  return violations;
}
