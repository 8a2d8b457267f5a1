import { describe, expect, it } from 'vitest';
import { neutralizeLinks } from './OfficePreview';

/** Just enough of an element for the links docx-preview draws. */
function link(href: string) {
  const attrs = new Map([['href', href]]);
  return {
    attrs,
    getAttribute: (name: string) => attrs.get(name) ?? null,
    setAttribute: (name: string, value: string) => void attrs.set(name, value),
    removeAttribute: (name: string) => void attrs.delete(name),
  };
}

describe('neutralizeLinks', () => {
  it('keeps web, mail and in-document links and disarms every other scheme', () => {
    const links = [
      'https://quire.example/a',
      'mailto:a@b.c',
      '#_Toc1',
      'javascript:alert(1)',
      ' JavaScript:x',
      'file:///etc/passwd',
      'data:text/html,x',
    ].map(link);
    neutralizeLinks({ querySelectorAll: () => links } as unknown as ParentNode);
    expect(links.map((l) => l.attrs.get('href') ?? null)).toEqual([
      'https://quire.example/a',
      'mailto:a@b.c',
      '#_Toc1',
      null,
      null,
      null,
      null,
    ]);
    expect(links[0]!.attrs.get('rel')).toBe('noopener noreferrer');
    expect(links[2]!.attrs.has('target')).toBe(false);
  });
});
