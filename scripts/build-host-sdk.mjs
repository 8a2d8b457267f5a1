#!/usr/bin/env node
// The host SDK (src/host/sdk) as one self-contained ES module with no run-time dependencies: the
// same bundle Quire serves at /embed/quire-host.js (vite.config.ts) and the one the npm package
// in packages/quire-host ships (`npm pack` there runs this first). One build, two ways to get it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const here = dirname(fileURLToPath(import.meta.url));
const ENTRY = resolve(here, '../src/host/sdk/index.ts');
export const PACKAGE_OUTPUT = resolve(here, '../packages/quire-host/dist/quire-host.js');

/** The bundled module's text. */
export async function bundleHostSdk({ minify = true } = {}) {
  const build = await rolldown({ input: ENTRY, platform: 'browser' });
  try {
    const { output } = await build.generate({ format: 'esm', minify });
    return output[0].code;
  } finally {
    await build.close();
  }
}

/** Writes the package's module (readable, not minified: a host's own bundler minifies it). */
export async function buildHostSdkPackage(out = PACKAGE_OUTPUT) {
  const code = await bundleHostSdk({ minify: false });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `// quire-host: the Quire host SDK (docs/HOST-PROTOCOL.md). Built from src/host/sdk.\n${code}`);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = await buildHostSdkPackage(process.argv[2] ? resolve(process.argv[2]) : PACKAGE_OUTPUT);
  console.log(`host SDK written to ${out}`);
}
