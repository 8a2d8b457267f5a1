import { describe, expect, it } from 'vitest';
import type { DocDto, TeamDto } from '../../../api/contract';
import { badgeOf, defaultTeam, NEW_DOC, otherWorkspaceOn, statusLine, suggestedDoc } from './model';

const team = (id: string, teamKey: string): TeamDto => ({ id, teamKey, name: id, role: 'owner' });
const doc = (id: string, name: string, status: DocDto['status'] = 'active'): DocDto => ({
  id,
  teamId: 't',
  name,
  status,
  dataSource: null,
  sampleData: null,
  createdAt: 0,
  updatedAt: 0,
});

describe('sync screen choices', () => {
  it('opens on the team of the login, else the first team', () => {
    const teams = [team('a', 'key-a'), team('b', 'key-b')];
    expect(defaultTeam(teams, 'key-b')?.id).toBe('b');
    expect(defaultTeam(teams, 'unknown')?.id).toBe('a');
    expect(defaultTeam([], 'key-a')).toBeUndefined();
  });

  it('offers the active document named like the workspace, else a new one', () => {
    const docs = [doc('d1', 'Shop', 'archived'), doc('d2', ' Shop '), doc('d3', 'Other')];
    expect(suggestedDoc('Shop', docs)).toBe('d2');
    expect(suggestedDoc('Warehouse', docs)).toBe(NEW_DOC);
    expect(suggestedDoc('Shop', [doc('d1', 'Shop', 'archived')])).toBe(NEW_DOC);
  });

  it('never offers by default a document another workspace here syncs with, and names that workspace', () => {
    const docs = [doc('d2', 'My workspace')];
    // A second "My workspace" on this device: the first one already syncs with d2.
    expect(suggestedDoc('My workspace', docs, new Set(['d2']))).toBe(NEW_DOC);
    const links = [{ baseId: 'b1', docId: 'd2' }];
    const names = new Map([
      ['b1', 'My workspace'],
      ['b2', 'My workspace (2)'],
    ]);
    expect(otherWorkspaceOn('d2', 'b2', links, names)).toBe('My workspace');
    expect(otherWorkspaceOn('d2', 'b1', links, names)).toBeUndefined();
    expect(otherWorkspaceOn('d3', 'b2', links, names)).toBeUndefined();
  });

  it('shows a template as on this device only until it syncs, with the changes waiting', () => {
    expect(badgeOf(undefined)).toEqual({ state: 'local', waiting: 0 });
    expect(badgeOf({ state: 'local' })).toEqual({ state: 'local', waiting: 0 });
    expect(badgeOf({ state: 'pending', version: 2, releaseNo: 0, waiting: 3 })).toEqual({
      state: 'pending',
      waiting: 3,
    });
    expect(badgeOf({ state: 'conflict', version: 2, releaseNo: 1, waiting: 0 }).state).toBe('conflict');
  });

  it('reads the status line most pressing first', () => {
    const error = { state: 'error' as const, at: 1, message: 'boom' };
    expect(statusLine({ signedIn: false, online: false, health: error })).toEqual({ kind: 'signedOut' });
    expect(statusLine({ signedIn: true, online: false, health: error })).toEqual({ kind: 'offline' });
    expect(statusLine({ signedIn: true, online: true, health: { state: 'offline', at: 1 } })).toEqual({
      kind: 'offline',
    });
    expect(statusLine({ signedIn: true, online: true, health: error })).toEqual({ kind: 'error', message: 'boom' });
    expect(statusLine({ signedIn: true, online: true })).toEqual({ kind: 'ok' });
  });
});
