import { describe, expect, it } from 'vitest';
import { createBlock } from '../defaults';
import { BlockSchema, ColumnSchema } from '../schema';
import type { Block } from '../types';
import { BLOCK_TYPES, BLOCKS, blockDependencies } from './index';

describe('block registry', () => {
  it('lists every block type once, each definition under its own type', () => {
    expect(BLOCK_TYPES).toHaveLength(12);
    for (const type of BLOCK_TYPES) expect(BLOCKS[type].type).toBe(type);
  });

  it.each(BLOCK_TYPES)('creates a %s block that its schema and the Block schema accept unchanged', (type) => {
    const block = createBlock(type);
    expect(block.type).toBe(type);
    expect(BLOCKS[type].schema.parse(block)).toEqual(block);
    expect(BlockSchema.parse(block)).toEqual(block);
  });

  it('fills defaults and names the unknown type', () => {
    expect(BlockSchema.parse({ id: 'q', type: 'qrcode' })).toMatchObject({
      qrcode: { size: 100, align: 'center', value: { type: 'custom', value: '' } },
      width: 100,
    });
    const result = BlockSchema.safeParse({ id: 'x', type: 'chart' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('unknown block type "chart"');
  });

  it('parses blocks nested in row columns', () => {
    const nested = createBlock('row', {
      columns: [{ id: 'c', width: 100, blocks: [createBlock('horizontalRule')] }],
    });
    const parsed = ColumnSchema.parse({ id: 'outer', blocks: [nested] });
    expect(parsed.width).toBe(100);
    expect(parsed.blocks[0]).toEqual(nested);
  });
});

describe('blockDependencies', () => {
  const deps = (block: Block) => blockDependencies(block);

  it('names the fields and templates a block reads from its settings', () => {
    const qrById = createBlock('qrcode', {
      qrcode: { size: 100, align: 'center', value: { type: 'fieldValue', fieldType: 'id', field: 'fld1' } },
    });
    expect(deps(qrById)).toMatchObject({ fields: [], fieldIds: ['fld1'] });
    const qrTags = createBlock('qrcode', {
      qrcode: { size: 100, align: 'center', value: { type: 'custom', value: 'https://x/{id}' } },
    });
    expect(deps(qrTags).templates).toEqual(['https://x/{id}']);
    const bar = createBlock('barcode');
    expect(deps({ ...bar, barcode: { ...bar.barcode, valueType: 'field', fieldName: 'sku' } }).fields).toEqual(['sku']);
    const image = createBlock('image');
    expect(deps({ ...image, image: { ...image.image, fieldName: 'photos' } as never }).fields).toEqual(['photos']);
    expect(deps(createBlock('staticImage'))).toMatchObject({ fields: [], content: [] });
    expect(deps(createBlock('approvalFlow'))).toMatchObject({ fields: [], content: [] });
  });

  it('fills the flow diagram defaults and refuses an unknown direction', () => {
    const parsed = BLOCKS.approvalFlow.schema.parse({ id: 'f', type: 'approvalFlow' });
    expect(parsed.flow).toEqual({ direction: 'TB', approvers: true, outcome: true, time: false });
    const lr = BLOCKS.approvalFlow.schema.parse({
      id: 'f',
      type: 'approvalFlow',
      flow: { direction: 'LR', time: true },
    });
    expect(lr.flow).toMatchObject({ direction: 'LR', time: true, approvers: true });
    expect(
      BLOCKS.approvalFlow.schema.safeParse({ id: 'f', type: 'approvalFlow', flow: { direction: 'RL' } }).success,
    ).toBe(false);
  });

  it('splits a dynamic table into content read per item and content read once', () => {
    const table = createBlock('table');
    table.table.headerRowCount = 1;
    table.table.dynamicRows = { rootPath: 'lines' };
    const reads = deps(table);
    expect(reads.content).toEqual([table.table.rows[0]!.cells.map((c) => c.content)].flat());
    expect(reads.itemContent).toEqual([
      { rootPath: 'lines', content: table.table.rows[1]!.cells.map((c) => c.content) },
    ]);
  });

  it('hands back rich text and nested blocks for the caller to walk', () => {
    const text = createBlock('richText');
    expect(deps(text).content).toEqual([text.content]);
    const row = createBlock('row', { columns: [{ id: 'c', width: 100, blocks: [text] }] });
    expect(deps(row).blocks).toEqual([text]);
  });
});
