import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TYPST_LIB } from './lib.generated';

describe('lib.generated.ts', () => {
  it('holds exactly lib.typ (regenerate: npx tsx src/render/typst/embed-lib.ts)', () => {
    expect(TYPST_LIB).toBe(readFileSync(new URL('lib.typ', import.meta.url), 'utf8'));
  });
});
