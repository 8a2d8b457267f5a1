import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors';
import { evaluateExpressionText, parseExpression, recordLookup } from './index';

const data = {
  qty: 3,
  price: '12.50',
  name: 'Ada',
  date: '27/11/2026',
  empty: [],
  items: [
    { sku: 'A', qty: 2, price: 10, category: 'tools' },
    { sku: 'B', qty: 1, price: 5.5, category: 'food' },
    { sku: 'C', qty: 4, price: 0.1, category: 'tools' },
  ],
  // pdfme keeps table rows as lists of cells
  orders: [
    ['Pen', '2', '1.5'],
    ['Ink', '1', '3.25'],
  ],
  customer: { name: 'Li Wei', address: { city: 'Shanghai' } },
  open: { type: 'number', numberValue: 7, displayText: '7.00' },
};

const run = (source: string, extra: Record<string, unknown> = {}) =>
  evaluateExpressionText(source, {
    lookup: recordLookup({ ...data, ...extra }),
    now: () => Date.UTC(2026, 10, 27, 3, 0),
    timeZone: 'Asia/Shanghai',
  });

function errorName(source: string): string | undefined {
  try {
    run(source);
  } catch (error) {
    return isQuireError(error) ? error.errorName : `escaped: ${String(error)}`;
  }
  return undefined;
}

describe('expression language', () => {
  it('does arithmetic, comparisons, logic and ternaries', () => {
    expect(run('qty * price')).toBe(37.5);
    expect(run('1 + 2 * 3 - 4 / 2')).toBe(5);
    expect(run('2 ** 3 ** 2')).toBe(512);
    expect(run('-qty + 10 % 4')).toBe(-1);
    expect(run('qty > 1 && price < 20')).toBe(true);
    expect(run('qty > 5 || name')).toBe('Ada');
    expect(run('!empty')).toBe(true);
    expect(run('qty >= 3 ? "many" : "few"')).toBe('many');
    expect(run('missing ?? "none"')).toBe('none');
    expect(run('qty == "3"')).toBe(true);
    expect(run('qty === "3"')).toBe(false);
    expect(run('"b" > "a"')).toBe(true);
    expect(run('name + " " + qty')).toBe('Ada 3');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: expression text, not a JS template
    expect(run('`${name} × ${qty}`')).toBe('Ada × 3');
  });

  it('reads members, indices, literals and open values', () => {
    expect(run('customer.address.city')).toBe('Shanghai');
    expect(run("customer['name']")).toBe('Li Wei');
    expect(run('items[1].sku')).toBe('B');
    expect(run('items.length')).toBe(3);
    expect(run('missing.deep.path')).toBeUndefined();
    expect(run('missing?.x')).toBeUndefined();
    expect(run('[1, 2, ...[3, 4]]')).toEqual([1, 2, 3, 4]);
    expect(run('{a: 1, "b c": qty}["b c"]')).toBe(3);
    expect(run('open * 2')).toBe(14);
  });

  it('runs the arrow-function forms pdfme templates use', () => {
    expect(run('items.reduce((s, i) => s + i.qty * i.price, 0)')).toBe(25.9);
    expect(run('orders.reduce((sum, item) => sum + parseFloat(item[1]) * parseFloat(item[2]), 0)')).toBe(6.25);
    expect(run("date.split('/')[0]")).toBe('27');
    expect(run('items.map(i => i.sku).join("-")')).toBe('A-B-C');
    expect(run('items.filter(i => i.qty > 1).length')).toBe(2);
    expect(run('items.find(i => i.sku === "C").price')).toBe(0.1);
    expect(run('items.some(function_ => true)')).toBe(true);
    expect(run('items.map((i) => { return i.qty; })')).toEqual([2, 1, 4]);
    expect(run('Number(price).toFixed(1)')).toBe('12.5');
    expect(run('Math.max(...items.map(i => i.qty))')).toBe(4);
    expect(run('JSON.parse("[1,2]").length')).toBe(2);
    expect(run('name.toUpperCase().padStart(5, "*")')).toBe('**ADA');
  });

  it('has a library of totals, lists, numbers, text and dates', () => {
    expect(run("sum(items, 'qty')")).toBe(7);
    expect(run('sum(items, i => i.qty * i.price)')).toBe(25.9);
    expect(run('sum(1, 2, 3)')).toBe(6);
    expect(run("avg(items, 'qty')")).toBeCloseTo(7 / 3);
    expect(run("min(items, 'price')")).toBe(0.1);
    expect(run("max(items, 'price')")).toBe(10);
    expect(run('count(items)')).toBe(3);
    expect(run('count(items, i => i.qty > 1)')).toBe(2);
    expect(run('sum(empty)')).toBe(0);
    expect(run("sort(items, 'price').map(i => i.sku)")).toEqual(['C', 'B', 'A']);
    expect(run("sort(items, 'qty', 'desc')[0].sku")).toBe('C');
    expect(run("groupBy(items, 'category').map(g => g.key + ':' + count(g.items))")).toEqual(['tools:2', 'food:1']);
    expect(run('round(2.345, 2)')).toBe(2.35);
    expect(run('round(-2.5)')).toBe(-3);
    expect(run("join(items, ' / ', 'sku')")).toBe('A / B / C');
    expect(run('upper(name) + lower("X") + trim("  y ")')).toBe('ADAxy');
    expect(run('formatNumber(1234.5, 2)')).toBe('1,234.50');
    expect(run("currency(1234.5, 'EUR')")).toBe('€1,234.50');
    expect(run('today()')).toBe('2026-11-27');
    expect(run("formatDate('2024-03-05', 'dd/MM/yyyy')")).toBe('05/03/2024');
    expect(run("addDays('2024-02-28', 2)")).toBe('2024-03-01');
    expect(run("diffDays('2024-01-01', '2024-03-01')")).toBe(60);
    expect(run("year('2024-03-05') * 100 + month('2024-03-05')")).toBe(202403);
  });

  it('never changes the data it reads', () => {
    const list = [3, 1, 2];
    const frozen = Object.freeze({ list: Object.freeze(list) });
    const out = evaluateExpressionText('list.sort().concat(list.reverse())', { lookup: recordLookup(frozen) });
    expect(out).toEqual([1, 2, 3, 2, 1, 3]);
    expect(list).toEqual([3, 1, 2]);
  });

  it('reports bad text with its offset', () => {
    expect(() => parseExpression('qty *')).toThrowError(/offset 5/);
    expect(errorName('a = 1')).toBe('ExprSyntaxError');
    expect(errorName('new Date()')).toBe('ExprSyntaxError');
    expect(errorName('this.x')).toBe('ExprSyntaxError');
    expect(errorName('(((((((((((((((((((((((((((((((((((((((((((((((((((((1')).toBe('ExprSyntaxError');
    expect(errorName('"open')).toBe('ExprSyntaxError');
  });

  it('refuses prototypes, constructors, globals and host functions', () => {
    expect(errorName('constructor')).toBe('ExprForbidden');
    expect(errorName('name.constructor')).toBe('ExprForbidden');
    expect(errorName("name['constructor']['constructor']('return process')()")).toBe('ExprForbidden');
    expect(errorName('items.__proto__')).toBe('ExprForbidden');
    expect(errorName('({}).__proto__')).toBe('ExprForbidden');
    expect(errorName('{__proto__: {x: 1}}')).toBe('ExprForbidden');
    expect(errorName('Math.constructor')).toBe('ExprForbidden');
    expect(run('globalThis')).toBeUndefined();
    expect(run('process')).toBeUndefined();
    expect(errorName('process.exit()')).toBe('ExprEvalError');
    expect(errorName('import(name)')).toBe('ExprSyntaxError');
    expect(errorName('eval("1")')).toBe('ExprEvalError');
    expect(errorName('name.valueOf()')).toBe('ExprEvalError');
    expect(run('name.toString')).toBeUndefined();
  });

  it('stops runaway expressions with a catalogued error', () => {
    expect(errorName('(f => f(f))(f => f(f))')).toBe('ExprLimitExceeded');
    expect(errorName("'x'.repeat(2000000)")).toBe('ExprLimitExceeded');
    expect(errorName("'ab'.padStart(1e9)")).toBe('ExprLimitExceeded');
    const big = Array.from({ length: 2000 }, (_, i) => i);
    expect(() =>
      evaluateExpressionText('big.map(a => big.map(b => a * b))', { lookup: recordLookup({ big }), maxSteps: 50_000 }),
    ).toThrowError(/steps/);
  });
});
