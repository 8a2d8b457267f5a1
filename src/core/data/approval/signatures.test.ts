import { describe, expect, it } from 'vitest';
import { groupSignatures, normalizeOperation, signatureEntries } from './signatures';
import type { ProcessEntry } from './types';

const opts = { lang: 'en-US' as const, timeZone: 'Asia/Shanghai' };
const step = (
  nodeName: string,
  userName: string,
  operation: string,
  extra: Partial<ProcessEntry> = {},
): ProcessEntry => ({
  nodeName,
  userName,
  operation,
  time: 1709602200000,
  ...extra,
});
const sig = (img: string, label = '') => ({ signature: { img, label } });

describe('signature rules', () => {
  it('shows the image for approved entries', () => {
    const [entry] = signatureEntries([step('Manager', 'Ann', 'APPROVED', sig('ann.png', 'Ann L.'))], opts);
    expect(entry).toMatchObject({
      image: 'ann.png',
      signatureImage: 'ann.png',
      label: 'Ann L.',
      approveStatus: 'Approved',
      timeStr: '2024-03-05 09:30:00',
      nodeName: 'Manager',
      name: 'Ann',
      comment: '-',
    });
  });

  it('shows the image for auto-skipped entries', () => {
    const [entry] = signatureEntries([step('Finance', 'Ann', 'AUTO_SKIP', sig('ann.png'))], opts);
    expect(entry!.image).toBe('ann.png');
    expect(entry!.approveStatus).toBe('Approved automatically');
  });

  it('keeps in-progress entries without an image', () => {
    const entries = signatureEntries([step('CFO', 'Bo', 'PENDING', { ...sig('bo.png'), time: null })], opts);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ image: '', signatureImage: '', timeStr: '-', approveStatus: 'Pending' });
  });

  it.each(['PENDING', 'in progress', 'approving', 'waiting'])(
    'an approver still deciding (%s) shows no image anywhere, even one signed earlier',
    (operation) => {
      const process = [step('Manager', 'Bo', 'APPROVED', sig('bo.png')), step('CFO', 'Bo', operation, sig('bo-2.png'))];
      const groups = groupSignatures(process, opts);
      const pending = groups.entries[1]!;
      expect(pending).toMatchObject({ image: '', signatureImage: '', nodeName: 'CFO' });
      expect(groups.byNode.CFO).toMatchObject({ image: '', signatureImage: '' });
      expect(groups.byPerson.Bo).toMatchObject({ image: '', signatureImage: '' });
      expect(groups.listByPerson.Bo!.map((e) => e.signatureImage)).toEqual(['bo.png', '']);
      // The earlier, finished approval keeps its signature.
      expect(groups.byNode.Manager).toMatchObject({ image: 'bo.png', signatureImage: 'bo.png' });
    },
  );

  it('shows no image for rejected entries', () => {
    expect(signatureEntries([step('CFO', 'Bo', 'REJECTED', sig('bo.png'))], opts)[0]!.image).toBe('');
  });

  it.each(['', '-', '  '])('ignores entries whose node name is %j', (nodeName) => {
    expect(signatureEntries([step(nodeName, 'Bo', 'APPROVED', sig('bo.png'))], opts)).toEqual([]);
  });

  it("reuses a user's signature image for their later entries only", () => {
    const entries = signatureEntries(
      [
        step('First', 'Ann', 'APPROVED'),
        step('Second', 'Ann', 'APPROVED', sig('ann.png')),
        step('Third', 'Ann', 'AUTO_PASS'),
        step('Fourth', 'Bo', 'APPROVED'),
      ],
      opts,
    );
    expect(entries.map((e) => e.image)).toEqual(['', 'ann.png', 'ann.png', '']);
  });

  it('tells users apart by id when names repeat', () => {
    const entries = signatureEntries(
      [step('A', 'Li', 'APPROVED', { userId: 'u1', ...sig('li1.png') }), step('B', 'Li', 'APPROVED', { userId: 'u2' })],
      opts,
    );
    expect(entries[1]!.image).toBe('');
  });

  it('localizes the result', () => {
    expect(signatureEntries([step('N', 'A', 'APPROVED')], { ...opts, lang: 'zh-CN' })[0]!.approveStatus).toBe('同意');
    expect(signatureEntries([step('N', 'A', 'REJECTED')], { ...opts, lang: 'ja-JP' })[0]!.approveStatus).toBe('却下');
  });

  it.each([
    ['pass', 'APPROVED'],
    ['Auto-Skip', 'AUTO_PASS'],
    ['carbon copy', 'CC'],
    ['in progress', 'PENDING'],
    ['strange', 'STRANGE'],
  ])('normalizes %s', (raw, expected) => {
    expect(normalizeOperation(raw)).toBe(expected);
  });
});

describe('signature groupings', () => {
  const process = [
    step('Submit', 'Ann', 'START', sig('ann.png')),
    step('Review', 'Bo', 'APPROVED', { ...sig('bo.png'), comment: { commentStr: 'fine', fileStr: '' } }),
    step('Review', 'Bo', 'COMMENT', { comment: { commentStr: 'one more thing', fileStr: '' } }),
    step('Review', 'Cy', 'CC'),
    step('Finance', 'Bo', 'AUTO_PASS'),
    step('Finance', 'Dee', 'PENDING'),
  ];
  const groups = groupSignatures(process, opts);

  it('by person: one entry each, the latest, never a comment or carbon copy', () => {
    expect(Object.keys(groups.byPerson)).toEqual(['Ann', 'Bo', 'Dee']);
    expect(groups.byPerson.Bo).toMatchObject({
      nodeName: 'Finance',
      image: 'bo.png',
      approveStatus: 'Approved automatically',
    });
    expect(groups.byPerson.Cy).toBeUndefined();
  });

  it('by node: one entry each, never a comment or carbon copy', () => {
    expect(Object.keys(groups.byNode)).toEqual(['Submit', 'Review', 'Finance']);
    expect(groups.byNode.Review).toMatchObject({ name: 'Bo', comment: 'fine' });
    expect(groups.byNode.Finance).toMatchObject({ name: 'Dee', image: '' });
  });

  it('lists keep every entry in order, comments and carbon copies included', () => {
    expect(groups.listByNode.Review!.map((e) => `${e.name}:${e.approveStatus}`)).toEqual([
      'Bo:Approved',
      'Bo:Commented',
      'Cy:Copied',
    ]);
    expect(groups.listByPerson.Bo!.map((e) => e.nodeName)).toEqual(['Review', 'Review', 'Finance']);
    expect(groups.listByPerson.Cy).toHaveLength(1);
  });

  it("prints the applicant's signature on submission", () => {
    expect(groups.byNode.Submit!.image).toBe('ann.png');
  });
});

describe('signature grouping keys', () => {
  it('are legal path segments: inner spaces stay, dots and dashes become _', () => {
    const groups = groupSignatures(
      [step('Dept. head', 'Jean-Pierre', 'APPROVED', sig('jp.png')), step('Team lead', 'Li Wei', 'APPROVED')],
      opts,
    );
    expect(Object.keys(groups.byPerson)).toEqual(['Jean_Pierre', 'Li Wei']);
    expect(Object.keys(groups.byNode)).toEqual(['Dept_ head', 'Team lead']);
    expect(groups.byNode['Dept_ head']).toMatchObject({ nodeName: 'Dept. head', name: 'Jean-Pierre', image: 'jp.png' });
    expect(Object.keys(groups.listByPerson)).toEqual(['Jean_Pierre', 'Li Wei']);
  });
});

describe('signatures saved in Quire (#31)', () => {
  const saved = [
    { name: 'Ann', image: 'data:image/png;base64,ANN' },
    { userId: 'u-bo', name: 'Bo', image: 'data:image/png;base64,BO' },
  ];
  const withSaved = { ...opts, knownSignatures: saved };

  it.each([
    [
      'approved, no image of its own',
      step('Manager', 'Ann', 'APPROVED'),
      'data:image/png;base64,ANN',
      'data:image/png;base64,ANN',
    ],
    ['auto-skipped', step('Finance', 'Ann', 'AUTO_PASS'), 'data:image/png;base64,ANN', 'data:image/png;base64,ANN'],
    [
      'the applicant’s submission',
      step('Submit', 'Ann', 'START'),
      'data:image/png;base64,ANN',
      'data:image/png;base64,ANN',
    ],
    ['pending: never prints', step('CFO', 'Ann', 'PENDING'), '', ''],
    [
      'rejected: kept as the person’s image, not shown as approved',
      step('CFO', 'Ann', 'REJECTED'),
      '',
      'data:image/png;base64,ANN',
    ],
    ['the instance’s own image wins', step('Manager', 'Ann', 'APPROVED', sig('then.png')), 'then.png', 'then.png'],
    [
      'matched by user id before name',
      step('Manager', 'Robert', 'APPROVED', { userId: 'u-bo' }),
      'data:image/png;base64,BO',
      'data:image/png;base64,BO',
    ],
    [
      'a same-named person with another id is someone else',
      step('Manager', 'Bo', 'APPROVED', { userId: 'u-other' }),
      '',
      '',
    ],
    ['a person with no saved signature', step('Manager', 'Cai', 'APPROVED'), '', ''],
  ])('%s', (_case, entry, image, signatureImage) => {
    const [mapped] = signatureEntries([entry], withSaved);
    expect(mapped).toMatchObject({ image, signatureImage });
  });

  it('comment and carbon-copy entries stay out of the single-value maps with a saved signature too', () => {
    const groups = groupSignatures(
      [step('Manager', 'Ann', 'APPROVED'), step('Manager', 'Ann', 'COMMENT'), step('Notify', 'Ann', 'CC')],
      withSaved,
    );
    expect(groups.byNode.Manager).toMatchObject({ operation: 'APPROVED', image: 'data:image/png;base64,ANN' });
    expect(groups.byNode.Notify).toBeUndefined();
    expect(groups.listByPerson.Ann!.map((e) => e.operation)).toEqual(['APPROVED', 'COMMENT', 'CC']);
  });

  it('an image the instance had for a person is reused before the saved one', () => {
    const entries = signatureEntries(
      [step('Manager', 'Ann', 'APPROVED', sig('then.png')), step('Finance', 'Ann', 'APPROVED')],
      withSaved,
    );
    expect(entries.map((e) => e.image)).toEqual(['then.png', 'then.png']);
  });
});

/**
 * The rules on whole instances (#31 tests): each row is one instance's process and what its
 * document prints — per node in the single-value map (or absent), and each list entry's image.
 * `A` / `B` stand for the images the instance carries, `saved:Ann` for Ann's saved signature.
 */
describe('signature selection on a table of instances', () => {
  const saved = [{ name: 'Ann', image: 'saved:Ann' }];
  const withSaved = { ...opts, knownSignatures: saved };
  const table: [string, ProcessEntry[], Record<string, string | undefined>, Record<string, string[]>][] = [
    [
      'all approved, each with an image of their own',
      [
        step('Submit', 'Cai', 'START', sig('C')),
        step('Manager', 'Bo', 'APPROVED', sig('B')),
        step('Finance', 'Ann', 'APPROVED', sig('A')),
      ],
      { Submit: 'C', Manager: 'B', Finance: 'A' },
      { Submit: ['C'], Manager: ['B'], Finance: ['A'] },
    ],
    [
      'auto-skipped node prints the saved signature; the pending approver prints none',
      [
        step('Submit', 'Cai', 'START', sig('C')),
        step('Manager', 'Ann', 'AUTO_PASS'),
        step('Finance', 'Ann', 'PENDING', sig('A')),
      ],
      { Submit: 'C', Manager: 'saved:Ann', Finance: '' },
      { Submit: ['C'], Manager: ['saved:Ann'], Finance: [''] },
    ],
    [
      'a comment and a carbon copy stay in the lists and out of the single-value maps',
      [step('Manager', 'Bo', 'APPROVED', sig('B')), step('Manager', 'Ann', 'COMMENT'), step('Notify', 'Ann', 'CC')],
      { Manager: 'B', Notify: undefined },
      { Manager: ['B', ''], Notify: [''] },
    ],
    [
      'an image the instance had is reused for the same person’s later entry, before the saved one',
      [step('Manager', 'Ann', 'APPROVED', sig('A')), step('Finance', 'Ann', 'APPROVED')],
      { Manager: 'A', Finance: 'A' },
      { Manager: ['A'], Finance: ['A'] },
    ],
    [
      'returned and re-approved: the latest entry of a node is the one the map prints',
      [
        step('Manager', 'Bo', 'REJECTED', sig('B')),
        step('Manager', 'Bo', 'ROLLBACK'),
        step('Manager', 'Bo', 'APPROVED'),
      ],
      { Manager: 'B' },
      { Manager: ['', '', 'B'] },
    ],
    [
      'nobody has an image: approvals print none, nothing is invented',
      [step('Submit', 'Cai', 'START'), step('Manager', 'Bo', 'APPROVED')],
      { Submit: '', Manager: '' },
      { Submit: [''], Manager: [''] },
    ],
  ];

  it.each(table)('%s', (_case, process, byNode, listByNode) => {
    const groups = groupSignatures(process, withSaved);
    for (const [node, image] of Object.entries(byNode)) expect(groups.byNode[node]?.image, node).toBe(image);
    for (const [node, images] of Object.entries(listByNode))
      expect(
        groups.listByNode[node]?.map((e) => e.image),
        node,
      ).toEqual(images);
  });
});
