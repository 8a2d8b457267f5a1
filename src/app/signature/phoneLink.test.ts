import { describe, expect, it } from 'vitest';
import { isGone, linkToken, phoneLink } from './phoneLink';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012_-9';

describe('the QR signing link', () => {
  it('points the phone at this site’s QR screen with the token, and reads it back', () => {
    const link = phoneLink('https://quire.example:8443', TOKEN);
    expect(link).toBe(`https://quire.example:8443/signature/qr?link=${TOKEN}`);
    expect(linkToken(new URL(link).search)).toBe(TOKEN);
  });

  it('takes no token of another shape: the page is then the desktop’s', () => {
    for (const search of ['', '?link=', '?link=short', `?link=${TOKEN}x`, `?link=${TOKEN.slice(1)}%2F`, '?other=1']) {
      expect(linkToken(search), search).toBeUndefined();
    }
  });

  it('counts only a 404 as a used or expired link', () => {
    expect(isGone({ status: 404 })).toBe(true);
    expect(isGone({ status: 0 })).toBe(false);
    expect(isGone(new Error('offline'))).toBe(false);
  });
});
