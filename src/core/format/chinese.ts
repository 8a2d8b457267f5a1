/**
 * Chinese numerals (spec 001 §9.2): uppercase (壹贰叁, as on cheques), lowercase (一二三) and
 * financial amounts in 元/角/分 ending with 整 when the amount is whole.
 */
import { fixedDigits } from './number';

interface NumeralSet {
  digits: readonly string[];
  units: readonly string[];
}

const UPPER: NumeralSet = { digits: [...'零壹贰叁肆伍陆柒捌玖'], units: ['', '拾', '佰', '仟'] };
const LOWER: NumeralSet = { digits: [...'零一二三四五六七八九'], units: ['', '十', '百', '千'] };
function groupToChinese(group: string, set: NumeralSet): string {
  let out = '';
  let pendingZero = false;
  const padded = group.padStart(4, '0');
  for (let i = 0; i < 4; i++) {
    const digit = Number(padded[i]);
    if (digit === 0) {
      pendingZero = out !== '';
      continue;
    }
    if (pendingZero) out += set.digits[0];
    out += set.digits[digit]! + set.units[3 - i]!;
    pendingZero = false;
  }
  return out;
}

/** Up to eight digits: a 万 group and a units group. */
function belowYi(digits: string, set: NumeralSet): string {
  const high = digits.length > 4 ? digits.slice(0, -4) : '';
  const low = digits.slice(-4);
  if (!high || Number(high) === 0) return groupToChinese(low, set);
  let out = `${groupToChinese(high, set)}万`;
  if (Number(low) === 0) return out;
  if (low.padStart(4, '0')[0] === '0') out += set.digits[0];
  return out + groupToChinese(low, set);
}

/**
 * Reads a string of decimal digits (no sign) as a Chinese integer. Above 亿 the high part is
 * itself read as a number of 亿 (1,0001,0000,0000 → 壹万零壹亿), as in financial writing.
 */
function integerToChinese(digits: string, set: NumeralSet): string {
  const clean = digits.replace(/^0+/, '');
  if (!clean) return set.digits[0]!;
  if (clean.length <= 8) return belowYi(clean, set);
  const low = clean.slice(-8);
  let out = `${integerToChinese(clean.slice(0, -8), set)}亿`;
  if (Number(low) === 0) return out;
  if (low[0] === '0') out += set.digits[0];
  return out + belowYi(low.replace(/^0+/, ''), set);
}

function fractionToChinese(fraction: string, set: NumeralSet): string {
  return [...fraction].map((d) => set.digits[Number(d)]).join('');
}

function toChinese(value: number, set: NumeralSet, lower: boolean): string {
  if (!Number.isFinite(value)) return String(value);
  const { int, frac } = fixedDigits(value, 8);
  const fraction = frac.replace(/0+$/, '');
  let text = integerToChinese(int, set);
  // Spoken lowercase drops the leading 一 of 一十 (十五, not 一十五); cheque uppercase keeps 壹拾.
  if (lower && text.startsWith('一十')) text = text.slice(1);
  if (fraction) text += `点${fractionToChinese(fraction, set)}`;
  const negative = value < 0 && (Number(int) !== 0 || fraction !== '');
  return negative ? `负${text}` : text;
}

/** 1234 → 壹仟贰佰叁拾肆; 12.5 → 壹拾贰点伍; negatives start with 负. */
export function toChineseUpper(value: number): string {
  return toChinese(value, UPPER, false);
}

/** 1234 → 一千二百三十四; 15 → 十五. */
export function toChineseLower(value: number): string {
  return toChinese(value, LOWER, true);
}

/** 1234.56 → 壹仟贰佰叁拾肆元伍角陆分; 1234 → 壹仟贰佰叁拾肆元整; 0.05 → 伍分. Rounds to the fen. */
export function toChineseFinancial(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const { int, frac } = fixedDigits(value, 2);
  const jiao = Number(frac[0] ?? 0);
  const fen = Number(frac[1] ?? 0);
  const hasYuan = Number(int) !== 0;
  const negative = value < 0 && (hasYuan || jiao > 0 || fen > 0) ? '负' : '';
  if (!hasYuan && jiao === 0 && fen === 0) return '零元整';
  let text = hasYuan ? `${integerToChinese(int, UPPER)}元` : '';
  if (jiao === 0 && fen === 0) return `${negative}${text}整`;
  if (jiao > 0) text += `${UPPER.digits[jiao]}角`;
  else if (hasYuan) text += UPPER.digits[0];
  if (fen > 0) text += `${UPPER.digits[fen]}分`;
  return negative + text;
}
