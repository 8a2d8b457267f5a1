/**
 * One document per script the UI languages need: every character must have a glyph in the
 * shipped fonts (checked against the fonts' cmaps), come back from the PDF as the same text, and
 * be set in the expected embedded family. Bold and italic use their own faces.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderPdf } from '../../src/render/render-pdf';
import type { TypstEngine } from '../../src/render/typst/engine';
import { fontCodePoints } from '../../wasm/font-coverage';
import { type FontGroup, fontGroupsForText } from '../../wasm/fonts';
import { loadFontGroupFromNodeModules } from '../../wasm/fonts-node';
import { bold, content, fullRow, p, page, richText, text, variable } from '../fixtures/builders';
import { compareWithRefs, flat, pdfFonts, pdfText, sharedEngine, TOLERANCE } from './harness';

const SAMPLES: { name: string; lang: string; text: string; font: string }[] = [
  {
    name: 'chinese-simplified',
    lang: 'zh-CN',
    text: '增值税发票 北京市朝阳区建国路 合计金额 壹仟贰佰元整 龘',
    font: 'NotoSansSC',
  },
  {
    name: 'chinese-traditional',
    lang: 'zh-TW',
    text: '統一發票 臺北市信義區 營業稅 總計 謝謝惠顧',
    font: 'NotoSansTC',
  },
  {
    name: 'japanese',
    lang: 'ja-JP',
    text: 'ご請求書 株式会社東京商事 お支払い期限 カタカナ ひらがな 髙橋',
    font: 'NotoSansJP',
  },
  { name: 'korean', lang: 'ko-KR', text: '청구서 서울특별시 강남구 테헤란로 합계 금액 감사합니다', font: 'NotoSansKR' },
  { name: 'thai', lang: 'th-TH', text: 'ใบแจ้งหนี้ กรุงเทพมหานคร ยอดรวม ภาษีมูลค่าเพิ่ม ขอบคุณครับ', font: 'NotoSansThai' },
  {
    name: 'russian',
    lang: 'ru-RU',
    text: 'Счёт-фактура № 42 Москва, ул. Тверская Итого к оплате: Ёлка',
    font: 'NotoSans',
  },
  {
    name: 'vietnamese',
    lang: 'vi-VN',
    text: 'Hóa đơn Thành phố Hồ Chí Minh Tổng cộng thanh toán Nguyễn Thị Ánh Tuyết ỹ Ữ',
    font: 'NotoSans',
  },
];

let engine: TypstEngine;
const coverage = new Map<FontGroup, ((cp: number) => boolean)[]>();

async function covers(group: FontGroup): Promise<(cp: number) => boolean> {
  if (!coverage.has(group)) coverage.set(group, (await loadFontGroupFromNodeModules(group)).map(fontCodePoints));
  const faces = coverage.get(group)!;
  return (cp) => faces.every((has) => has(cp));
}

beforeAll(async () => {
  engine = await sharedEngine();
});

describe.each(SAMPLES)('$name', (sample) => {
  let pdf: Uint8Array;

  beforeAll(async () => {
    const template = content(
      [
        page('p', [
          fullRow(
            'r',
            richText('t', [p(bold('Title: ')), p(variable('body')), p(variable('body', [], { bold: true }))]),
          ),
        ]),
      ],
      {
        settings: {
          lang: sample.lang,
          fontSize: 11,
          defaultMarginBottom: '0',
          defaultLineHeight: 1.5,
          timeZone: 'Asia/Shanghai',
          pdf: { showPageNumber: false, pageNumberAlign: 'center', pageNumberPosition: 'top' },
          exportFileType: 'ALL',
        },
      },
    );
    pdf = await renderPdf(template, { body: sample.text }, { engine });
  });

  it('has a glyph for every character in the fonts it loads (regular and bold)', async () => {
    const groups = fontGroupsForText(sample.text, sample.lang);
    const checks = await Promise.all(groups.map(covers));
    const missing = [...sample.text].filter((ch) => ch.trim() && !checks.some((has) => has(ch.codePointAt(0)!)));
    expect(missing).toEqual([]);
  });

  it('round-trips the text and embeds the expected family', () => {
    // Word by word: poppler sometimes repeats a Thai cluster at a line end when extracting.
    const extracted = flat(pdfText(pdf));
    for (const word of sample.text.split(' ')) expect(extracted).toContain(word);
    const fonts = pdfFonts(pdf);
    expect(fonts.some((f) => f.name.includes(`+${sample.font}-`))).toBe(true);
    expect(fonts.every((f) => f.embedded && f.unicode)).toBe(true);
  });

  it('matches the reference page image', () => {
    for (const page of compareWithRefs(`script-${sample.name}`, pdf)) {
      expect(page.missing, `${page.ref} is missing`).toBe(false);
      expect(page.ratio).toBeLessThanOrEqual(TOLERANCE);
    }
  });
});

describe('bold and italic', () => {
  it('use the bold, italic and bold-italic faces', async () => {
    const template = content([
      page('p', [
        fullRow(
          'r',
          richText('t', [
            p(
              text('plain '),
              bold('bold '),
              text('italic ', { italic: true }),
              text('both', { bold: true, italic: true }),
            ),
          ]),
        ),
      ]),
    ]);
    const pdf = await renderPdf(template, {}, { engine });
    const names = pdfFonts(pdf).map((f) => f.name.split('+')[1]);
    expect(names).toEqual(
      expect.arrayContaining(['NotoSans-Regular', 'NotoSans-Bold', 'NotoSans-Italic', 'NotoSans-BoldItalic']),
    );
    expect(flat(pdfText(pdf))).toBe('plain bold italic both');
  });
});
