import { describe, expect, it } from 'vitest';
import { QuireError, quireErrorFromJSON } from '../../../core/errors';
import { refusalOf } from './ErrorPanel';

describe('refusalOf', () => {
  it('names the problem of a refused package, also after the worker dropped its params', () => {
    const local = new QuireError('TemplateParseError', { params: { problem: 'macro-enabled' } });
    expect(refusalOf(local)).toBe('macro-enabled');
    // What arrives from the render worker: name, message and issues only.
    const crossed = quireErrorFromJSON({
      name: 'TemplateParseError',
      issues: [{ path: 'word/document.xml', reason: 'dtd: DTDs and entities are not allowed' }],
    });
    expect(refusalOf(crossed)).toBe('dtd');
  });

  it('says nothing for other errors or problems it has no words for', () => {
    expect(refusalOf(new QuireError('TemplateError', { params: { problem: 'dtd' } }))).toBeUndefined();
    expect(refusalOf(new QuireError('TemplateParseError', { issues: [{ path: 'file', reason: 'kind: wrong' }] }))).toBe(
      undefined,
    );
    expect(refusalOf(new Error('dtd: x'))).toBeUndefined();
  });
});
