/**
 * Property tests: any sequence of editor operations keeps the document schema-valid (or fails
 * with a catalogued error and changes nothing), and undoing every step restores the original.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors';
import { createBlock, createParagraph } from '../defaults';
import { blockUpdateGroup, createHistory, type History, record, redo, undo } from '../history';
import { parseDocument, parseTemplateContent, validateDocument } from '../parse';
import type { Block, BlockType, TemplateDocument } from '../types';
import * as ops from './index';
import { allBlocks } from './tree';

const BLOCK_TYPES: BlockType[] = [
  'richText',
  'editItem',
  'row',
  'table',
  'qrcode',
  'image',
  'horizontalRule',
  'staticImage',
  'floatContainer',
  'article',
  'barcode',
];

type Op =
  | { kind: 'addPage' | 'deletePage' | 'duplicatePage' | 'movePageUp' | 'movePageDown'; page: number }
  | { kind: 'insertBlock'; page: number; type: number; beforeRow: number | null }
  | { kind: 'duplicateBlock' | 'deleteBlock'; block: number }
  | { kind: 'updateBlock'; block: number; width: number; marginTop: number }
  | { kind: 'updateCell'; block: number; row: number; col: number; text: string }
  | { kind: 'insertRow' | 'deleteRow' | 'insertColumn' | 'deleteColumn'; block: number; index: number }
  | { kind: 'merge'; block: number; row: number; col: number; rowSpan: number; colSpan: number }
  | { kind: 'split'; block: number; row: number; col: number }
  | { kind: 'reverseRows'; page: number };

const small = fc.nat({ max: 20 });
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('addPage', 'deletePage', 'duplicatePage', 'movePageUp', 'movePageDown'),
    page: small,
  }),
  fc.record({
    kind: fc.constant('insertBlock'),
    page: small,
    type: fc.nat({ max: BLOCK_TYPES.length - 1 }),
    beforeRow: fc.option(small),
  }),
  fc.record({ kind: fc.constantFrom('duplicateBlock', 'deleteBlock'), block: small }),
  fc.record({
    kind: fc.constant('updateBlock'),
    block: small,
    width: fc.integer({ min: -10, max: 120 }),
    marginTop: fc.integer({ min: 0, max: 30 }),
  }),
  fc.record({
    kind: fc.constant('updateCell'),
    block: small,
    row: fc.nat({ max: 5 }),
    col: fc.nat({ max: 5 }),
    text: fc.string(),
  }),
  fc.record({
    kind: fc.constantFrom('insertRow', 'deleteRow', 'insertColumn', 'deleteColumn'),
    block: small,
    index: fc.nat({ max: 6 }),
  }),
  fc.record({
    kind: fc.constant('merge'),
    block: small,
    row: fc.nat({ max: 4 }),
    col: fc.nat({ max: 4 }),
    rowSpan: fc.integer({ min: 1, max: 3 }),
    colSpan: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('split'), block: small, row: fc.nat({ max: 4 }), col: fc.nat({ max: 4 }) }),
  fc.record({ kind: fc.constant('reverseRows'), page: small }),
);

const pick = <T>(items: readonly T[], n: number): T | undefined =>
  items.length > 0 ? items[n % items.length] : undefined;

/** Tables first, so table operations usually find a table. */
function blocksOf(doc: TemplateDocument, tablesOnly: boolean): Block[] {
  const blocks = [...allBlocks(doc)];
  return tablesOnly ? blocks.filter((b) => b.type === 'table') : blocks;
}

function apply(doc: TemplateDocument, op: Op): { doc: TemplateDocument; group?: string } {
  const pageId = 'page' in op ? (pick(doc.pages, op.page)?.id ?? 'missing') : 'missing';
  const tableOp = ['updateCell', 'insertRow', 'deleteRow', 'insertColumn', 'deleteColumn', 'merge', 'split'].includes(
    op.kind,
  );
  const blockId = 'block' in op ? (pick(blocksOf(doc, tableOp), op.block)?.id ?? 'missing') : 'missing';
  switch (op.kind) {
    case 'addPage':
      return { doc: ops.addPage(doc, { afterPageId: pageId }) };
    case 'deletePage':
      return { doc: ops.deletePage(doc, pageId) };
    case 'duplicatePage':
      return { doc: ops.duplicatePage(doc, pageId) };
    case 'movePageUp':
      return { doc: ops.movePageUp(doc, pageId) };
    case 'movePageDown':
      return { doc: ops.movePageDown(doc, pageId) };
    case 'insertBlock': {
      const page = doc.pages.find((p) => p.id === pageId);
      const beforeRowId = op.beforeRow === null || !page ? undefined : pick(page.rows, op.beforeRow)?.id;
      return { doc: ops.insertBlock(doc, pageId, createBlock(BLOCK_TYPES[op.type]!), { beforeRowId }) };
    }
    case 'duplicateBlock':
      return { doc: ops.duplicateBlock(doc, blockId) };
    case 'deleteBlock':
      return { doc: ops.deleteBlock(doc, blockId) };
    case 'updateBlock':
      return {
        doc: ops.updateBlock(doc, blockId, {
          width: op.width,
          margins: { top: op.marginTop, right: 0, bottom: 0, left: 0 },
        }),
        group: blockUpdateGroup(blockId),
      };
    case 'updateCell':
      return { doc: ops.updateTableCell(doc, blockId, op.row, op.col, { content: [createParagraph(op.text)] }) };
    case 'insertRow':
      return { doc: ops.insertTableRow(doc, blockId, op.index) };
    case 'deleteRow':
      return { doc: ops.deleteTableRow(doc, blockId, op.index) };
    case 'insertColumn':
      return { doc: ops.insertTableColumn(doc, blockId, op.index) };
    case 'deleteColumn':
      return { doc: ops.deleteTableColumn(doc, blockId, op.index) };
    case 'merge':
      return {
        doc: ops.mergeTableCells(doc, blockId, {
          rowIndex: op.row,
          colIndex: op.col,
          rowSpan: op.rowSpan,
          colSpan: op.colSpan,
        }),
      };
    case 'split':
      return { doc: ops.splitTableCell(doc, blockId, op.row, op.col) };
    case 'reverseRows': {
      const page = doc.pages.find((p) => p.id === pageId);
      return { doc: ops.updateRows(doc, pageId, [...(page?.rows ?? [])].reverse()) };
    }
  }
}

// Vite globs instead of node:fs: src/core stays free of Node imports, tests included.
const templates: Record<string, string> = import.meta.glob('../../../../tests/fixtures/*/template.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const fixture = (name: string) =>
  parseTemplateContent(templates[`../../../../tests/fixtures/${name}/template.json`]).document;
const START_DOCUMENTS = [fixture('invoice'), fixture('contract'), fixture('approval-form')];

function run(start: TemplateDocument, sequence: Op[]): { history: History<TemplateDocument>; errors: number } {
  let history = createHistory(start);
  let errors = 0;
  for (const op of sequence) {
    const before = history.present;
    const snapshot = JSON.stringify(before);
    try {
      const { doc, group } = apply(before, op);
      history = record(history, doc, group);
    } catch (error) {
      if (!isQuireError(error)) throw error;
      errors++;
    }
    // Operations never mutate their input, whether they succeed or fail.
    expect(JSON.stringify(before)).toBe(snapshot);
  }
  return { history, errors };
}

describe('operation sequences (fast-check)', () => {
  it('keep documents schema-valid and in normal form, or fail with a catalogued error', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: START_DOCUMENTS.length - 1 }),
        fc.array(opArbitrary, { maxLength: 40 }),
        (start, sequence) => {
          const { history } = run(START_DOCUMENTS[start]!, sequence);
          expect(validateDocument(history.present)).toEqual([]);
          // Already in normal form: parsing adds no defaults and drops nothing.
          expect(parseDocument(history.present)).toEqual(history.present);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('undoing every step restores the original, redoing every step restores the result', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: START_DOCUMENTS.length - 1 }),
        fc.array(opArbitrary, { maxLength: 60 }),
        (start, sequence) => {
          const original = START_DOCUMENTS[start]!;
          const { history } = run(original, sequence);
          const result = history.present;
          let h = history;
          while (h.past.length > 0) h = undo(h);
          expect(h.present).toEqual(original);
          while (h.future.length > 0) h = redo(h);
          expect(h.present).toEqual(result);
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe('the generator exercises the operations', () => {
  it('most generated operations succeed, so the properties test real edits', () => {
    const sequences = fc.sample(fc.array(opArbitrary, { minLength: 30, maxLength: 30 }), { numRuns: 20, seed: 42 });
    let total = 0;
    let failed = 0;
    const succeededKinds = new Set<string>();
    for (const sequence of sequences) {
      let doc = START_DOCUMENTS[0]!;
      for (const op of sequence) {
        total++;
        try {
          doc = apply(doc, op).doc;
          succeededKinds.add(op.kind);
        } catch {
          failed++;
        }
      }
    }
    expect(failed / total).toBeLessThan(0.35);
    expect(succeededKinds.size).toBe(17);
  });
});

describe('hostile arguments', () => {
  it('updateBlock / updateTableCell with arbitrary patches: a valid document or a catalogued error', () => {
    const doc = START_DOCUMENTS[0]!;
    const blocks = [...allBlocks(doc)];
    const tableId = blocks.find((b) => b.type === 'table')!.id;
    const patch = fc.dictionary(
      fc.constantFrom(
        'width',
        'margins',
        'style',
        'content',
        'table',
        'qrcode',
        'barcode',
        'image',
        'columns',
        'label',
        'background',
      ),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(
        fc.nat(),
        patch,
        fc.integer({ min: -2, max: 8 }),
        fc.integer({ min: -2, max: 8 }),
        (n, p, row, col) => {
          for (const attempt of [
            () => ops.updateBlock(doc, blocks[n % blocks.length]!.id, p as never),
            () => ops.updateTableCell(doc, tableId, row, col, p as never),
          ]) {
            try {
              expect(validateDocument(attempt())).toEqual([]);
            } catch (error) {
              if (!isQuireError(error)) throw error;
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
