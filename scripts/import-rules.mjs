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
  /(?:^|[\s;])(import|export)(\s+type)?\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

/**
 * Which areas each area may import (ARCHITECTURE.md: core ← render ← workers/cli/server;
 * core ← storage/sync/api/host/i18n ← app; nothing imports the app). An area always may import
 * itself. `typeOnly` areas may be imported for their types alone (erased at build time).
 */
const AREA_RULES = {
  'src/core': { allow: [] },
  'src/render': { allow: ['src/core', 'wasm'] },
  wasm: { allow: ['src/core'] },
  workers: { allow: ['src/core', 'src/render', 'wasm'] },
  'src/storage': { allow: ['src/core'] },
  'src/api': { allow: ['src/core'] },
  'src/sync': { allow: ['src/core', 'src/api'] },
  'src/host': { allow: ['src/core'] },
  'src/i18n': { allow: ['src/core'] },
  'src/cli': { allow: ['src/core', 'src/render', 'workers', 'wasm'] },
  // The server's mail texts are the app's translation resources (src/i18n: languages, JSON, no React).
  'src/server': { allow: ['src/core', 'src/render', 'workers', 'wasm', 'src/api', 'src/i18n'] },
  'src/app': {
    allow: ['src/core', 'src/storage', 'src/sync', 'src/api', 'src/host', 'src/i18n', 'workers'],
    typeOnly: ['src/render'],
  },
  // The font cache's name and pattern (wasm/font-cache.ts), shared with the app's prefetch.
  'service-worker': { allow: ['wasm'] },
};
/** What tests may additionally reach: the shared fixtures and helpers, and the Node-side areas. */
const TEST_EXTRA = ['tests', 'src/render', 'src/cli', 'src/server', 'workers', 'wasm'];

/**
 * The folders of src/app by role (src/app/CONTEXT.md). Every folder is one of these; a folder not named
 * here is a feature, so a new folder is held to the feature rule without being listed anywhere.
 * - `routes` (and the files at the top of src/app: App, router) compose the screens: any folder.
 * - `services` is what features share (storage, printing, dialogs, sync, translations…): only itself.
 * - `shell` is the app's frame and controls (header, error page, layouts, select): itself and services.
 * - `styles` holds the app-wide style sheets, which main.tsx loads: nothing imports it.
 * - a feature (editor, canvas, office, preview, templates, workspace, host, platform, screens, sync…)
 *   imports itself, services and shell — never another feature.
 * Tests are held to the same rules as the code beside them.
 */
const APP_COMPOSITION = 'routes';
const APP_LAYERS = { services: [], shell: ['services'], styles: [] };
const APP_ROOT = '(root)';

/** What an app folder may import, beside itself; `undefined`: anything (composition). */
function appAllowed(folder) {
  if (folder === APP_COMPOSITION || folder === APP_ROOT) return undefined;
  return APP_LAYERS[folder] ?? ['services', 'shell'];
}

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
    const spec = match[3] ?? match[4] ?? match[5];
    if (spec) specs.push({ spec, typeOnly: Boolean(match[2]) });
  }
  return specs;
}

const isInside = (path, folder) => path === folder || path.startsWith(folder + sep);

function areaOf(root, path) {
  const rel = relative(root, path).split(sep).join('/');
  for (const area of Object.keys(AREA_RULES)) if (rel === area || rel.startsWith(`${area}/`)) return area;
  if (rel.startsWith('tests/')) return 'tests';
  return undefined;
}

/** The folder of src/app a path is in: its first segment, `(root)` for the files at the top. */
function appFolderOf(root, path) {
  const rel = relative(resolve(root, 'src/app'), path).split(sep);
  if (rel[0] === '..' || rel[0] === undefined) return undefined;
  return rel.length < 2 ? APP_ROOT : rel[0];
}

/**
 * Returns one violation message per forbidden import under `root`.
 * Test files are held to the same rules as the code beside them, but may also reach the shared
 * test fixtures and helpers and the Node-side areas (render, cli, workers).
 */
export function checkImportBoundaries(root) {
  const appDir = resolve(root, 'src/app');
  const coreDir = resolve(root, 'src/core');
  const renderDir = resolve(root, 'src/render');
  const violations = [];
  const files = SOURCE_ROOTS.flatMap((folder) => listSourceFiles(resolve(root, folder)));
  for (const file of files) {
    const where = relative(root, file);
    const isTest = /\.test\.tsx?$/.test(file);
    const area = areaOf(root, file);
    for (const { spec, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
      const target = spec.startsWith('.') ? resolve(dirname(file), spec) : undefined;
      if (isInside(file, coreDir) && !target && CORE_FORBIDDEN_PACKAGES.some((re) => re.test(spec)))
        violations.push(`${where}: src/core is pure and may not import '${spec}'`);
      if (isInside(file, renderDir) && !target && RENDER_FORBIDDEN_PACKAGES.some((re) => re.test(spec)))
        violations.push(`${where}: src/render runs in workers and Node and may not import '${spec}'`);
      if (!target) continue;
      if (isInside(target, appDir) && !isInside(file, appDir) && !file.endsWith(`${sep}src${sep}main.tsx`)) {
        violations.push(`${where}: nothing outside src/app may import from src/app ('${spec}')`);
        continue;
      }
      const targetArea = areaOf(root, target);
      if (area && AREA_RULES[area] && targetArea && targetArea !== area) {
        const rule = AREA_RULES[area];
        const allowed =
          rule.allow.includes(targetArea) ||
          (typeOnly && rule.typeOnly?.includes(targetArea)) ||
          (isTest && TEST_EXTRA.includes(targetArea));
        if (!allowed) {
          const list = [area, ...rule.allow].join(', ');
          violations.push(
            area === 'src/core'
              ? `${where}: src/core is pure and may only import from src/core, not '${spec}'`
              : `${where}: ${area} may only import ${list}${rule.typeOnly ? ` (types from ${rule.typeOnly.join(', ')})` : ''}, not '${spec}'`,
          );
        }
      }
      const from = appFolderOf(root, file);
      const to = isInside(target, appDir) ? appFolderOf(root, target) : undefined;
      const allowed = from && to && from !== to ? appAllowed(from) : undefined;
      if (allowed && !allowed.includes(to))
        violations.push(
          APP_LAYERS[from]
            ? `${where}: src/app/${from} may only import ${[from, ...allowed].join(', ')} of src/app, not '${spec}'`
            : `${where}: ${from} is a feature of src/app; features share code through src/app/services and the shell, not '${spec}'`,
        );
    }
  }
  return violations;
}
