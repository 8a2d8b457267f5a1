/**
 * Spreadsheet-style number patterns (`#,##0.00`, `0.0%`, `$#,##0;($#,##0)`, `0000`, `#,##0.00"元"`).
 * Supported: `0` (digit, padded), `#` (digit when significant), `,` (thousands grouping, or
 * ÷1000 per trailing comma), `.` (decimal point), `%` (×100), `"text"` and `\x` literals, and up
 * to three `;` sections (positive; negative; zero). Everything else prints literally.
 */
import { fixedDigits, groupThousands } from './number';

interface Section {
  prefix: string;
  suffix: string;
  minInt: number;
  minFrac: number;
  maxFrac: number;
  grouping: boolean;
  scale: number;
  percent: boolean;
}

function splitSections(pattern: string): string[] {
  const sections: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) {
      current += ch + pattern[++i];
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (ch === ';' && !quoted) {
      sections.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  sections.push(current);
  return sections;
}

function parseSection(text: string): Section {
  let prefix = '';
  let suffix = '';
  let numberPart = '';
  const at: { state: 'prefix' | 'number' | 'suffix' } = { state: 'prefix' };
  let percent = false;
  const literal = (s: string) => {
    if (at.state === 'prefix') prefix += s;
    else {
      at.state = 'suffix';
      suffix += s;
    }
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length) {
      literal(text[++i]!);
      continue;
    }
    if (ch === '"') {
      const end = text.indexOf('"', i + 1);
      const stop = end === -1 ? text.length : end;
      literal(text.slice(i + 1, stop));
      i = stop;
      continue;
    }
    const isPlaceholder = ch === '0' || ch === '#';
    const startsNumber = isPlaceholder || (ch === '.' && /[0#]/.test(text[i + 1] ?? ''));
    if (at.state !== 'suffix' && (startsNumber || (at.state === 'number' && (ch === ',' || ch === '.')))) {
      at.state = 'number';
      numberPart += ch;
      continue;
    }
    if (ch === '%') percent = true;
    literal(ch);
  }
  let scale = 1;
  while (numberPart.endsWith(',')) {
    numberPart = numberPart.slice(0, -1);
    scale *= 1000;
  }
  const dot = numberPart.indexOf('.');
  const intPart = dot === -1 ? numberPart : numberPart.slice(0, dot);
  const fracPart = dot === -1 ? '' : numberPart.slice(dot + 1);
  return {
    prefix,
    suffix,
    minInt: [...intPart].filter((c) => c === '0').length,
    minFrac: [...fracPart].filter((c) => c === '0').length,
    maxFrac: [...fracPart].filter((c) => c === '0' || c === '#').length,
    grouping: intPart.includes(','),
    scale,
    percent,
  };
}

function renderSection(value: number, section: Section, withMinus: boolean): string {
  let scaled = value / section.scale;
  if (section.percent) scaled *= 100;
  const { int, frac } = fixedDigits(scaled, section.maxFrac);
  let intDigits = int.replace(/^0+/, '');
  if (intDigits.length < section.minInt) intDigits = intDigits.padStart(section.minInt, '0');
  let fracDigits = frac;
  while (fracDigits.length > section.minFrac && fracDigits.endsWith('0')) fracDigits = fracDigits.slice(0, -1);
  const grouped = section.grouping ? groupThousands(intDigits) : intDigits;
  const body = fracDigits ? `${grouped}.${fracDigits}` : grouped;
  const isZero = /^[0.,]*$/.test(body);
  const minus = withMinus && scaled < 0 && !isZero ? '-' : '';
  return `${minus}${section.prefix}${body}${section.suffix}`;
}

/** Formats a number with a spreadsheet-style pattern; an empty pattern prints the number as is. */
export function formatWithPattern(value: number, pattern: string): string {
  if (!pattern.trim()) return String(value);
  const sections = splitSections(pattern).map(parseSection);
  const positive = sections[0]!;
  if (value < 0 && sections[1]) return renderSection(Math.abs(value), sections[1], false);
  if (value === 0 && sections[2]) return renderSection(0, sections[2], false);
  return renderSection(value, positive, true);
}
