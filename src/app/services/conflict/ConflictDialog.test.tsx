import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConflictDialog, type ConflictDialogTexts } from './ConflictDialog';
import type { Conflict } from './conflict';

const texts: ConflictDialogTexts = {
  title: 'Changed elsewhere',
  intro: 'Pick one',
  takeTheirs: 'Take theirs',
  keepMine: 'Keep mine',
  keepCopy: 'Keep mine as a copy',
  unchanged: (n) => `${n} more the same`,
  absent: 'Not in this version',
  noTextChanges: 'Same text',
};

const conflict: Conflict = {
  mine: {
    label: 'Mine (this tab)',
    content: 'm',
    revision: 2,
    parts: [
      { id: 'a', kind: 'richText', text: 'Hello' },
      { id: 'b', kind: 'richText', text: 'typed here' },
    ],
  },
  theirs: {
    label: 'Theirs (server)',
    content: 't',
    revision: 4,
    parts: [
      { id: 'a', kind: 'richText', text: 'Hello' },
      { id: 'b', kind: 'richText', text: 'typed there' },
      { id: 'c', kind: 'qrcode', text: 'https://q' },
    ],
  },
};

describe('ConflictDialog', () => {
  it('shows both labels, the differing parts side by side, and the three choices', () => {
    const html = renderToStaticMarkup(<ConflictDialog conflict={conflict} texts={texts} onResolve={() => {}} />);
    expect(html).toContain('Mine (this tab)');
    expect(html).toContain('Theirs (server)');
    expect(html).toMatch(/<td>typed there<\/td><td>typed here<\/td>/);
    expect(html).toMatch(/<td>https:\/\/q<\/td><td class="qc-absent">Not in this version<\/td>/);
    expect(html).toContain('1 more the same');
    for (const label of ['Take theirs', 'Keep mine', 'Keep mine as a copy'])
      expect(html).toContain(`>${label}</button>`);
  });

  it('disables the choices while one is being written and shows a failure', () => {
    const html = renderToStaticMarkup(
      <ConflictDialog conflict={conflict} texts={texts} onResolve={() => {}} busy error="disk full" />,
    );
    expect(html.match(/disabled=""/g)).toHaveLength(3);
    expect(html).toContain('disk full');
  });
});
