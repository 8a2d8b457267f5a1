/**
 * The fonts Quire ships (TTF from npm `@expo-google-fonts/*`; nothing from a CDN), grouped so that
 * the large CJK families load only when a document's text needs them.
 */

export type FontGroup = 'latin' | 'thai' | 'sc' | 'tc' | 'jp' | 'kr';

export interface FontFile {
  group: FontGroup;
  /** Package-relative path under node_modules. */
  file: string;
}

const EXPO = '@expo-google-fonts';

export const FONT_FILES: readonly FontFile[] = [
  { group: 'latin', file: `${EXPO}/noto-sans/400Regular/NotoSans_400Regular.ttf` },
  { group: 'latin', file: `${EXPO}/noto-sans/700Bold/NotoSans_700Bold.ttf` },
  { group: 'latin', file: `${EXPO}/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf` },
  { group: 'latin', file: `${EXPO}/noto-sans/700Bold_Italic/NotoSans_700Bold_Italic.ttf` },
  { group: 'thai', file: `${EXPO}/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf` },
  { group: 'thai', file: `${EXPO}/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf` },
  { group: 'sc', file: `${EXPO}/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf` },
  { group: 'sc', file: `${EXPO}/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf` },
  { group: 'tc', file: `${EXPO}/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf` },
  { group: 'tc', file: `${EXPO}/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf` },
  { group: 'jp', file: `${EXPO}/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf` },
  { group: 'jp', file: `${EXPO}/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf` },
  { group: 'kr', file: `${EXPO}/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf` },
  { group: 'kr', file: `${EXPO}/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf` },
];

/** Typst family name of each group (as written in the fonts' name tables). */
export const FONT_FAMILY: Record<FontGroup, string> = {
  latin: 'Noto Sans',
  thai: 'Noto Sans Thai',
  sc: 'Noto Sans SC',
  tc: 'Noto Sans TC',
  jp: 'Noto Sans JP',
  kr: 'Noto Sans KR',
};

/** Loads the bytes of every font file of one group. Node reads node_modules; browsers fetch bundled URLs. */
export type FontGroupLoader = (group: FontGroup) => Promise<Uint8Array[]>;

function hanGroup(lang: string): FontGroup {
  const l = lang.toLowerCase();
  if (l.startsWith('ja')) return 'jp';
  if (l === 'zh-tw' || l === 'zh-hk' || l.startsWith('zh-hant')) return 'tc';
  if (l.startsWith('ko')) return 'kr';
  return 'sc';
}

/**
 * The font groups a document needs, from the characters of its text and its language.
 * Han characters take the language's CJK family first, with SC as the widest fallback
 * (Noto Sans JP lacks many simplified-Chinese glyphs).
 */
export function fontGroupsForText(text: string, lang: string): FontGroup[] {
  const needed = new Set<FontGroup>(['latin']);
  let han = false;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x0e00) continue;
    if (cp <= 0x0e7f) needed.add('thai');
    else if ((cp >= 0x3040 && cp <= 0x30ff) || (cp >= 0x31f0 && cp <= 0x31ff) || (cp >= 0xff66 && cp <= 0xff9f))
      needed.add('jp');
    else if ((cp >= 0xac00 && cp <= 0xd7af) || (cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3130 && cp <= 0x318f))
      needed.add('kr');
    else if (
      (cp >= 0x3400 && cp <= 0x9fff) ||
      (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0x20000 && cp <= 0x3134f) ||
      (cp >= 0x3000 && cp <= 0x303f) ||
      (cp >= 0xff00 && cp <= 0xffef)
    )
      han = true;
  }
  if (han) {
    needed.add(hanGroup(lang));
    needed.add('sc');
  }
  return FONT_ORDER.filter((g) => needed.has(g));
}

const FONT_ORDER: FontGroup[] = ['latin', 'thai', 'sc', 'tc', 'jp', 'kr'];

/** Family fallback list for Typst: Latin first, then the language's CJK family before the others. */
export function fontFamilies(groups: readonly FontGroup[], lang: string): string[] {
  const preferred = hanGroup(lang);
  const ordered = [...groups].sort((a, b) => rank(a, preferred) - rank(b, preferred));
  return ordered.map((g) => FONT_FAMILY[g]);
}

function rank(group: FontGroup, preferred: FontGroup): number {
  if (group === 'latin') return 0;
  if (group === 'thai') return 1;
  if (group === preferred) return 2;
  return 3 + FONT_ORDER.indexOf(group);
}
