import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { hostTargets } from './connection';

const QUIRE = 'https://quire.test';
const HOST = 'https://host.test';

describe('which framing page is a host', () => {
  it('talks to the configured origins other than its own', () => {
    expect(hostTargets([QUIRE, HOST], QUIRE, HOST)).toEqual([HOST]);
    expect(hostTargets([QUIRE, HOST], QUIRE, undefined)).toEqual([HOST]);
  });

  it('is not in a host when framed by an unconfigured page or with no host configured', () => {
    const notInHost = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return isQuireError(error, 'NotInHost');
      }
      return false;
    };
    expect(notInHost(() => hostTargets([QUIRE, HOST], QUIRE, 'https://evil.test'))).toBe(true);
    expect(notInHost(() => hostTargets([QUIRE], QUIRE, QUIRE))).toBe(true);
    expect(notInHost(() => hostTargets([], QUIRE, undefined))).toBe(true);
  });
});
