import { describe, expect, it } from 'vitest';
import { isQuireError, type QuireError } from '../errors';
import { isValidVariablePath, legalPathSegment } from './names';
import { parseTagExpression, parseTemplate } from './parse';

function parseFailure(text: string): QuireError {
  try {
    parseTemplate(text);
  } catch (error) {
    if (isQuireError(error)) return error;
    throw error;
  }
  throw new Error(`${text} parsed`);
}

describe('variable paths (spec 001 §5.1)', () => {
  it.each([
    'name',
    'customer.name',
    'Order no',
    'Customer.0.Company',
    'signatureByPerson.Li Wei.image',
    'Unit\\.price',
    '客户名称',
    '客户.名称',
    'お客様',
    'café',
    '$index',
    '$number',
    '_private',
    '#',
    '#.amount',
    'Request_No_',
  ])('%j is legal', (path) => {
    expect(isValidVariablePath(path)).toBe(true);
  });

  it.each(['1abc', 'a-b', '1 bad-name!', 'a.1abc', 'a.b-c', '0.a', 'a!', '😀', 'a/b', 'x()', 'a.\\.b'])(
    '%j breaks the rule',
    (path) => {
      expect(isValidVariablePath(path)).toBe(false);
    },
  );
});

describe('the tag parser refuses illegal names', () => {
  it.each([
    '{1abc}',
    '{a-b}',
    '{1 bad-name!}',
    '{#1abc}x{/1abc}',
    '{^a-b}x{/a-b}',
    '{#items}{a-b}{/items}',
    '{x | upper}{a-b | upper}',
  ])('%s fails with invalid variable name and where', (text) => {
    const error = parseFailure(text);
    expect(error.errorName).toBe('InvalidVariableName');
    expect(error.message).toContain('invalid variable name');
    expect(error.issues[0]?.path).toMatch(/^offset \d+$/);
    expect(error.issues[0]?.reason).toMatch(/^invalid variable name '/);
  });

  it('names the offset of the offending tag', () => {
    expect(parseFailure('Hello {name}, {a-b}').issues[0]).toEqual({
      path: 'offset 14',
      reason: "invalid variable name 'a-b'",
    });
  });

  it('keeps parsing legal names, loops and indexes', () => {
    expect(() => parseTemplate('{Order no} {#Lines}{#}{Product}{$number}{/Lines} {Customer.0.Company}')).not.toThrow();
    expect(parseTagExpression('Unit\\.price | number:2').path.segments).toEqual(['Unit.price']);
  });
});

describe('names from data as path segments', () => {
  it.each([
    ['Li Wei', 'Li Wei'],
    ['Department manager', 'Department manager'],
    ['Jean-Pierre', 'Jean_Pierre'],
    ['J. Smith', 'J_ Smith'],
    ['2nd approver', '_2nd approver'],
    ['王芳', '王芳'],
    ['-', '_'],
    ['', '_'],
  ])('%j → %j', (name, segment) => {
    expect(legalPathSegment(name)).toBe(segment);
    expect(isValidVariablePath(`signatureByPerson.${segment}.image`)).toBe(true);
  });
});
