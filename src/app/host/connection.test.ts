import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { hostTargets, userMismatch } from './connection';

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

describe('the start URL’s userId and hello’s', () => {
  const hello = { user: { userId: 'u-1' } };
  it('agreeing, or no userId in the URL, say nothing', () => {
    expect(userMismatch('?userId=u-1&lng=en-US', hello)).toBeUndefined();
    expect(userMismatch('?lng=en-US', hello)).toBeUndefined();
  });
  it('differing, name both and which one gates sign-in', () => {
    expect(userMismatch('?userId=u-2', hello)).toBe(
      'hello\'s user.userId "u-1" differs from the start URL\'s userId "u-2": the URL\'s gates sign-in',
    );
  });
});
