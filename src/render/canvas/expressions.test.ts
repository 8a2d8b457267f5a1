import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareOutputTemplate, renderOutputGroup } from '../outputs';
import { ERROR_MARK, pdfmeDates, splitPlaceholders } from './expressions';
import { parseCanvas } from './plan';
import { canvasTestEnv as env, pdfText as text } from './testing';

const FIXTURES = join(new URL('.', import.meta.url).pathname, '__fixtures__', 'pdfme');

async function render(template: unknown, inputs: Record<string, unknown>[]): Promise<string> {
  const prepared = prepareOutputTemplate(template);
  const group = await renderOutputGroup(
    prepared,
    inputs.map((data) => ({ kind: 'data' as const, data })),
    env,
  );
  return text(group.file.bytes);
}

const readOnly = (name: string, content: string, y: number) => ({
  name,
  type: 'text',
  content,
  readOnly: true,
  position: { x: 10, y },
  width: 190,
  height: 8,
  fontSize: 10,
});

describe("pdfme's placeholders in canvas text", () => {
  it('splits text at placeholders whose braces nest and whose quotes hide braces', () => {
    expect(splitPlaceholders("Sum {a.reduce((s, i) => { return s + i; }, 0)} of {x === '}' ? 1 : 2}")).toEqual([
      { literal: 'Sum ' },
      { placeholder: 'a.reduce((s, i) => { return s + i; }, 0)' },
      { literal: ' of ' },
      { placeholder: "x === '}' ? 1 : 2" },
    ]);
    expect(splitPlaceholders('\\{not} {open')).toEqual([{ literal: '{not} {open' }]);
  });

  it("pdfme's dates: YYYY/MM/DD (and HH:mm) in the template's zone", () => {
    const at = Date.UTC(2026, 10, 27, 20, 5);
    expect(pdfmeDates(at, 'Asia/Tokyo')).toEqual({ date: '2026/11/28', dateTime: '2026/11/28 05:05' });
    expect(pdfmeDates(at, 'UTC')).toEqual({ date: '2026/11/27', dateTime: '2026/11/27 20:05' });
  });

  it('a designer invoice computes its sums, splits dates, picks by ternary and counts pages', async () => {
    const read = (f: string) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8'));
    const out = await render(read('expressions.template.json'), read('expressions.inputs.json'));
    expect(out).toContain('Fiscal year 2026');
    expect(out).toContain('Subtotal 377.00');
    expect(out).toContain('Tax 10%: 37.70');
    expect(out).toContain('Total 414.70 USD');
    expect(out).toContain('Ship to 63 Ivy Road, Hawkville (far)');
    expect(out).toContain('2 items · page 1 of 1');
    expect(out).not.toContain(ERROR_MARK);
  });

  it('Quire tags keep their meaning, filters included, beside expressions in one text', async () => {
    const template = {
      basePdf: { width: 210, height: 60, padding: [0, 0, 0, 0] },
      schemas: [[readOnly('a', '{amount | number:2} × {qty} = {amount * qty}', 10)]],
    };
    expect(await render(template, [{ amount: 1234.5, qty: 2 }])).toBe('1,234.5 × 2 = 2469');
    // An unknown filter is still the template's error, naming the field.
    expect(() =>
      parseCanvas({ ...template, schemas: [[readOnly('a', '{amount | noSuchFilter} {amount * 2}', 10)]] }),
    ).toThrow(/schemas\[0\]\[0\]\.content/);
  });

  it('hostile expressions print an error mark and never run', async () => {
    const hostile = [
      "{constructor.constructor('globalThis.__quirePwned = 1')()}",
      "{''.constructor.constructor('return process')().exit(7)}",
      '{orders.__proto__}',
      "{Object['__proto__']}",
      '{globalThis.process.exit(7)}',
      '{process.exit(7)}',
      "{import('node:child_process')}",
      "{[].map['constructor']('return this')()}",
    ];
    const template = {
      basePdf: { width: 210, height: 120, padding: [0, 0, 0, 0] },
      schemas: [hostile.map((content, i) => readOnly(`h${i}`, `#${i} ${content}`, 5 + i * 10))],
    };
    const planned = parseCanvas(template);
    // Refused while parsing (`import(` is no syntax of the language): said in the warnings.
    expect(planned.warnings.find((w) => w.startsWith('expression refused'))).toContain('schemas[0][6].content');
    const out = await render(template, [{ orders: '[["a","1","2"]]' }]);
    for (let i = 0; i < hostile.length; i++) expect(out).toContain(`#${i} ${ERROR_MARK}`);
    expect((globalThis as Record<string, unknown>).__quirePwned).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
    expect(out).not.toMatch(/constructor|process|import/);
  });
});
