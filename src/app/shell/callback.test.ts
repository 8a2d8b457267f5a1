import { describe, expect, it, vi } from 'vitest';
import { hasCallbackParam, postCallbackIfRequested } from './callback';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('_callback', () => {
  it('posts the whole URL to Quire itself, the path alone to each host origin, named, never to *', async () => {
    const postMessage = vi.fn();
    const href = 'https://quire.test/auth/callback?code=1&_callback=1';
    const posted = postCallbackIfRequested(
      { location: { href, search: '?code=1&_callback=1' }, parent: { postMessage } },
      async () => ['https://quire.test', 'https://host.example'],
    );
    expect(posted).toBe(true);
    await flush();
    expect(postMessage.mock.calls).toEqual([
      [{ type: 'callback', url: href }, 'https://quire.test'],
      // A host gets where the round trip ended, never its sign-in code.
      [{ type: 'callback', url: 'https://quire.test/auth/callback' }, 'https://host.example'],
    ]);
    expect(postMessage.mock.calls.some((call) => call[1] === '*')).toBe(false);
  });

  it('posts nothing when no origin is configured, and still does not render', async () => {
    const postMessage = vi.fn();
    const posted = postCallbackIfRequested(
      { location: { href: 'https://q/?_callback', search: '?_callback' }, parent: { postMessage } },
      async () => [],
    );
    expect(posted).toBe(true);
    await flush();
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('does nothing without the parameter', () => {
    const postMessage = vi.fn();
    const origins = vi.fn(async () => ['https://host.example']);
    const posted = postCallbackIfRequested(
      { location: { href: 'x', search: '?callback=1' }, parent: { postMessage } },
      origins,
    );
    expect(posted).toBe(false);
    expect(origins).not.toHaveBeenCalled();
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('accepts an empty value', () => {
    expect(hasCallbackParam('?_callback')).toBe(true);
    expect(hasCallbackParam('')).toBe(false);
  });
});
