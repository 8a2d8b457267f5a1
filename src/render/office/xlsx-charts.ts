/**
 * Chart ranges following loop rows. Charts name their data in `<c:f>` (or `<f>` when the chart
 * part's default namespace is the chart one, as openpyxl writes it), each beside a cache of the
 * values last drawn. A range that moved gets its cache dropped: the cache is optional, and without
 * it Excel and LibreOffice draw from the cells (with it they show the template's values).
 */

/** A reference with its cache (`numRef`, `strRef`, `multiLvlStrRef`, Excel 2013 label ranges). */
const REF_BLOCK = /<((?:[\w]+:)?)(numRef|strRef|multiLvlStrRef|datalabelsRange)>([\s\S]*?)<\/\1\2>/;
const FORMULA = /<((?:[\w]+:)?)f>([^<]*)<\/\1f>/;
const CACHE =
  /<((?:[\w]+:)?)(numCache|strCache|multiLvlStrCache|dlblRangeCache)\b(?:\/>|[^>]*\/>|[^>]*>[\s\S]*?<\/\1\2>)/g;
// The formula alternative's back reference is group 4 in the combined pattern.
const BLOCK_OR_FORMULA = new RegExp(`${REF_BLOCK.source}|<((?:[\\w]+:)?)f>([^<]*)<\\/\\4f>`, 'g');

/**
 * Rewrites every formula of a chart part with `rewrite` (which works on the decoded text); caches
 * beside a formula that changed go.
 */
export function rewriteChartFormulas(
  xml: string,
  rewrite: (formula: string) => string,
  decode: (text: string) => string,
  encode: (text: string) => string,
): string {
  const fix = (whole: string, prefix: string, text: string): [string, boolean] => {
    const before = decode(text);
    const after = rewrite(before);
    return after === before ? [whole, false] : [`<${prefix}f>${encode(after)}</${prefix}f>`, true];
  };
  return xml.replace(BLOCK_OR_FORMULA, (whole, bp: string, bn: string, body: string, fp: string, ftext: string) => {
    if (bn === undefined) return fix(whole, fp ?? '', ftext ?? '')[0];
    let changed = false;
    const inner = body.replace(new RegExp(FORMULA.source, 'g'), (w, p: string, t: string) => {
      const [out, did] = fix(w, p, t);
      changed ||= did;
      return out;
    });
    return `<${bp}${bn}>${changed ? inner.replace(CACHE, '') : inner}</${bp}${bn}>`;
  });
}
