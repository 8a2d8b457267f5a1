import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Storage } from '../../../storage';
import type { JournalEntry } from './journal';
import { recoverUnsaved } from './recover';
import { MemoryStore } from './testing';

afterEach(() => vi.unstubAllGlobals());

describe('recoverUnsaved', () => {
  it('replays once when two screens recover side by side: the later one finds nothing to keep as a draft', async () => {
    const local = new MemoryStore();
    vi.stubGlobal('localStorage', local);
    // The last session typed "Typed." on revision 1, and the browser died before storage had it.
    const entry: JournalEntry = {
      templateId: 't1',
      content: 'Typed.',
      name: 'Invoice',
      tableId: '',
      baseRevision: 1,
      at: 1,
    };
    local.setItem('quire.journal.template:t1', JSON.stringify(entry));

    let row = { id: 't1', content: 'Before.', revision: 1 };
    const settings = new Map<string, unknown>();
    let reads = 0;
    let editorSaved!: () => void;
    const afterEditorSave = new Promise<void>((resolve) => {
      editorSaved = resolve;
    });
    const storage = {
      templates: {
        // The second read is slow: it answers only after the editor saved on top of the restored text.
        get: async () => {
          reads++;
          if (reads === 2) await afterEditorSave;
          return row;
        },
        save: async (_id: string, patch: { content: string }, revision: number) => {
          if (revision !== row.revision) throw new Error('VersionConflict');
          row = { ...row, content: patch.content, revision: revision + 1 };
          return row;
        },
      },
      settings: {
        get: async <T>(key: string, fallback: T) => (settings.has(key) ? (settings.get(key) as T) : fallback),
        set: async (key: string, value: unknown) => void settings.set(key, value),
        remove: async (key: string) => void settings.delete(key),
      },
    } as unknown as Storage;

    const first = recoverUnsaved(storage, 't1');
    const second = recoverUnsaved(storage, 't1');
    expect(await first).toBeNull();
    expect(row).toMatchObject({ content: 'Typed.', revision: 2 });
    // The editor, open on the restored text, saves the next keystroke.
    row = { ...row, content: 'Typed. More.', revision: 3 };
    editorSaved();

    expect(await second).toBeNull();
    expect([...settings.keys()]).toEqual([]);
    expect(local.length).toBe(0);
  });
});
