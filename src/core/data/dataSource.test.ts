import { describe, expect, it } from 'vitest';
import { isQuireError } from '../errors';
import {
  dataSourceScope,
  groupVariables,
  openKindOf,
  parseDataSource,
  parseOpenValues,
  safeStringContent,
  sanitizeValues,
  stringContentText,
  VARIABLE_FIELD_TYPES,
} from './dataSource';
import { list, map, str } from './openValue';

const source = parseDataSource({
  groups: [
    {
      name: 'Order',
      description: 'The order',
      variables: [
        { fieldName: 'title', label: 'Title', fieldType: 'string' },
        { fieldName: 'notes', label: 'Notes', fieldType: 'string', stringContentFormat: 'html' },
        { fieldName: 'lines', label: 'Lines', fieldType: 'list', specId: 'line' },
        { fieldName: 'buyer', label: 'Buyer', fieldType: 'map', specId: 'party' },
      ],
    },
    { name: 'Shared', specId: 'party' },
  ],
  dataSpecs: [
    {
      id: 'line',
      variables: [
        { fieldName: 'name', fieldType: 'string' },
        { fieldName: 'desc', fieldType: 'string', stringContentFormat: 'html' },
      ],
    },
    { id: 'party', variables: [{ fieldName: 'bio', fieldType: 'string', stringContentFormat: 'html' }] },
  ],
});

describe('parseDataSource', () => {
  it('accepts groups with variables or a specId', () => {
    expect(source.groups).toHaveLength(2);
    expect(groupVariables(source, source.groups[1]!).map((v) => v.fieldName)).toEqual(['bio']);
    expect(groupVariables(source, source.groups[0]!)).toHaveLength(4);
  });

  it('defaults dataSpecs to none', () => {
    expect(parseDataSource({ groups: [] }).dataSpecs).toEqual([]);
  });

  it('rejects an unknown field type with a path', () => {
    try {
      parseDataSource({ groups: [{ name: 'g', variables: [{ fieldName: 'x', fieldType: 'blob' }] }] });
      expect.unreachable();
    } catch (error) {
      expect(isQuireError(error, 'DataInvalid')).toBe(true);
      expect((error as { issues: { path: string }[] }).issues[0]!.path).toBe('groups[0].variables[0].fieldType');
    }
  });

  it('rejects a reference to a spec that does not exist', () => {
    expect(() =>
      parseDataSource({ groups: [{ name: 'g', variables: [{ fieldName: 'x', fieldType: 'map', specId: 'nope' }] }] }),
    ).toThrow(/data is invalid/);
  });

  it('knows every field type of the spec', () => {
    expect([...VARIABLE_FIELD_TYPES].sort()).toEqual(
      [
        'attachment',
        'attachments',
        'bool',
        'datetime',
        'inline-image',
        'inline-images',
        'list',
        'map',
        'number',
        'numberList',
        'string',
      ].sort(),
    );
    expect(openKindOf('inline-images')).toBe('attachments');
    expect(openKindOf('numberList')).toBe('numberList');
  });
});

describe('string content', () => {
  it('sanitises html and keeps markdown and plain text as they are', () => {
    expect(safeStringContent('<b onclick="x()">hi</b>', 'html')).toBe('<b>hi</b>');
    expect(safeStringContent('<b>hi</b>', 'markdown')).toBe('<b>hi</b>');
    expect(safeStringContent('**hi**', undefined)).toBe('**hi**');
    expect(stringContentText('<p>a</p><p>b</p>', 'html')).toBe('a\nb');
  });

  it('sanitises html values at any depth, by the schema', () => {
    const variables = groupVariables(source, source.groups[0]!);
    const clean = sanitizeValues(source, variables, {
      title: str('<script>kept as text</script>'),
      notes: str('<p>ok<script>alert(1)</script></p>'),
      lines: list([map({ name: str('n'), desc: str('<img src=x onerror=alert(1)>') })]),
      buyer: map({ bio: str('<a href="javascript:x">me</a>') }),
    });
    expect(clean.title).toEqual(str('<script>kept as text</script>'));
    expect(clean.notes).toEqual(str('<p>ok</p>'));
    expect(clean.lines).toEqual(list([map({ name: str('n'), desc: str('<img src="x">') })]));
    expect(clean.buyer).toEqual(map({ bio: str('<a>me</a>') }));
  });
});

describe('parseOpenValues / dataSourceScope', () => {
  const input = {
    title: { type: 'string', value: 'Q1 report' },
    notes: { type: 'text', value: '<p onclick="x">hi</p>' },
    lines: {
      type: 'list',
      items: [
        {
          type: 'map',
          fields: { name: { type: 'string', value: 'a' }, desc: { type: 'string', value: '<script>x</script>ok' } },
        },
      ],
    },
    buyer: null,
    extra: { type: 'string', value: 'dropped' },
  };

  it('validates kinds, sanitises html at depth and drops unknown keys', () => {
    const values = parseOpenValues(source, input);
    // 'bio' comes from the group that refers to the 'party' spec.
    expect(Object.keys(values)).toEqual(['title', 'notes', 'lines', 'buyer', 'bio']);
    expect(values.notes).toEqual({ type: 'text', value: '<p>hi</p>' });
    expect(values.lines).toEqual(list([map({ name: str('a'), desc: str('ok') })]));
    expect(values.buyer).toBeNull();
  });

  it('gives the plain scope', () => {
    expect(JSON.parse(JSON.stringify(dataSourceScope(source, input)))).toEqual({
      title: 'Q1 report',
      notes: '<p>hi</p>',
      lines: [{ name: 'a', desc: 'ok' }],
      buyer: null,
      bio: null,
    });
  });

  it('names the path of a wrong kind', () => {
    try {
      parseOpenValues(source, {
        title: { type: 'number', numberValue: 1 },
        lines: { type: 'list', items: [{ type: 'map', fields: { name: { type: 'bool', value: true } } }] },
      });
      expect.unreachable();
    } catch (error) {
      expect(isQuireError(error, 'DataInvalid')).toBe(true);
      expect((error as { issues: { path: string; reason: string }[] }).issues).toEqual([
        { path: 'title', reason: 'expected string, got number' },
        { path: 'lines[0].name', reason: 'expected string, got bool' },
      ]);
    }
  });

  it('rejects a non-object', () => {
    expect(() => parseOpenValues(source, [1])).toThrow(/data is invalid/);
  });
});
