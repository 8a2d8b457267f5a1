/**
 * Undo/redo over immutable snapshots (operations never mutate, so snapshots share structure).
 * Holds at most `limit` undo steps (spec: 100). Consecutive records with the same group key
 * (e.g. typing into one block) collapse into one step. A new record after an undo drops the redo branch.
 */
import { UNDO_LIMIT } from './defaults';

export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** Group key of the last recorded step; null after undo/redo so the next edit starts a new step. */
  readonly lastGroup: string | null;
  readonly limit: number;
}

export function createHistory<T>(present: T, limit: number = UNDO_LIMIT): History<T> {
  return { past: [], present, future: [], lastGroup: null, limit };
}

/** The group key for updates of one block: consecutive updates of the same block undo together. */
export function blockUpdateGroup(blockId: string): string {
  return `update-block:${blockId}`;
}

/** Records `next` as the new present. Unchanged snapshots (same reference) record nothing. */
export function record<T>(history: History<T>, next: T, group?: string): History<T> {
  if (next === history.present) return history;
  if (group !== undefined && group === history.lastGroup && history.past.length > 0) {
    return { ...history, present: next, future: [] };
  }
  const past = [...history.past, history.present];
  return {
    ...history,
    past: past.length > history.limit ? past.slice(past.length - history.limit) : past,
    present: next,
    future: [],
    lastGroup: group ?? null,
  };
}

export const canUndo = <T>(history: History<T>) => history.past.length > 0;
export const canRedo = <T>(history: History<T>) => history.future.length > 0;

export function undo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history;
  return {
    ...history,
    past: history.past.slice(0, -1),
    present: history.past[history.past.length - 1]!,
    future: [history.present, ...history.future],
    lastGroup: null,
  };
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  return {
    ...history,
    past: [...history.past, history.present],
    present: history.future[0]!,
    future: history.future.slice(1),
    lastGroup: null,
  };
}
