/**
 * What a key pressed on the grid (not inside a cell editor or picker) asks for: a move of the
 * active cell, an edit of it (with the typed character as its first text), or nothing. Pure, so
 * the grid's keyboard rules are tested without a browser; `Grid` applies the intent.
 */
import type { TableField } from '../../../storage';

export interface GridKey {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

type KeyIntent =
  | { kind: 'move'; rows: number; cols: number }
  /** Start editing the active cell; `initial` is the character typed on it. */
  | { kind: 'edit'; initial?: string };

export function keyIntent(event: GridKey, activeFieldType: TableField['type'] | undefined): KeyIntent | undefined {
  switch (event.key) {
    case 'ArrowDown':
      return { kind: 'move', rows: 1, cols: 0 };
    case 'ArrowUp':
      return { kind: 'move', rows: -1, cols: 0 };
    case 'ArrowLeft':
      return { kind: 'move', rows: 0, cols: -1 };
    case 'ArrowRight':
      return { kind: 'move', rows: 0, cols: 1 };
    case 'Tab':
      return { kind: 'move', rows: 0, cols: event.shiftKey ? -1 : 1 };
    case 'Enter':
    case 'F2':
      return { kind: 'edit' };
    case ' ':
      // Space ticks a checkbox; on any other cell it is typed text like any character.
      if (activeFieldType === 'checkbox') return { kind: 'edit' };
  }
  if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey)
    return { kind: 'edit', initial: event.key };
  return undefined;
}

/** The cell a move lands on, kept inside the grid. */
export function clampCell(row: number, col: number, rowCount: number, colCount: number) {
  return {
    row: Math.max(0, Math.min(rowCount - 1, row)),
    col: Math.max(0, Math.min(colCount - 1, col)),
  };
}
