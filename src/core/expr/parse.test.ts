import { describe, expect, it } from 'vitest';
import { isQuireError } from '../errors';
import { parseFilters, parseTagExpression, parseTemplate } from './parse';
import { formatPath, parsePath, splitPath } from './path';

describe('paths', () => {
  it.each([
    ['a', ['a']],
    ['a.b.c', ['a', 'b', 'c']],
    ['Unit\\.price', ['Unit.price']],
    ['order.Unit\\.price', ['order', 'Unit.price']],
    ['a\\\\.b', ['a\\', 'b']],
    [' 客户 . 名称 ', ['客户', '名称']],
    ['items.0.name', ['items', '0', 'name']],
  ])('%j → %j', (text, segments) => {
    expect(splitPath(text)).toEqual(segments);
    expect(splitPath(formatPath(segments))).toEqual(segments);
  });

  it('reads # as the current item', () => {
    expect(parsePath('#')).toEqual({ segments: [], current: true });
    expect(parsePath('#.name')).toEqual({ segments: ['name'], current: true });
    expect(parsePath('name')).toEqual({ segments: ['name'], current: false });
    expect(formatPath({ segments: ['a.b'], current: true })).toBe('#.a\\.b');
  });
});

describe('filters', () => {
  it.each([
    ['upper', [{ name: 'upper', args: [] }]],
    ['currency:EUR:0', [{ name: 'currency', args: ['EUR', '0'] }]],
    ['customDate:"yyyy-MM-dd HH:mm"', [{ name: 'customDate', args: ['yyyy-MM-dd HH:mm'] }]],
    ["prefix:'a|b:c'", [{ name: 'prefix', args: ['a|b:c'] }]],
    ['suffix:"say \\"hi\\""', [{ name: 'suffix', args: ['say "hi"'] }]],
    [
      'default:"" | case:upper',
      [
        { name: 'default', args: [''] },
        { name: 'case', args: ['upper'] },
      ],
    ],
    [
      ' number : 2 | prefix : ¥ ',
      [
        { name: 'number', args: ['2'] },
        { name: 'prefix', args: ['¥'] },
      ],
    ],
  ])('%j', (text, calls) => {
    expect(parseFilters(text)).toEqual(calls);
  });

  it.each(['../../', '', 'a b', '1abc', 'x:"open', 'x:"a"b', 'a||b'])('rejects %j with TemplateParseError', (text) => {
    try {
      parseFilters(text);
      expect.unreachable();
    } catch (error) {
      expect(isQuireError(error, 'TemplateParseError')).toBe(true);
    }
  });

  it('rejects unknown filters when told which exist', () => {
    expect(() => parseFilters('nope', 'x', { isKnownFilter: (n) => n === 'upper' })).toThrow('unknown filter');
  });

  it('parses a whole tag expression', () => {
    expect(parseTagExpression(' amount | currency:USD ')).toEqual({
      path: { segments: ['amount'], current: false },
      filters: [{ name: 'currency', args: ['USD'] }],
      source: 'amount | currency:USD',
    });
  });
});

describe('parseTemplate', () => {
  it('splits text, tags and sections', () => {
    expect(parseTemplate('Hi {name}! {#items}[{#}]{/items}{^items}none{/items}')).toEqual([
      { type: 'text', value: 'Hi ' },
      { type: 'tag', expr: { path: { segments: ['name'], current: false }, filters: [], source: 'name' } },
      { type: 'text', value: '! ' },
      {
        type: 'section',
        inverted: false,
        expr: { path: { segments: ['items'], current: false }, filters: [], source: 'items' },
        children: [
          { type: 'text', value: '[' },
          { type: 'tag', expr: { path: { segments: [], current: true }, filters: [], source: '#' } },
          { type: 'text', value: ']' },
        ],
      },
      {
        type: 'section',
        inverted: true,
        expr: { path: { segments: ['items'], current: false }, filters: [], source: 'items' },
        children: [{ type: 'text', value: 'none' }],
      },
    ]);
  });

  it('keeps braces that are not tags as text', () => {
    expect(parseTemplate('a {} b \\{name} c')).toEqual([{ type: 'text', value: 'a {} b {name} c' }]);
    expect(parseTemplate('{ {x}')).toEqual([
      { type: 'text', value: '{ ' },
      { type: 'tag', expr: { path: { segments: ['x'], current: false }, filters: [], source: 'x' } },
    ]);
  });

  it('allows a closing brace inside a quoted argument', () => {
    const [node] = parseTemplate('{x | suffix:"}"}');
    expect(node).toMatchObject({ type: 'tag', expr: { filters: [{ name: 'suffix', args: ['}'] }] } });
  });

  it('uses double braces when configured', () => {
    expect(parseTemplate('{a} {{b}}', { delimiters: 'double' })).toEqual([
      { type: 'text', value: '{a} ' },
      { type: 'tag', expr: { path: { segments: ['b'], current: false }, filters: [], source: 'b' } },
    ]);
    expect(parseTemplate('{{#l}}x{{/l}}', { delimiters: 'double' })[0]).toMatchObject({ type: 'section' });
  });

  it('nests sections and lets {/} close the innermost', () => {
    const [outer] = parseTemplate('{#a}{#b}x{/}{/a}');
    expect(outer).toMatchObject({ type: 'section', children: [{ type: 'section', children: [{ value: 'x' }] }] });
  });

  it.each([
    ['{#a}x', "section 'a' is not closed"],
    ['{/a}', 'closes no section'],
    ['{#a}x{/b}', "closes section 'a'"],
    ['{name', 'unclosed tag'],
    ['{ | upper}', 'missing variable path'],
    ['{a..b}', 'invalid path'],
    ['{a | ../../}', 'invalid filter name'],
  ])('%j fails: %s', (text, reason) => {
    try {
      parseTemplate(text);
      expect.unreachable();
    } catch (error) {
      expect(isQuireError(error, 'TemplateParseError')).toBe(true);
      expect((error as Error).message).toContain(reason);
      expect((error as { issues: unknown[] }).issues).toHaveLength(1);
    }
  });
});
