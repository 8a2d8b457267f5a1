import { afterEach, describe, expect, it } from 'vitest';
import { recordToScope } from '../core/data/table/scope';
import { DEMO_TABLE_IDS, demoRecordId, ensureDemoWorkspace } from './demo';
import type { Storage } from './storage';
import { assetHashFromUrl, attachFiles, loadPrintInputs } from './tableData';
import { openTestStorage } from './testing';

const opened: Storage[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

describe('local tables → data layer', () => {
  it('gives the data layer an order with its lines and customer as child tables', async () => {
    const s = await openTestStorage();
    opened.push(s);
    await ensureDemoWorkspace(s);
    const { table, linkedTables } = await loadPrintInputs(s, DEMO_TABLE_IDS.orders, [demoRecordId('orders', 1)]);
    const scope = recordToScope(table, table.records[0]!, linkedTables, { timeZone: 'UTC' }) as Record<string, unknown>;
    expect(scope['Order no']).toBe('SO-2025-1001');
    expect(Array.isArray(scope.Lines)).toBe(true);
    const lines = scope.Lines as Record<string, unknown>[];
    expect(lines.length).toBe(((await s.records.get(demoRecordId('orders', 1)))!.values.o_lines as string[]).length);
    expect(lines[0]!.Line).toBe('SO-2025-1001 / 1');
    expect((scope.Customer as Record<string, unknown>[])[0]!.Company).toEqual(expect.any(String));
  });

  it('attaches files from disk once per content and exposes them as asset URLs', async () => {
    const s = await openTestStorage();
    opened.push(s);
    await ensureDemoWorkspace(s);
    const before = await s.assets.count();
    const pdf = new Blob(['%PDF-1.4 test'], { type: 'application/pdf' });
    await attachFiles(s, demoRecordId('employees', 1), 'e_photo', [
      { blob: pdf, name: 'contract.pdf' },
      { blob: new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }), name: 'copy.pdf' },
    ]);
    expect(await s.assets.count()).toBe(before + 1);
    const cell = (await s.records.get(demoRecordId('employees', 1)))!.values.e_photo as { name: string }[];
    expect(cell.map((f) => f.name)).toEqual(['ava.thompson.svg', 'contract.pdf', 'copy.pdf']);
    const { table } = await loadPrintInputs(s, DEMO_TABLE_IDS.employees, [demoRecordId('employees', 1)]);
    const files = table.records[0]!.fields.e_photo as { url: string; type: string }[];
    expect(assetHashFromUrl(files[1]!.url)).toMatch(/^[0-9a-f]{64}$/);
    expect(files[1]!.type).toBe('application/pdf');
  });
});
