/**
 * Sample data from a data-source schema (spec 001 §9.1): what the designer previews and what
 * "generate sample data" fills in. Nesting stops at 4 levels for generated data and 3 for
 * preview data; lists hold 1 to 10 items. The same seed always gives the same data.
 */
import { seededRandom } from '../random';
import { groupVariables, type OpenDataSource, specVariables, type Variable } from './dataSource';
import { bool, datetime, files, list, map, num, numList, type OpenAttachment, type OpenValue, str } from './openValue';
import { cents, isSumName, lineAmount, nameWords, numberHint, sampleNumber, sampleText, textHint } from './sampleHints';

const SAMPLE_DEPTH = { generate: 4, preview: 3 } as const;
export const SAMPLE_MAX_LIST_ITEMS = 10;

interface SampleOptions {
  purpose?: keyof typeof SAMPLE_DEPTH;
  seed?: number;
  /** Base instant for datetimes (default 2024-01-01T00:00:00Z) so output does not depend on the clock. */
  baseTime?: number;
}

const WORDS = [
  'Alpha',
  'Harbor',
  'Maple',
  'Orbit',
  'Summit',
  'Cedar',
  'Delta',
  'Lumen',
  'Nova',
  'Quartz',
  'River',
  'Willow',
];

/** A 1×1 grey PNG: sample images render offline without fetching anything. */
export const SAMPLE_IMAGE_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

class Sampler {
  private readonly next: () => number;
  constructor(
    seed: number,
    private readonly source: OpenDataSource,
    private readonly maxDepth: number,
    private readonly baseTime: number,
  ) {
    this.next = seededRandom(seed);
  }

  private int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  private word(): string {
    return WORDS[this.int(0, WORDS.length - 1)]!;
  }

  private file(index: number, image: boolean): OpenAttachment {
    return image
      ? { fileName: `sample-image-${index}.png`, url: SAMPLE_IMAGE_URL, mime: 'image/png', fileSize: 68 }
      : {
          fileName: `sample-${index}.pdf`,
          url: `https://example.com/sample/sample-${index}.pdf`,
          mime: 'application/pdf',
          fileSize: this.int(1, 500) * 1024,
        };
  }

  private readonly random = (min: number, max: number) => this.int(min, max);

  /** `context` is the name of the map or list these fields belong to (a customer's `name`). */
  private children(specId: string | undefined, depth: number, context: string[]): Record<string, OpenValue | null> {
    const fields: Record<string, OpenValue | null> = {};
    if (specId === undefined || depth > this.maxDepth) return fields;
    const variables = specVariables(this.source, specId);
    for (const variable of variables) fields[variable.fieldName] = this.value(variable, depth, context);
    agreeSums(variables, fields);
    return fields;
  }

  /** `depth` is the level of this value: top-level variables are level 1. */
  value(variable: Variable, depth: number, context: string[] = []): OpenValue {
    const label = variable.label || variable.fieldName;
    const words = nameWords(variable.fieldName, variable.label);
    switch (variable.fieldType) {
      case 'string': {
        const hint = textHint(words, context);
        if (hint === 'sentence' || (hint === undefined && variable.stringContentFormat)) {
          const [first, second] = [
            sampleText('sentence', words, this.random),
            sampleText('sentence', words, this.random),
          ];
          if (variable.stringContentFormat === 'html') return str(`<p>${first} <b>${second}</b></p>`);
          if (variable.stringContentFormat === 'markdown') return str(`${first} **${second}**`);
          return str(`${first} ${second}`);
        }
        if (hint) return str(sampleText(hint, words, this.random));
        return str(`${label} ${this.word()} ${this.word()}`);
      }
      case 'number': {
        const hint = numberHint(words);
        if (hint) return num(sampleNumber(hint, this.random));
        const value = this.int(0, 100_000) / 100;
        return num(value);
      }
      case 'bool':
        return bool(this.next() < 0.5);
      case 'numberList':
        return numList(Array.from({ length: this.int(1, 5) }, () => this.int(0, 1000)));
      case 'datetime':
        return datetime(this.baseTime + this.int(0, 365) * 86_400_000 + this.int(0, 23) * 3_600_000);
      case 'attachment':
      case 'inline-image':
        return files([this.file(1, variable.fieldType === 'inline-image')]);
      case 'attachments':
      case 'inline-images': {
        const image = variable.fieldType === 'inline-images';
        return files(Array.from({ length: this.int(1, 3) }, (_, i) => this.file(i + 1, image)));
      }
      case 'map':
        return map(this.children(variable.specId, depth + 1, words));
      case 'list': {
        if (depth + 1 > this.maxDepth) return list([]);
        const count = this.int(1, SAMPLE_MAX_LIST_ITEMS);
        return list(Array.from({ length: count }, () => map(this.children(variable.specId, depth + 1, words))));
      }
    }
  }
}

/** Sample values for every variable of every group, keyed by fieldName. */
export function sampleData(source: OpenDataSource, options: SampleOptions = {}): Record<string, OpenValue> {
  const sampler = new Sampler(
    options.seed ?? 1,
    source,
    SAMPLE_DEPTH[options.purpose ?? 'generate'],
    options.baseTime ?? Date.UTC(2024, 0, 1),
  );
  const values: Record<string, OpenValue> = {};
  const all: Variable[] = [];
  for (const group of source.groups) {
    for (const variable of groupVariables(source, group)) {
      values[variable.fieldName] = sampler.value(variable, 1);
      all.push(variable);
    }
  }
  agreeSums(all, values);
  return values;
}

/**
 * A record's sums agree with their parts: a line's amount is its quantity × unit price, and a total
 * beside a list of lines is the sum of the lines' amounts (or of quantity × price). Changes `fields`.
 */
function agreeSums(variables: readonly Variable[], fields: Record<string, OpenValue | null>): void {
  const numbers = new Map<string, { words: string[]; value: number }>();
  for (const variable of variables) {
    const value = fields[variable.fieldName];
    if (value?.type === 'number')
      numbers.set(variable.fieldName, {
        words: nameWords(variable.fieldName, variable.label),
        value: value.numberValue,
      });
  }
  const sums = [...numbers].filter(([, { words }]) => isSumName(words));
  if (sums.length === 0) return;
  let total = lineAmount(numbers);
  if (total === undefined) {
    // The sum of the first list whose items carry an amount.
    for (const variable of variables) {
      const value = fields[variable.fieldName];
      if (value?.type !== 'list' || value.items.length === 0) continue;
      const amounts = value.items.map((item) => (item.type === 'map' ? itemAmount(item.fields) : undefined));
      if (amounts.every((a): a is number => a !== undefined)) {
        total = cents(amounts.reduce((a, b) => a + b, 0));
        break;
      }
    }
  }
  if (total !== undefined) for (const [name] of sums) fields[name] = num(total);
}

/** An item's sum field, when it has one (its quantity × price was already agreed). */
function itemAmount(fields: Record<string, OpenValue | null>): number | undefined {
  for (const [name, value] of Object.entries(fields))
    if (value?.type === 'number' && isSumName(nameWords(name))) return value.numberValue;
  const numbers = new Map<string, { words: string[]; value: number }>();
  for (const [name, value] of Object.entries(fields))
    if (value?.type === 'number') numbers.set(name, { words: nameWords(name), value: value.numberValue });
  return lineAmount(numbers);
}

/**
 * How many variable levels a value spans: a scalar is 1, a map of scalars 2, a list of maps of
 * scalars 2 as well (a list's items are its rows, not a level of their own).
 */
export function valueDepth(value: OpenValue | null): number {
  if (!value) return 0;
  const fieldsDepth = (fields: Record<string, OpenValue | null>) =>
    Math.max(0, ...Object.values(fields).map(valueDepth));
  if (value.type === 'map') return 1 + fieldsDepth(value.fields);
  if (value.type === 'list')
    return (
      1 + Math.max(0, ...value.items.map((item) => (item.type === 'map' ? fieldsDepth(item.fields) : valueDepth(item))))
    );
  return 1;
}
