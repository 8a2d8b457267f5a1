import { describe, expect, it } from 'vitest';
import { safeInternalPath, signinHref } from './session';

describe('safeInternalPath', () => {
  it('keeps in-app paths with their query', () => {
    expect(safeInternalPath('/home/base?x=1')).toBe('/home/base?x=1');
  });

  it('refuses anything that could leave the app', () => {
    for (const bad of ['https://evil.test', '//evil.test/x', '/\\evil.test', 'home', '', undefined, 42]) {
      expect(safeInternalPath(bad, '/fallback')).toBe('/fallback');
    }
  });

  it('refuses paths a browser would turn into another host (tabs, newlines, spaces, backslashes)', () => {
    for (const bad of [
      '/\t/evil.test',
      '/\n/evil.test',
      '/\r\n/evil.test',
      '/ /evil.test',
      '/\u3000/evil.test',
      '/x\\y',
    ]) {
      expect(safeInternalPath(bad, '/fallback')).toBe('/fallback');
    }
    expect(safeInternalPath('/o/team_1/settings/members?tab=2#x')).toBe('/o/team_1/settings/members?tab=2#x');
    expect(safeInternalPath('/%2F%2Fevil.test')).toBe('/%2F%2Fevil.test');
  });
});

describe('signinHref', () => {
  it('sends the standard table to /auth/signin with the target', () => {
    expect(signinHref({ context: 'standard', target: '/home/base?tab=2' })).toBe(
      '/auth/signin?target=%2Fhome%2Fbase%3Ftab%3D2',
    );
  });

  it('carries the host user id and cancel target for the base plugin', () => {
    const href = signinHref({ context: 'standard', target: '/baseplugin', userId: 'u1', cancelTarget: '/canceled' });
    const params = new URL(href, 'http://x').searchParams;
    expect(params.get('userId')).toBe('u1');
    expect(params.get('cancelTarget')).toBe('/canceled');
  });

  it('sends the open table to /login', () => {
    expect(signinHref({ context: 'open', target: '/o' })).toBe('/login?target=%2Fo');
  });
});
