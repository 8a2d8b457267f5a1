import { describe, expect, it } from 'vitest';
import { drawAt } from './inputIdle';

describe('drawAt', () => {
  it('goes ahead once input has been quiet for quietMs', () => {
    expect(drawAt(1000, 1010, 60, 400)).toBe(1060);
  });
  it('never waits past maxWaitMs after it started waiting', () => {
    expect(drawAt(1390, 1000, 60, 400)).toBe(1400);
  });
  it('does not wait when there was no recent input', () => {
    expect(drawAt(Number.NEGATIVE_INFINITY, 500, 60, 400)).toBe(Number.NEGATIVE_INFINITY);
  });
});
