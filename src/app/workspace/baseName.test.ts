import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { baseLabel, DEFAULT_BASE_NAME } from './baseName';

const t = ((key: string) => `«${key}»`) as unknown as TFunction<'workspace'>;

describe('base names as shown', () => {
  it('translates the names Quire gives, keeps the names users give', () => {
    expect(baseLabel({ name: 'Demo workspace', isDemo: true }, t)).toBe('«home.demoBase»');
    expect(baseLabel({ name: DEFAULT_BASE_NAME }, t)).toBe('«home.myBase»');
    expect(baseLabel({ name: 'Acme orders' }, t)).toBe('Acme orders');
    expect(baseLabel({ name: 'Renamed demo', isDemo: true }, t)).toBe('Renamed demo');
  });
});
