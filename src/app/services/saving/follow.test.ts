import { describe, expect, it } from 'vitest';
import { followSaves } from './follow';

interface Version {
  revision: number;
  text: string;
}

/** A stored template, a change bus and an editor, as the follower sees them. */
function setup(stored: Version, editorRevision: number) {
  const world = {
    stored: stored as Version | undefined,
    revision: editorRevision,
    busy: false,
    shown: [] as string[],
    listeners: new Set<() => void>(),
    reads: 0,
  };
  const follower = followSaves<Version>({
    listen: (changed) => {
      world.listeners.add(changed);
      return () => world.listeners.delete(changed);
    },
    read: async () => {
      world.reads++;
      return world.stored;
    },
    revision: () => world.revision,
    busy: () => world.busy,
    show: (version) => {
      world.shown.push(version.text);
      world.revision = version.revision;
    },
  });
  const announce = async () => {
    for (const listener of world.listeners) listener();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { world, follower, announce };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('followSaves', () => {
  it('shows a version written before it listened (sync wrote while the editor was loading)', async () => {
    const { world } = setup({ revision: 3, text: 'pulled' }, 2);
    await settle();
    expect(world.shown).toEqual(['pulled']);
  });

  it('shows each newer version announced while the editor is idle', async () => {
    const { world, announce } = setup({ revision: 2, text: 'loaded' }, 2);
    await settle();
    expect(world.shown).toEqual([]);
    world.stored = { revision: 3, text: 'other tab' };
    await announce();
    world.stored = { revision: 4, text: 'other tab again' };
    await announce();
    expect(world.shown).toEqual(['other tab', 'other tab again']);
  });

  it('never replaces text of the editor’s own, and takes the version up once it is free', async () => {
    const { world, follower, announce } = setup({ revision: 2, text: 'loaded' }, 2);
    world.busy = true;
    world.stored = { revision: 3, text: 'other tab' };
    await announce();
    expect(world.shown).toEqual([]);
    world.busy = false;
    await follower.check();
    expect(world.shown).toEqual(['other tab']);
  });

  it('never goes back to an older version read late', async () => {
    const { world, follower } = setup({ revision: 5, text: 'newest' }, 5);
    await settle();
    world.stored = { revision: 4, text: 'older' };
    await follower.check();
    expect(world.shown).toEqual([]);
  });

  it('stops listening and showing when stopped', async () => {
    const { world, follower, announce } = setup({ revision: 1, text: 'loaded' }, 1);
    follower.stop();
    world.stored = { revision: 2, text: 'late' };
    await announce();
    expect(world.listeners.size).toBe(0);
    expect(world.shown).toEqual([]);
  });

  it('a failed read shows nothing and throws nothing', async () => {
    let fail = true;
    const shown: number[] = [];
    const follower = followSaves<Version>({
      listen: () => () => {},
      read: () => (fail ? Promise.reject(new Error('disk')) : Promise.resolve({ revision: 2, text: 'x' })),
      revision: () => 1,
      busy: () => false,
      show: (version) => shown.push(version.revision),
    });
    await settle();
    expect(shown).toEqual([]);
    fail = false;
    await follower.check();
    expect(shown).toEqual([2]);
  });
});
