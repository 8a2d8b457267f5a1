import { describe, expect, it } from 'vitest';
import { content, fullRow, p, page, richText, signaturePng } from '../../../tests/fixtures/builders';
import { list, map, str } from '../../core/data/openValue';
import { parseTemplateContent } from '../../core/model/parse';
import type { VBlock } from '../view-model';
import { resolveDocument } from './document';

const signatureList = [
  { id: 'm', key: 'Manager', grouping: 'node', label: 'Approved by manager' },
  { id: 'f', key: 'Finance', grouping: 'node' },
  { id: 'l', key: 'Li Wei', grouping: 'personList', label: 'Li Wei (all)' },
  { id: 'x', key: 'Legal', grouping: 'node' },
];

const template = parseTemplateContent(
  content([page('p', [fullRow('r', richText('t', [p('Body')]))])] as never, {}, { signatureList } as never) as never,
);

const entry = (name: string, timeStr: string, image = '') => ({
  image,
  label: name,
  timeStr,
  comment: '-',
  nodeName: '-',
  name,
  approveStatus: 'Approved',
  signatureImage: image,
});

/** Text of a signature box, images as <image>. */
const boxText = (blocks: readonly VBlock[]): string[] =>
  blocks.flatMap((b) => {
    if (b.t === 'par') return [b.spans.map((s) => (s.t === 'text' ? s.s : '')).join('')];
    if (b.t === 'image') return ['<image>'];
    return [`<${b.t}>`];
  });

function signatureArea(blocks: readonly VBlock[]) {
  const area = blocks[blocks.length - 1]!;
  if (area.t !== 'box') throw new Error('the signature area is a box');
  return area.blocks.flatMap((row) => (row.t === 'row' ? [row.cols.map((c) => boxText(c.blocks))] : []));
}

describe('signature list', () => {
  it('prints each listed signature after the content, three per line, a line to sign where none exists', async () => {
    const image = signaturePng(1);
    const record = {
      signatureByNode: { Manager: entry('Chen Jing', '2026-11-16 09:30', image), Finance: entry('Wang Fang', '-') },
      signatureListByPerson: { 'Li Wei': [entry('Li Wei', '2026-11-15 10:12'), entry('Li Wei', '2026-11-17 08:00')] },
    };
    const { doc } = await resolveDocument(template, record, { loadImage: async () => new Uint8Array([1]) });
    const blocks = doc.sections[0]!.blocks;
    expect(boxText(blocks.slice(0, 1))).toEqual(['Body']);
    expect(signatureArea(blocks)).toEqual([
      [
        ['Approved by manager', '<image>', 'Chen Jing', '2026-11-16 09:30'],
        ['Finance', 'Wang Fang'],
        ['Li Wei (all)', 'Li Wei', '2026-11-15 10:12', 'Li Wei', '2026-11-17 08:00'],
      ],
      [['Legal', ' ', '<hr>'], [], []],
    ]);
  });

  it('reads the open values the approval mapping builds', async () => {
    const open = map({
      Manager: map({ image: str(''), name: str('Chen Jing'), timeStr: str('2026-11-16 09:30') }),
    });
    const { doc } = await resolveDocument(template, {
      signatureByNode: open,
      signatureListByPerson: map({ 'Li Wei': list([]) }),
    });
    const [first] = signatureArea(doc.sections[0]!.blocks);
    expect(first![0]).toEqual(['Approved by manager', 'Chen Jing', '2026-11-16 09:30']);
    expect(first![2]).toEqual(['Li Wei (all)', ' ', '<hr>']);
  });

  it('finds a signer whose name the mapping made a legal variable name', async () => {
    const refs = [{ id: 's', key: 'J. Smith', grouping: 'person' }];
    const tpl = parseTemplateContent(
      content([page('p', [fullRow('r', richText('t', [p('Body')]))])] as never, {}, {
        signatureList: refs,
      } as never) as never,
    );
    const record = { signatureByPerson: { 'J_ Smith': entry('J. Smith', '2026-11-16') } };
    const [first] = signatureArea((await resolveDocument(tpl, record)).doc.sections[0]!.blocks);
    expect(first![0]).toEqual(['J. Smith', 'J. Smith', '2026-11-16']);
  });

  it('prints one table row per signature under the approval labels when the layout is a table', async () => {
    const tpl = parseTemplateContent(
      content([page('p', [fullRow('r', richText('t', [p('Body')]))])] as never, {}, {
        signatureList,
        signatureLayout: 'table',
      } as never) as never,
    );
    const record = {
      signatureByNode: {
        Manager: { ...entry('Chen Jing', '2026-11-16 09:30', signaturePng(1)), comment: 'Fine by me' },
        Finance: entry('Wang Fang', '-'),
      },
      signatureListByPerson: { 'Li Wei': [entry('Li Wei', '2026-11-15 10:12'), entry('Li Wei', '2026-11-17 08:00')] },
    };
    const { doc } = await resolveDocument(tpl, record, { loadImage: async () => new Uint8Array([1]) });
    const area = doc.sections[0]!.blocks.at(-1)!;
    if (area.t !== 'box' || area.blocks[0]?.t !== 'table') throw new Error('the signature area is a table');
    const table = area.blocks[0];
    const rows = (cells: { blocks: VBlock[] }[][]) =>
      cells.map((row) => row.map((cell) => boxText(cell.blocks).join(' ')));
    // Mixed groupings: the first column names the person or node, as the reference's label does.
    expect(rows(table.header)).toEqual([['Name', 'Signature image', 'Name', 'Time', 'Comment']]);
    expect(rows(table.body)).toEqual([
      ['Approved by manager', '<image>', 'Chen Jing', '2026-11-16 09:30', 'Fine by me'],
      ['Finance', '', 'Wang Fang', '', ''],
      ['Li Wei (all)', '', 'Li Wei', '2026-11-15 10:12', ''],
      ['Li Wei (all)', '', 'Li Wei', '2026-11-17 08:00', ''],
      ['Legal', '', '', '', ''],
    ]);
    // The unsigned reference keeps room to sign by hand.
    expect(table.rowHeights).toEqual([null, null, null, null, null, 36]);
  });

  it('adds nothing when the template lists no signatures', async () => {
    const plain = parseTemplateContent(
      content([page('p', [fullRow('r', richText('t', [p('Body')]))])] as never) as never,
    );
    const { doc } = await resolveDocument(plain, {});
    expect(doc.sections[0]!.blocks).toHaveLength(1);
  });
});
