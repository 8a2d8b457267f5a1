import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from './sanitize';

// Pieces attackers combine; random concatenations explore tokenizer edge cases.
const FRAGMENTS = [
  '<',
  '>',
  '/',
  '"',
  "'",
  '=',
  ' ',
  '\t',
  '\n',
  '<script>',
  '</script>',
  '<scr',
  'ipt>',
  '<img src=x onerror=alert(1)>',
  '<a href="',
  'javascript:',
  'java\tscript:',
  '&#106;avascript:',
  'onload=',
  ' onclick="x()"',
  '<svg',
  '<style>',
  '<!--',
  '-->',
  '<p>',
  '</p>',
  '<b>',
  'text',
  '中文',
  '&amp;',
  '&lt;',
  '<iframe>',
  'data:text/html,',
];

const hostile = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 30 }).map((parts) => parts.join(''));

describe('sanitizeHtml properties', () => {
  it('never emits script, event handlers or javascript: URLs', () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const out = sanitizeHtml(input);
        // Inside tags nothing dangerous survives; text nodes are escaped so '<' never opens a tag.
        const tags = out.match(/<[^>]*>/g) ?? [];
        for (const tag of tags) {
          expect(tag).toMatch(/^<\/?[a-z0-9]+( [a-z]+="[^"]*")*>$/);
          expect(tag).not.toMatch(/^<\/?(script|style|iframe|svg)/);
          for (const [, name, value] of tag.matchAll(/ ([a-z]+)="([^"]*)"/g)) {
            expect(name).not.toMatch(/^on/);
            if (name === 'href' || name === 'src')
              expect(value!.toLowerCase()).not.toMatch(/^\s*(javascript|vbscript|data:text)/);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const once = sanitizeHtml(input);
        expect(sanitizeHtml(once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the text of harmless markup', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((s) => !/[<>&]/.test(s)),
        (text) => {
          expect(htmlToText(sanitizeHtml(`<p>${text}</p>`))).toBe(text.replace(/\s+/g, ' ').trim());
        },
      ),
      { numRuns: 300 },
    );
  });
});
