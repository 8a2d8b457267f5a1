import { describe, expect, it } from 'vitest';
import { detectLanguage, matchLanguage, SUPPORTED_LANGUAGES } from './languages';

describe('matchLanguage', () => {
  it('accepts every supported tag in any case', () => {
    for (const lng of SUPPORTED_LANGUAGES) {
      expect(matchLanguage(lng.toLowerCase())).toBe(lng);
      expect(matchLanguage(lng.replace('-', '_'))).toBe(lng);
    }
  });

  it('maps bare and script tags to a shipped region', () => {
    expect(matchLanguage('ja')).toBe('ja-JP');
    expect(matchLanguage('zh')).toBe('zh-CN');
    expect(matchLanguage('zh-Hant')).toBe('zh-TW');
    expect(matchLanguage('zh-Hant-HK')).toBe('zh-TW');
    expect(matchLanguage('zh-HK')).toBe('zh-HK');
    expect(matchLanguage('pt')).toBe('pt-BR');
    expect(matchLanguage('pt-PT')).toBe('pt-BR');
    expect(matchLanguage('en-GB')).toBe('en-US');
    expect(matchLanguage('de-AT')).toBe('de-DE');
  });

  it('rejects languages Quire does not ship', () => {
    expect(matchLanguage('sv-SE')).toBeUndefined();
    expect(matchLanguage('')).toBeUndefined();
    expect(matchLanguage(null)).toBeUndefined();
  });
});

describe('detectLanguage', () => {
  it('prefers the query parameter over the saved choice and the browser', () => {
    expect(detectLanguage({ query: 'ja-JP', stored: 'de-DE', browser: ['fr-FR'] })).toBe('ja-JP');
  });

  it('uses the saved choice when the query is absent or unsupported', () => {
    expect(detectLanguage({ query: 'xx', stored: 'de-DE', browser: ['fr-FR'] })).toBe('de-DE');
  });

  it('falls through the browser list and ends at en-US', () => {
    expect(detectLanguage({ browser: ['sv', 'ko'] })).toBe('ko-KR');
    expect(detectLanguage({ browser: ['sv'] })).toBe('en-US');
    expect(detectLanguage({})).toBe('en-US');
  });
});
