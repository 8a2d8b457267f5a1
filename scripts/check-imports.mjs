#!/usr/bin/env node
// `npm run lint` step: fails when an import crosses an area boundary (see import-rules.mjs).
import { checkImportBoundaries } from './import-rules.mjs';

const violations = checkImportBoundaries(process.cwd());
if (violations.length > 0) {
  console.error(`Import boundary violations (${violations.length}):`);
  for (const v of violations) console.error(`  ${v}`);
  process.exit(1);
}
console.log('Import boundaries: ok');
