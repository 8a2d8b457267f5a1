import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { docxRenderer } from './docx';
import { pptxRenderer } from './pptx';
import {
  cell,
  content,
  env,
  input,
  makeDocx,
  makePptx,
  makeXlsx,
  p,
  row,
  shape,
  sheetCells,
  slideText,
  unzipText,
  wordText,
} from './test-helpers';
import { officeTemplateVars } from './vars';
import { xlsxRenderer } from './xlsx';

const lines = [
  { name: 'Pen', qty: 2, price: 1.5 },
  { name: 'Ink', qty: 1, price: 3.25 },
];

async function word(body: string, scope: Record<string, unknown>) {
  const template = docxRenderer.parse(content('docx', makeDocx({ body })));
  return wordText(unzipText(await docxRenderer.render(template, input(scope), env))['word/document.xml']!);
}

function parseProblem(body: string): string {
  try {
    docxRenderer.parse(content('docx', makeDocx({ body })));
  } catch (error) {
    if (isQuireError(error)) return error.issues.map((i) => `${i.path}: ${i.reason}`).join('\n');
  }
  return 'no error';
}

describe('Office tags with expressions', () => {
  it('prints arithmetic, totals and ternaries, with filters after them', async () => {
    const body =
      p('{#lines}{name}: {qty * price | currency}{/lines}') +
      p('Total {sum(lines, l => l.qty * l.price)} / {lines.reduce((s, l) => s + l.qty, 0)} items') +
      p('{count(lines) > 1 ? "several" : "one"} · {upper(customer.name)} · {customer.name || "-"}');
    expect(await word(body, { lines, customer: { name: 'Ada' } })).toBe(
      'Pen: $3.00Ink: $3.25\nTotal 6.25 / 3 items\nseveral · ADA · Ada',
    );
  });

  it('shows conditions and {:else} in one paragraph and across paragraphs', async () => {
    const body =
      p('{#lines}{name}{#qty > 1} ×{qty}{:else} (single){/}; {/lines}') +
      p('{#total >= 100}') +
      p('Large order') +
      p('{:else}') +
      p('Small order of {total}') +
      p('{/}') +
      p('{#empty}{.}{:else}nothing here{/empty}');
    expect(await word(body, { lines, total: 42, empty: [] })).toBe(
      'Pen ×2; Ink (single); \nSmall order of 42\nnothing here',
    );
    expect(await word(body, { lines: [], total: 420, empty: ['x'] })).toBe('Large order\nx');
  });

  it('an else paragraph with text starts the else part', async () => {
    const body = p('{#vip}') + p('Welcome back') + p('{:else}Hello, new customer') + p('{/vip}');
    expect(await word(body, { vip: false })).toBe('Hello, new customer');
    expect(await word(body, { vip: true })).toBe('Welcome back');
  });

  it('reports broken expressions and misplaced {:else} at parse time', () => {
    expect(parseProblem(p('{qty * }'))).toMatch(/not a valid expression/);
    expect(parseProblem(p('{1 bad-name!}'))).toMatch(/name/);
    expect(parseProblem(p('{:else}'))).toMatch(/outside any loop/);
    expect(parseProblem(p('{#a}x{:else}y{:else}z{/a}'))).toMatch(/second \{:else\}/);
  });

  it('a hostile expression stops with a catalogued error and runs nothing', async () => {
    const template = docxRenderer.parse(
      content('docx', makeDocx({ body: p("{name['constructor']['constructor']('return process')()}") })),
    );
    const error = await docxRenderer.render(template, input({ name: 'x' }), env).catch((e: unknown) => e);
    expect(isQuireError(error, 'ExprForbidden')).toBe(true);
  });

  it('keeps numbers numeric in Excel cells and fills PowerPoint', async () => {
    const bytes = makeXlsx([
      {
        name: 'S',
        rows:
          row(
            1,
            cell('A1', '{#lines}{name}'),
            cell('B1', '{qty * price}'),
            cell('C1', '{qty > 1 ? "bulk" : "-"}'),
            cell('D1', '{/lines}'),
          ) +
          row(
            2,
            cell('A2', '{round(sum(lines, l => l.qty * l.price) * 1.2, 2)}'),
            cell('B2', '{#lines.length > 5}many{:else}few{/}'),
          ),
      },
    ]);
    const template = xlsxRenderer.parse(content('xlsx', bytes));
    const out = unzipText(await xlsxRenderer.render(template, input({ lines }), env));
    const cells = sheetCells(out['xl/worksheets/sheet1.xml']!, out['xl/sharedStrings.xml']);
    expect(cells).toMatchObject({
      A1: 'Pen',
      B1: '3',
      C1: 'bulk',
      A2: 'Ink',
      B2: '3.25',
      C2: '-',
      A3: '7.5',
      B3: 'few',
    });
    expect(out['xl/worksheets/sheet1.xml']).toMatch(/<c r="B1"[^>]*><v>3<\/v>/);

    const deck = makePptx([shape(2, 'Total: {sum(lines, "qty")} pcs', '{#count(lines) == 2}pair{:else}other{/}')]);
    const filled = unzipText(
      await pptxRenderer.render(pptxRenderer.parse(content('pptx', deck)), input({ lines }), env),
    );
    expect(slideText(filled['ppt/slides/slide1.xml']!)).toContain('Total: 3 pcs');
    expect(slideText(filled['ppt/slides/slide1.xml']!)).toContain('pair');
  });

  it('refuses impossible ISO dates instead of rolling them over', async () => {
    const bytes = makeXlsx([{ name: 'S', rows: row(1, cell('A1', '{a}'), cell('B1', '{b}'), cell('C1', '{c}')) }]);
    const template = xlsxRenderer.parse(content('xlsx', bytes));
    const out = unzipText(
      await xlsxRenderer.render(template, input({ a: '2024-02-30', b: '2024-02-29', c: '2024-03-01 25:00' }), env),
    );
    const cells = sheetCells(out['xl/worksheets/sheet1.xml']!, out['xl/sharedStrings.xml']);
    expect(cells.A1).toBe('2024-02-30');
    expect(cells.B1).toBe('45351');
    expect(cells.C1).toBe('2024-03-01 25:00');
  });

  it('lists the fields expressions read', () => {
    const template = docxRenderer.parse(
      content(
        'docx',
        makeDocx({ body: p('{#lines}{qty * price}{/lines}{sum(orders, o => o.total)}{customer.address.city ?? "-"}') }),
      ),
    );
    expect(officeTemplateVars(template)).toEqual([
      'customer.address.city',
      'lines',
      'lines.price',
      'lines.qty',
      'orders',
    ]);
  });
});
