/** Rich lines as WordprocessingML and DrawingML runs, formatted on top of the tag's own run. */
import type { RichLine, RichRun } from './rich';
import { escapeXml, setAttr, tagName, tokenize, tokenKind } from './xml';

/** CT_RPr's child order: Word refuses run properties out of schema order. */
const WORD_RPR_ORDER = [
  'w:rStyle',
  'w:rFonts',
  'w:b',
  'w:bCs',
  'w:i',
  'w:iCs',
  'w:caps',
  'w:smallCaps',
  'w:strike',
  'w:dstrike',
  'w:outline',
  'w:shadow',
  'w:emboss',
  'w:imprint',
  'w:noProof',
  'w:snapToGrid',
  'w:vanish',
  'w:webHidden',
  'w:color',
  'w:spacing',
  'w:w',
  'w:kern',
  'w:position',
  'w:sz',
  'w:szCs',
  'w:highlight',
  'w:u',
  'w:effect',
  'w:bdr',
  'w:shd',
  'w:fitText',
  'w:vertAlign',
  'w:rtl',
  'w:cs',
  'w:em',
  'w:lang',
  'w:eastAsianLayout',
  'w:specVanish',
  'w:oMath',
];

/** Top-level children of an rPr element, as [name, markup]. */
function children(runProps: string): Array<[string, string]> {
  const tokens = tokenize(runProps);
  const out: Array<[string, string]> = [];
  let depth = 0;
  let current: string[] = [];
  let name = '';
  for (const token of tokens.slice(1, -1)) {
    const kind = tokenKind(token);
    if (depth === 0) {
      if (kind === 'empty') {
        out.push([tagName(token), token]);
        continue;
      }
      if (kind === 'open') {
        name = tagName(token);
        current = [token];
        depth = 1;
      }
      continue;
    }
    current.push(token);
    if (kind === 'open') depth++;
    else if (kind === 'close' && --depth === 0) out.push([name, current.join('')]);
  }
  return out;
}

function wordRunProps(base: string, run: RichRun): string {
  const own = base.endsWith('/>') || !base ? [] : children(base);
  const drop = new Set<string>();
  const add: Array<[string, string]> = [];
  if (run.bold) add.push(['w:b', '<w:b/>'], ['w:bCs', '<w:bCs/>']);
  if (run.italic) add.push(['w:i', '<w:i/>'], ['w:iCs', '<w:iCs/>']);
  if (run.underline) add.push(['w:u', '<w:u w:val="single"/>']);
  if (run.link) add.push(['w:color', '<w:color w:val="0563C1"/>']);
  for (const [name] of add) drop.add(name);
  const merged = [...own.filter(([name]) => !drop.has(name)), ...add];
  if (merged.length === 0) return '';
  const rank = (name: string) => {
    const i = WORD_RPR_ORDER.indexOf(name);
    return i < 0 ? WORD_RPR_ORDER.length : i;
  };
  merged.sort((a, b) => rank(a[0]) - rank(b[0]));
  return `<w:rPr>${merged.map(([, xml]) => xml).join('')}</w:rPr>`;
}

export function wordRich(lines: RichLine[], runProps: string): string {
  const body = lines
    .map((line, i) => {
      const br = i > 0 ? `<w:r>${runProps}<w:br/></w:r>` : '';
      const runs = line
        .map((run) => {
          const text = run.text
            .split('\t')
            .map((part) => escapeXml(part))
            .join('</w:t><w:tab/><w:t xml:space="preserve">');
          return `<w:r>${wordRunProps(runProps, run)}<w:t xml:space="preserve">${text}</w:t></w:r>`;
        })
        .join('');
      return br + runs;
    })
    .join('');
  return `</w:t></w:r>${body}<w:r>${runProps}<w:t xml:space="preserve">`;
}

function slideRunProps(base: string, run: RichRun): string {
  const source = base || '<a:rPr/>';
  const open = tokenize(source)[0]!;
  let tag = open;
  if (run.bold) tag = setAttr(tag, 'b', '1');
  if (run.italic) tag = setAttr(tag, 'i', '1');
  if (run.underline) tag = setAttr(tag, 'u', 'sng');
  return tag + source.slice(open.length);
}

export function slideRich(lines: RichLine[], runProps: string): string {
  const body = lines
    .map((line, i) => {
      const br = i > 0 ? (runProps ? `<a:br>${runProps}</a:br>` : '<a:br/>') : '';
      return (
        br + line.map((run) => `<a:r>${slideRunProps(runProps, run)}<a:t>${escapeXml(run.text)}</a:t></a:r>`).join('')
      );
    })
    .join('');
  return `</a:t></a:r>${body}<a:r>${runProps}<a:t>`;
}
