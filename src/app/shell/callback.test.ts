import { describe, expect, it, vi } from 'vitest';
import { hasCallbackParam, postCallbackIfRequested } from './callback';

describe('_callback', () => {
  it('posts the current URL to the parent when the parameter is present', () => {
    const postMessage = vi.fn();
    const href = 'https://quire.test/auth/callback?code=1&_callback=1';
    const posted = postCallbackIfRequested({
      location: { href, search: '?code=1&_callback=1' },
      parent: { postMessage },
    });
    expect(posted).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ type: 'callback', url: href }, '*');
  });

  it('does nothing without the parameter', () => {
    const postMessage = vi.fn();
    const posted = postCallbackIfRequested({ location: { href: 'x', search: '?callback=1' }, parent: { postMessage } });
    expect(posted).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('accepts an empty value', () => {
    expect(hasCallbackParam('?_callback')).toBe(true);
    expect(hasCallbackParam('')).toBe(false);
  });
});
