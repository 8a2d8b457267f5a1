import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { FONT_FILES, type FontGroup, type FontGroupLoader } from './fonts';

const require = createRequire(import.meta.url);

/** Reads a group's TTF files from node_modules (CLI, tests, server). */
export const loadFontGroupFromNodeModules: FontGroupLoader = async (group: FontGroup) => {
  const files = FONT_FILES.filter((f) => f.group === group);
  return Promise.all(files.map(async (f) => new Uint8Array(await readFile(require.resolve(f.file)))));
};

/** Absolute paths of a group's font files (the native engine loads fonts by path). */
export function fontPathsForGroup(group: FontGroup): string[] {
  return FONT_FILES.filter((f) => f.group === group).map((f) => require.resolve(f.file));
}
