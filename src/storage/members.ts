import { QuireError } from '../core/errors';
import { newId, write } from './context';
import type { Storage } from './storage';
import type { StoredUser } from './types';

/**
 * The people of a base, offered when a user cell is edited. A local-first base has no directory
 * server to ask, so the list is kept on the device, one settings row per base: backups and restores
 * carry it with the other settings, and no schema change is needed. The demo base is seeded with
 * its employees; anyone else is added by name (and optional e-mail) from the picker.
 */

export interface MemberRow extends StoredUser {
  addedAt: number;
}

const MEMBERS_KEY_PREFIX = 'base.members:';

export function membersKey(baseId: string): string {
  return MEMBERS_KEY_PREFIX + baseId;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function asMembers(value: unknown): MemberRow[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (m): m is MemberRow =>
      typeof m === 'object' && m !== null && typeof m.id === 'string' && typeof m.name === 'string',
  );
}

/** Members of a base, sorted by name in the given locale. */
export async function listMembers(storage: Storage, baseId: string, locale?: string): Promise<MemberRow[]> {
  const row = await storage.db.settings.get(membersKey(baseId));
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return asMembers(row?.value).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * Check what a user typed for a new person: a name is required, an e-mail is optional but must look
 * like one. Throws `InvalidUser` with the offending field as the issue path.
 */
export function validateMember(input: { name: string; email?: string }): { name: string; email?: string } {
  const name = input.name.trim().replace(/\s+/g, ' ');
  const email = input.email?.trim() ?? '';
  const issues = [];
  if (!name) issues.push({ path: 'name', reason: 'required' });
  if (email && !EMAIL.test(email)) issues.push({ path: 'email', reason: email });
  if (issues.length > 0) throw new QuireError('InvalidUser', { detail: 'member', issues });
  return email ? { name, email } : { name };
}

/**
 * Add a person to a base (one transaction). Someone already listed with the same e-mail — or, without
 * an e-mail, the same name — is returned instead of being added twice.
 */
export async function addMember(storage: Storage, baseId: string, input: { name: string; email?: string }) {
  const person = validateMember(input);
  const key = membersKey(baseId);
  return write(
    storage.ctx,
    {
      action: 'members.add',
      stores: ['settings'],
      keys: [key],
      unsaved: { key: `${key}:add:${person.email ?? person.name}`, label: 'Add person', payload: { baseId, person } },
    },
    async (): Promise<MemberRow> => {
      const members = asMembers((await storage.db.settings.get(key))?.value);
      const same = (m: MemberRow) =>
        person.email
          ? m.email?.toLowerCase() === person.email.toLowerCase()
          : !m.email && m.name.toLowerCase() === person.name.toLowerCase();
      const existing = members.find(same);
      if (existing) return existing;
      const member: MemberRow = { id: newId('usr'), ...person, addedAt: storage.ctx.now() };
      await storage.db.settings.put({ key, value: [...members, member] });
      return member;
    },
  );
}

/** The stored shape of a person in a user cell (no bookkeeping fields). */
export function toStoredUser(member: StoredUser): StoredUser {
  return { id: member.id, name: member.name, ...(member.email ? { email: member.email } : {}) };
}
