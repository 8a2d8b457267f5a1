#!/usr/bin/env node
// Bundles one Node worker entry (TypeScript) into a single ES module, so a worker thread starts
// without tsx transforming every file at start (workers/worker-bundle.ts calls this on a cache
// miss). Packages stay imports (the bundle sits inside the project, so they resolve as before);
// each module's `import.meta.url` becomes its source file's URL, so paths relative to the source
// (createRequire, `new URL('./x.ts', import.meta.url)`) mean what they meant unbundled.
//
// `node scripts/bundle-worker.mjs <entry.ts> <cache dir> <name>`: writes <dir>/<name>-<hash>/ (the
// entry as index.mjs; modules imported dynamically, such as the Office exporters, stay chunks
// loaded when used) and <dir>/<name>.json, which lists the folder and the bundle's inputs with
// their SHA-1; the caller checks them before reusing the bundle.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const sourceUrls = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replace(/\bimport\.meta\.url\b/g, url), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

const sha1 = (bytes) => createHash('sha1').update(bytes).digest('hex');

const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Every package stays an import except those named in `inline`: pure-JS packages made of many
 * small files (pdf-lib, zod) load several times faster from one bundled file than file by file.
 * Packages that read files beside themselves (fonts, WASM, native addons) must stay imports.
 */
function packagesExcept(inline) {
  return {
    name: 'external-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:')) return { external: true };
        // What an inlined package imports (tslib, pako…) is inlined with it: it may live in that
        // package's own node_modules, out of the bundle's reach.
        if (args.importer.includes('/node_modules/')) return undefined;
        return inline.has(packageName(args.path)) ? undefined : { external: true };
      });
    },
  };
}

// CommonJS code inlined into an ES module still calls require() for Node's own modules.
const REQUIRE_BANNER =
  "import { createRequire as __quireCreateRequire } from 'node:module'; const require = __quireCreateRequire(import.meta.url);";

/** Bundles `entry`; returns the manifest written to `<dir>/<name>.json`. `inline`: packages bundled in. */
export async function bundleWorker(entry, dir, name, { inline = [], minify = false } = {}) {
  mkdirSync(dir, { recursive: true });
  // Built in a folder of its own and renamed: processes starting workers at once never read half a bundle.
  const tmp = join(dir, `${name}.${process.pid}.tmp`);
  rmSync(tmp, { recursive: true, force: true });
  const result = await build({
    entryPoints: { index: entry },
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Inlined packages from their ES module builds where they have one: unused exports drop out
    // (lucide's icons, which @pdfme's UI code imports, are thousands of them in the CommonJS build).
    ...(inline.length ? { banner: { js: REQUIRE_BANNER }, mainFields: ['module', 'main'] } : { packages: 'external' }),
    outdir: tmp,
    outExtension: { '.js': '.mjs' },
    metafile: true,
    // Less text for V8 to scan at each start; names kept so stack traces still read.
    ...(minify ? { minifyWhitespace: true, minifySyntax: true } : {}),
    logLevel: 'silent',
    plugins: inline.length ? [packagesExcept(new Set(inline)), sourceUrls] : [sourceUrls],
  });
  const files = [
    ...Object.keys(result.metafile.inputs).map((p) => (isAbsolute(p) ? p : join(ROOT, p))),
    join(ROOT, 'tsconfig.json'),
    fileURLToPath(import.meta.url),
  ];
  const inputs = Object.fromEntries(files.map((f) => [f, sha1(readFileSync(f))]));
  const folder = `${name}-${sha1(JSON.stringify(inputs)).slice(0, 12)}`;
  if (existsSync(join(dir, folder))) rmSync(tmp, { recursive: true, force: true });
  else renameSync(tmp, join(dir, folder));
  const manifest = { entry, folder, inputs };
  const manifestTmp = join(dir, `${name}.${process.pid}.tmp.json`);
  writeFileSync(manifestTmp, JSON.stringify(manifest));
  renameSync(manifestTmp, join(dir, `${name}.json`));
  prune(dir, name, folder);
  return manifest;
}

/** Keeps the newest few bundles of an entry (a process may still be starting workers from one). */
function prune(dir, name, current) {
  const old = readdirSync(dir)
    .filter((f) => f.startsWith(`${name}-`) && f !== current && !f.endsWith('.tmp'))
    .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of old.slice(2)) rmSync(join(dir, f), { recursive: true, force: true });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [entry, dir, name] = process.argv.slice(2);
  if (!entry || !dir || !name) {
    console.error('usage: node scripts/bundle-worker.mjs <entry.ts> <cache dir> <name>');
    process.exit(2);
  }
  await bundleWorker(entry, dir, name);
}
