import { describe, expect, it } from 'vitest';
import { fontCodePoints } from './font-coverage';
import { fontFamilies, fontGroupsForText } from './fonts';
import { loadFontGroupFromNodeModules } from './fonts-node';

describe('fontGroupsForText', () => {
  it('loads only Latin for Latin, Vietnamese and Cyrillic text', () => {
    expect(fontGroupsForText('Invoice Nguyễn Thị Ánh — Счёт №42', 'en-US')).toEqual(['latin']);
  });

  it('adds Thai, Korean and Japanese by script', () => {
    expect(fontGroupsForText('สวัสดี', 'en-US')).toEqual(['latin', 'thai']);
    expect(fontGroupsForText('청구서', 'en-US')).toEqual(['latin', 'kr']);
    expect(fontGroupsForText('ひらがな', 'en-US')).toEqual(['latin', 'jp']);
  });

  it('picks the Han family from the language, with SC as the widest fallback', () => {
    expect(fontGroupsForText('发票', 'zh-CN')).toEqual(['latin', 'sc']);
    expect(fontGroupsForText('發票', 'zh-TW')).toEqual(['latin', 'sc', 'tc']);
    expect(fontGroupsForText('請求書', 'ja-JP')).toEqual(['latin', 'sc', 'jp']);
  });

  it('orders families: Latin, Thai, the language’s CJK family, then the rest', () => {
    expect(fontFamilies(['latin', 'sc', 'tc'], 'zh-TW')).toEqual(['Noto Sans', 'Noto Sans TC', 'Noto Sans SC']);
    expect(fontFamilies(['latin', 'sc', 'jp'], 'ja-JP')).toEqual(['Noto Sans', 'Noto Sans JP', 'Noto Sans SC']);
  });
});

describe('shipped fonts', () => {
  it('cover Vietnamese and Cyrillic in all four Latin faces', async () => {
    const faces = (await loadFontGroupFromNodeModules('latin')).map(fontCodePoints);
    expect(faces).toHaveLength(4);
    for (const ch of 'ẠặỹỮđĐЁёЖжЩщ') for (const has of faces) expect(has(ch.codePointAt(0)!)).toBe(true);
  });

  it('report a missing glyph', async () => {
    const [regular] = (await loadFontGroupFromNodeModules('latin')).map(fontCodePoints);
    expect(regular!('发'.codePointAt(0)!)).toBe(false);
  });
});
