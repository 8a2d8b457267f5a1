import { describe, expect, it } from 'vitest';
import type { RichText } from '../../../core/model';
import { TestEditor } from '../testing/TestEditor';
import { updateCellContent, updateTextContent } from './commands';

const line = (...children: RichText): RichText => [{ type: 'paragraph', children }];
const image = (width: number) => ({ type: 'inline-image' as const, url: 'logo.png', width, children: [{ text: '' }] });

describe('text edits in the undo history', () => {
  it('a media edit is its own undo step; typing around it groups as before', () => {
    const ed = new TestEditor().insert('richText');
    const id = ed.selectedId!;
    const set = (content: RichText, media: 'change' | false = false) => {
      ed.state = updateTextContent(ed.state, id, content, media);
    };
    set(line({ text: 'Logo ' }));
    set(line({ text: 'Logo ' }, image(48), { text: '' }));
    set(line({ text: 'Logo ' }, image(48), { text: ' Acme' }));
    // The image's settings: width typed as 1, 12, 120 — one step.
    set(line({ text: 'Logo ' }, image(1), { text: ' Acme' }), 'change');
    set(line({ text: 'Logo ' }, image(12), { text: ' Acme' }), 'change');
    set(line({ text: 'Logo ' }, image(120), { text: ' Acme' }), 'change');
    set(line({ text: 'Logo ' }, image(120), { text: ' Acme!' }));

    const content = () => (ed.block(id) as { content: RichText }).content;
    ed.undo();
    expect(JSON.stringify(content())).toContain('"width":120');
    expect(JSON.stringify(content())).not.toContain('Acme!');
    ed.undo();
    expect(JSON.stringify(content())).toContain('"width":48');
    expect(JSON.stringify(content())).toContain(' Acme');
    ed.redo();
    expect(JSON.stringify(content())).toContain('"width":120');
  });

  it('deleting media right after changing it is a step of its own', () => {
    const ed = new TestEditor().insert('richText');
    const id = ed.selectedId!;
    ed.state = updateTextContent(ed.state, id, line({ text: 'A ' }, image(48)));
    ed.state = updateTextContent(ed.state, id, line({ text: 'A ' }, image(60)), 'change');
    ed.state = updateTextContent(ed.state, id, line({ text: 'A ' }), 'remove');
    ed.undo();
    expect(JSON.stringify((ed.block(id) as { content: RichText }).content)).toContain('"width":60');
  });

  it('deleting a QR code in a table cell undoes on its own', () => {
    const ed = new TestEditor().insert('table');
    const id = ed.selectedId!;
    const qr = {
      type: 'qrcode' as const,
      qrcode: { size: 80, align: 'left' as const, value: { type: 'currentRecord' as const } },
      children: [{ text: '' }],
    };
    ed.state = updateCellContent(ed.state, id, 0, 0, [qr, ...line({ text: 'Scan' })]);
    ed.state = updateCellContent(ed.state, id, 0, 0, line({ text: 'Scan' }), 'remove');
    const cell = () =>
      (ed.block(id) as { table: { rows: Array<{ cells: Array<{ content: RichText }> }> } }).table.rows[0]!.cells[0]!;
    expect(cell().content).toHaveLength(1);
    ed.undo();
    expect(cell().content[0]).toMatchObject({ type: 'qrcode' });
  });
});
