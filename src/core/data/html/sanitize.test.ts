import { describe, expect, it } from 'vitest';
import { htmlToText, safeUrl, sanitizeHtml } from './sanitize';
import { decodeEntities, tokenizeHtml } from './tokenize';

describe('sanitizeHtml', () => {
  it.each([
    ['keeps formatting', '<p>Hello <b>world</b> <i>!</i></p>', '<p>Hello <b>world</b> <i>!</i></p>'],
    ['drops script with its content', 'a<script>alert(1)</script>b', 'ab'],
    ['drops script in any case', 'a<SCRIPT type="x">alert(1)</ScRiPt>b', 'ab'],
    ['drops an unclosed script and the rest', 'a<script>alert(1)', 'a'],
    ['drops style', '<style>p{color:red}</style><p>x</p>', '<p>x</p>'],
    ['drops event handlers', '<p onclick="alert(1)" class="c">x</p>', '<p class="c">x</p>'],
    ['drops handlers without quotes', '<img src=x.png onerror=alert(1)>', '<img src="x.png">'],
    ['drops javascript: links', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['drops obfuscated javascript: links', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['drops entity-encoded javascript: links', '<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['drops vbscript links', '<a href="vbscript:msgbox">x</a>', '<a>x</a>'],
    [
      'keeps http links',
      '<a href="https://example.com/?a=1&amp;b=2">x</a>',
      '<a href="https://example.com/?a=1&amp;b=2">x</a>',
    ],
    ['keeps mailto', '<a href="mailto:a@b.c">m</a>', '<a href="mailto:a@b.c">m</a>'],
    ['drops data: html links', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    ['keeps data:image for img', '<img src="data:image/png;base64,AAAA">', '<img src="data:image/png;base64,AAAA">'],
    ['drops data:image/svg', '<img src="data:image/svg+xml;base64,AAAA">', '<img>'],
    ['drops iframes with content', '<iframe src="https://x"><p>in</p></iframe>ok', 'ok'],
    ['drops nested svg', '<svg><svg><script>x</script></svg>inner</svg>after', 'after'],
    ['unwraps unknown tags', '<custom-el><p>x</p></custom-el>', '<p>x</p>'],
    ['drops forms but keeps their text', '<form action="x"><input value="v">t</form>', 't'],
    ['drops comments', 'a<!-- <script>x</script> -->b', 'ab'],
    ['escapes stray brackets', '1 < 2 > 0', '1 &lt; 2 &gt; 0'],
    ['closes open tags', '<p><b>x', '<p><b>x</b></p>'],
    ['ignores stray end tags', 'x</div></p>', 'x'],
    ['drops dangerous style', '<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['drops expression() style', '<p style="width:expression(alert(1))">x</p>', '<p>x</p>'],
    ['keeps simple style', '<p style="color: red">x</p>', '<p style="color: red">x</p>'],
    [
      'adds rel to target links',
      '<a href="https://x" target="_blank">x</a>',
      '<a href="https://x" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['escapes attribute quotes', "<p title='a\"b'>x</p>", '<p title="a&quot;b">x</p>'],
    ['drops duplicate attributes', '<p class="a" class="b">x</p>', '<p class="a">x</p>'],
    [
      'keeps tables',
      '<table><tr><td colspan="2">x</td></tr></table>',
      '<table><tr><td colspan="2">x</td></tr></table>',
    ],
    ['treats textarea as text container and drops it', '<textarea><script>x</script></textarea>y', 'y'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('never lets an event handler or script through, whatever the nesting', () => {
    const nasty = [
      '<<script>script>alert(1)<</script>/script>',
      '<img """><script>alert(1)</script>">',
      '<scr<script>ipt>alert(1)</script>',
      '<a href=" javascript:alert(1)">x</a>',
      '<div/onmouseover="alert(1)">x</div>',
      '<svg/onload=alert(1)>',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    ];
    for (const input of nasty) {
      const out = sanitizeHtml(input).toLowerCase();
      expect(out).not.toMatch(/<script|javascript:|\son\w+=/);
    }
  });
});

describe('safeUrl', () => {
  it.each([
    ['https://a.b/c', 'href', 'https://a.b/c'],
    ['/relative/path', 'href', '/relative/path'],
    ['tel:+861234', 'href', 'tel:+861234'],
    ['tel:+861234', 'src', undefined],
    ['JAVASCRIPT:x', 'href', undefined],
    ['data:image/jpeg;base64,AA', 'src', 'data:image/jpeg;base64,AA'],
    ['data:image/jpeg;base64,AA', 'href', undefined],
  ] as const)('%s (%s)', (url, attribute, expected) => {
    expect(safeUrl(url, attribute)).toBe(expected);
  });
});

describe('htmlToText', () => {
  it.each([
    ['<p>a</p><p>b</p>', 'a\nb'],
    ['a<br>b', 'a\nb'],
    ['<ul><li>one</li><li>two</li></ul>', 'one\ntwo'],
    ['<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>', 'a\tb\nc\td'],
    ['x <script>bad()</script> y', 'x y'],
    ['Tom &amp; Jerry &lt;3 &#x4e2d;&#25991;', 'Tom & Jerry <3 中文'],
    ['<pre>a\n  b</pre>', 'a\n  b'],
    ['<img alt="logo">', 'logo'],
    ['  lots   of\n  space ', 'lots of space'],
  ])('%j → %j', (html, expected) => {
    expect(htmlToText(html)).toBe(expected);
  });
});

describe('tokenizer', () => {
  it('reads attributes in every quoting style', () => {
    const [token] = tokenizeHtml('<a href="x" title=\'y\' data-z=w checked>');
    expect(token).toEqual({
      kind: 'start',
      name: 'a',
      selfClosing: false,
      attributes: [
        { name: 'href', value: 'x' },
        { name: 'title', value: 'y' },
        { name: 'data-z', value: 'w' },
        { name: 'checked', value: '' },
      ],
    });
  });

  it('decodes entities and leaves unknown ones', () => {
    expect(decodeEntities('&amp;&lt;&#65;&#x42;&unknown;&#0;')).toBe('&<AB&unknown;\ufffd');
  });
});
