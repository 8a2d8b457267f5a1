import { DEFAULT_TIME_ZONE } from '../format';
import {
  cellText,
  decimalsOf,
  PHONE_HEADER,
  readAttachments,
  readCheckbox,
  readCurrency,
  readDate,
  readEmail,
  readNumber,
  readPercent,
  readPhone,
  readUrl,
  splitOptions,
} from './cells';
import { isEmptyCell } from './sheet';
import type { ImportColumn, ImportFieldKind, ImportOptions, RawSheet } from './types';

/** Kinds decided cell by cell, in order of preference when several fit every cell. */
const CELL_KINDS = [
  'checkbox',
  'percent',
  'currency',
  'number',
  'date',
  'email',
  'attachment',
  'url',
  'phone',
] as const;
type CellKind = (typeof CELL_KINDS)[number];

/** Select heuristics: few distinct, short, repeated values. */
const SELECT_MIN_VALUES = 5;
const SELECT_MAX_OPTIONS = 30;
const SELECT_MAX_LENGTH = 40;
const SAMPLE_COUNT = 3;
/**
 * Inference reads at most this many rows: the head of the file and an even spread of the rest. It is
 * only a proposal — conversion checks every cell — so a bounded look keeps 100,000-row files quick.
 */
const INFER_ROW_BUDGET = 6_000;

function sampleRowIndexes(count: number): number[] {
  if (count <= INFER_ROW_BUDGET) return Array.from({ length: count }, (_, i) => i);
  const head = INFER_ROW_BUDGET / 2;
  const out = Array.from({ length: head }, (_, i) => i);
  const step = (count - head) / (INFER_ROW_BUDGET - head);
  for (let i = 0; i < INFER_ROW_BUDGET - head; i++) out.push(head + Math.floor(i * step));
  return out;
}

interface ColumnStats {
  candidates: Set<CellKind>;
  nonEmpty: number;
  distinct: Map<string, number>;
  partsTotal: number;
  distinctParts: Set<string>;
  cellsWithSeveralParts: number;
  /** Distinct cell texts that split into several parts (capped), and how many of them hold each part. */
  listCells: Set<string>;
  partCells: Map<string, number>;
  /** A part that reads as prose, not an option (long, quoted, a sentence), or a cell mixing line breaks with commas. */
  proseParts: boolean;
  hasLineBreak: boolean;
  /** Some value reads as a sentence (quotes, ! or ?, a full stop): never an option. */
  proseValue: boolean;
  longest: number;
  precision: number;
  hasTime: boolean;
  currencyCodes: Map<string, number>;
  samples: string[];
}

function fits(kind: CellKind, value: unknown, stats: ColumnStats, phoneHint: boolean, timeZone: string): boolean {
  switch (kind) {
    case 'checkbox':
      return readCheckbox(value) !== undefined;
    case 'percent': {
      const ok = readPercent(value) !== undefined;
      if (ok) stats.precision = Math.max(stats.precision, decimalsOf(cellText(value)));
      return ok;
    }
    case 'currency': {
      const found = readCurrency(value);
      if (found) {
        stats.currencyCodes.set(found.code, (stats.currencyCodes.get(found.code) ?? 0) + 1);
        stats.precision = Math.max(stats.precision, decimalsOf(cellText(value)));
      }
      return found !== undefined;
    }
    case 'number': {
      const ok = readNumber(value) !== undefined;
      if (ok)
        stats.precision = Math.max(
          stats.precision,
          typeof value === 'number' ? decimalsOf(String(value)) : decimalsOf(cellText(value)),
        );
      return ok;
    }
    case 'date': {
      const date = readDate(value, timeZone);
      if (date?.hasTime) stats.hasTime = true;
      return date !== undefined;
    }
    case 'email':
      return readEmail(value) !== undefined;
    case 'attachment':
      return readAttachments(value) !== undefined;
    case 'url':
      return readUrl(value) !== undefined;
    case 'phone':
      return readPhone(value, phoneHint) !== undefined;
  }
}

function newStats(): ColumnStats {
  return {
    candidates: new Set(CELL_KINDS),
    nonEmpty: 0,
    distinct: new Map(),
    partsTotal: 0,
    distinctParts: new Set(),
    cellsWithSeveralParts: 0,
    listCells: new Set(),
    partCells: new Map(),
    proseParts: false,
    hasLineBreak: false,
    proseValue: false,
    longest: 0,
    precision: 0,
    hasTime: false,
    currencyCodes: new Map(),
    samples: [],
  };
}

/** An option is a short label: no quotes, no sentence punctuation, a few words at most. */
const OPTION_MAX_LENGTH = 30;
const OPTION_MAX_WORDS = 4;
const PROSE_MARKS = /["“”„«»!?]|\.$|\.\s/;

export function looksLikeOption(part: string): boolean {
  return part.length <= OPTION_MAX_LENGTH && part.split(/\s+/).length <= OPTION_MAX_WORDS && !PROSE_MARKS.test(part);
}

/**
 * Multi-select only when the column is clearly a list of repeated options: short labels, reused
 * in different combinations across cells. Notes that merely contain commas or line breaks
 * ("Deliver to dock 3, gate B⏎Call before arrival") stay text, so nothing is split by default.
 */
function isOptionList(stats: ColumnStats): boolean {
  if (stats.cellsWithSeveralParts < 2 || stats.proseParts) return false;
  if (stats.distinctParts.size > SELECT_MAX_OPTIONS || stats.distinctParts.size > stats.partsTotal / 2) return false;
  // The same note repeated on every row is one text, not a combination of options.
  if (stats.listCells.size < 2) return false;
  // Options recur: some label shows up in more than one distinct combination.
  return [...stats.partCells.values()].some((cells) => cells >= 2);
}

function chooseTextual(stats: ColumnStats): ImportFieldKind {
  if (stats.nonEmpty < SELECT_MIN_VALUES) return 'text';
  const repeats = stats.distinct.size <= stats.nonEmpty / 2;
  if (isOptionList(stats)) return 'multiSelect';
  if (
    repeats &&
    !stats.hasLineBreak &&
    !stats.proseValue &&
    stats.distinct.size <= SELECT_MAX_OPTIONS &&
    stats.longest <= SELECT_MAX_LENGTH
  )
    return 'singleSelect';
  return 'text';
}

function mostCommon(counts: Map<string, number>): string | undefined {
  let best: string | undefined;
  let bestCount = 0;
  for (const [key, count] of counts) {
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Guess a field kind for every column of the sheet. The guess is only a proposal: the review screen
 * lets the user change kinds and names, and `convertSheet` then checks every cell against the choice.
 */
export function inferColumns(sheet: RawSheet, options: ImportOptions = {}): ImportColumn[] {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const sampled = sampleRowIndexes(sheet.rows.length).map((i) => sheet.rows[i]!);
  return sheet.header.map((name, index) => {
    const stats = newStats();
    const phoneHint = PHONE_HEADER.test(name);
    for (const row of sampled) {
      const value = row[index];
      if (isEmptyCell(value)) continue;
      stats.nonEmpty += 1;
      if (typeof value === 'boolean') {
        stats.candidates = new Set(stats.candidates.has('checkbox') ? ['checkbox'] : []);
      } else if (typeof value === 'number') {
        for (const kind of stats.candidates) if (kind !== 'number') stats.candidates.delete(kind);
        if (stats.candidates.has('number')) fits('number', value, stats, phoneHint, timeZone);
      } else {
        for (const kind of [...stats.candidates])
          if (!fits(kind, value, stats, phoneHint, timeZone)) stats.candidates.delete(kind);
      }
      const text = cellText(value);
      if (stats.samples.length < SAMPLE_COUNT && !stats.samples.includes(text)) stats.samples.push(text);
      if (stats.distinct.size <= SELECT_MAX_OPTIONS * 4) stats.distinct.set(text, (stats.distinct.get(text) ?? 0) + 1);
      stats.longest = Math.max(stats.longest, text.length);
      const parts = splitOptions(value);
      stats.partsTotal += parts.length;
      if (/[\r\n]/.test(text)) stats.hasLineBreak = true;
      if (PROSE_MARKS.test(text)) stats.proseValue = true;
      if (parts.length > 1) {
        stats.cellsWithSeveralParts += 1;
        if (!Array.isArray(value)) {
          // Line breaks mixed with commas or semicolons are a written note, not a list.
          if (/[\r\n]/.test(text) && /[,;，；、]/.test(text)) stats.proseParts = true;
          if (!parts.every(looksLikeOption)) stats.proseParts = true;
        }
      }
      if (stats.listCells.size <= SELECT_MAX_OPTIONS * 4 && !stats.listCells.has(text)) {
        stats.listCells.add(text);
        for (const part of new Set(parts)) {
          if (stats.partCells.size > SELECT_MAX_OPTIONS && !stats.partCells.has(part)) continue;
          stats.partCells.set(part, (stats.partCells.get(part) ?? 0) + 1);
        }
      }
      if (stats.distinctParts.size <= SELECT_MAX_OPTIONS) {
        for (const part of parts) {
          if (part.length > SELECT_MAX_LENGTH) stats.distinctParts.add(`\u0000long${stats.distinctParts.size}`);
          stats.distinctParts.add(part);
        }
      }
    }

    let kind: ImportFieldKind;
    if (stats.nonEmpty === 0) kind = 'text';
    // A column called "Mobile" full of digit runs is phone numbers, though they also read as numbers.
    else if (phoneHint && stats.candidates.has('phone')) kind = 'phone';
    else kind = CELL_KINDS.find((k) => stats.candidates.has(k)) ?? chooseTextual(stats);

    const column: ImportColumn = { index, name, kind, include: true, samples: stats.samples };
    if (kind === 'number' || kind === 'currency' || kind === 'percent')
      column.precision = Math.min(stats.precision, 10);
    if (kind === 'currency') column.currencyCode = mostCommon(stats.currencyCodes) ?? 'USD';
    if (kind === 'date') column.hasTime = stats.hasTime;
    return column;
  });
}
