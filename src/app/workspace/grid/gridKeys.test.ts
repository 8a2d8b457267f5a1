import { describe, expect, it } from 'vitest';
import { clampCell, type GridKey, keyIntent } from './gridKeys';

const press = (key: string, mods: Partial<GridKey> = {}): GridKey => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('the grid keyboard', () => {
  it('moves with the arrows, Tab and Shift+Tab', () => {
    expect(keyIntent(press('ArrowDown'), 'text')).toEqual({ kind: 'move', rows: 1, cols: 0 });
    expect(keyIntent(press('ArrowUp'), 'text')).toEqual({ kind: 'move', rows: -1, cols: 0 });
    expect(keyIntent(press('ArrowLeft'), 'text')).toEqual({ kind: 'move', rows: 0, cols: -1 });
    expect(keyIntent(press('Tab'), 'text')).toEqual({ kind: 'move', rows: 0, cols: 1 });
    expect(keyIntent(press('Tab', { shiftKey: true }), 'text')).toEqual({ kind: 'move', rows: 0, cols: -1 });
  });

  it('edits on Enter and F2, and starts with the character typed on a cell', () => {
    expect(keyIntent(press('Enter'), 'number')).toEqual({ kind: 'edit' });
    expect(keyIntent(press('F2'), 'number')).toEqual({ kind: 'edit' });
    expect(keyIntent(press('7'), 'number')).toEqual({ kind: 'edit', initial: '7' });
    expect(keyIntent(press('é'), 'text')).toEqual({ kind: 'edit', initial: 'é' });
  });

  it('ticks a checkbox with Space, and types a space into any other cell', () => {
    expect(keyIntent(press(' '), 'checkbox')).toEqual({ kind: 'edit' });
    expect(keyIntent(press(' '), 'text')).toEqual({ kind: 'edit', initial: ' ' });
  });

  it('leaves shortcuts and other keys to the browser', () => {
    expect(keyIntent(press('c', { ctrlKey: true }), 'text')).toBeUndefined();
    expect(keyIntent(press('v', { metaKey: true }), 'text')).toBeUndefined();
    expect(keyIntent(press('x', { altKey: true }), 'text')).toBeUndefined();
    expect(keyIntent(press('Escape'), 'text')).toBeUndefined();
    expect(keyIntent(press('PageDown'), 'text')).toBeUndefined();
  });

  it('keeps a move inside the grid', () => {
    expect(clampCell(-1, 5, 10, 3)).toEqual({ row: 0, col: 2 });
    expect(clampCell(12, -2, 10, 3)).toEqual({ row: 9, col: 0 });
    expect(clampCell(4, 1, 10, 3)).toEqual({ row: 4, col: 1 });
  });
});
