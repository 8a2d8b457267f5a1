import { afterEach, describe, expect, it } from 'vitest';
import { isQuireError } from '../core/errors';
import { exportBackup, restoreBackup } from './backup';
import { DEMO_BASE_ID, DEMO_TABLE_IDS, demoRecordId, ensureDemoWorkspace } from './demo';
import { addMember, listMembers, toStoredUser, validateMember } from './members';
import type { Storage } from './storage';
import { openTestStorage } from './testing';

const opened: Storage[] = [];
async function storage() {
  const s = await openTestStorage();
  opened.push(s);
  return s;
}
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

describe('base members', () => {
  it('seeds the demo base with its employees, and demo customers have an account manager among them', async () => {
    const s = await storage();
    await ensureDemoWorkspace(s);
    const members = await listMembers(s, DEMO_BASE_ID, 'en-US');
    expect(members).toHaveLength(12);
    expect(members[0]!.name).toBe('Ava Thompson');
    const customer = (await s.records.get(demoRecordId('customers', 1)))!;
    const [manager] = customer.values.c_manager as { id: string }[];
    expect(members.map((m) => m.id)).toContain(manager!.id);
    const table = (await s.tables.get(DEMO_TABLE_IDS.customers))!;
    expect(table.fields.find((f) => f.id === 'c_manager')?.type).toBe('user');
  });

  it('adds a person once: the same e-mail (any case) returns the existing member', async () => {
    const s = await storage();
    const first = await addMember(s, 'b1', { name: '  Rosa   Díaz ', email: 'rosa@example.com' });
    expect(first.name).toBe('Rosa Díaz');
    const again = await addMember(s, 'b1', { name: 'R. Díaz', email: 'ROSA@example.com' });
    expect(again.id).toBe(first.id);
    await addMember(s, 'b1', { name: 'Amir' });
    expect((await listMembers(s, 'b1')).map((m) => m.name)).toEqual(['Amir', 'Rosa Díaz']);
    expect(await listMembers(s, 'other')).toEqual([]);
    expect(toStoredUser(first)).toEqual({ id: first.id, name: 'Rosa Díaz', email: 'rosa@example.com' });
  });

  it('refuses an empty name or a malformed e-mail with InvalidUser naming the field', async () => {
    expect(() => validateMember({ name: ' ' })).toThrow();
    const error = await addMember(await storage(), 'b1', { name: 'X', email: 'not-an-email' }).catch((e) => e);
    expect(isQuireError(error, 'InvalidUser')).toBe(true);
    expect(error.issues.map((i: { path: string }) => i.path)).toEqual(['email']);
  });

  it('travels with a backup', async () => {
    const s = await storage();
    await addMember(s, 'b1', { name: 'Amir', email: 'amir@example.com' });
    const backup = await exportBackup(s);
    const other = await storage();
    await restoreBackup(other, backup);
    expect((await listMembers(other, 'b1')).map((m) => m.email)).toEqual(['amir@example.com']);
  });
});
