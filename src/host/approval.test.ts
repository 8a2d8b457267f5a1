import { describe, expect, it } from 'vitest';
import { approvalLanguage } from './approval';

describe('approval languages', () => {
  it('keeps zh-CN, en-US and ja-JP and falls back for the rest', () => {
    expect(approvalLanguage('zh-CN')).toBe('zh-CN');
    expect(approvalLanguage('zh_TW')).toBe('zh-CN');
    expect(approvalLanguage('zh-HK')).toBe('zh-CN');
    expect(approvalLanguage('ja')).toBe('ja-JP');
    expect(approvalLanguage('JA-jp')).toBe('ja-JP');
    expect(approvalLanguage('en-GB')).toBe('en-US');
    expect(approvalLanguage('de-DE')).toBe('en-US');
    expect(approvalLanguage(undefined)).toBe('en-US');
  });
});
