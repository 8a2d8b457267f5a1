/**
 * Two versions of one thing that changed apart (two tabs, or this device and the server) and what the
 * user may do about it. Pure: the dialog shows `compareVersions`, the caller carries out the plan from
 * `planResolution`. Nothing here knows about the editor; a version is its content, the revision it was
 * stored at, a label, and its parts as readable text.
 */

/** One readable part of a version (a block of a template, a field of a record). */
export interface ConflictPart {
  id: string;
  /** What kind of part, for the reader (e.g. "Text", "Table"). */
  kind: string;
  text: string;
}

interface ConflictVersion<C = string> {
  label: string;
  content: C;
  /** The stored revision this version is (theirs) or was based on (mine). */
  revision: number;
  parts: readonly ConflictPart[];
  /** When it was saved or typed, ms since the epoch, if known. */
  at?: number;
}

export interface Conflict<C = string> {
  mine: ConflictVersion<C>;
  theirs: ConflictVersion<C>;
}

export type ConflictResolution = 'theirs' | 'mine' | 'copy';

type ConflictPlan<C = string> =
  /** Drop mine; continue from theirs. */
  | { kind: 'take'; content: C; revision: number }
  /** Write mine on top of theirs: their revision is the base, so the check passes and nothing is merged. */
  | { kind: 'overwrite'; content: C; baseRevision: number }
  /** Keep theirs where it is and save mine as a new, separate copy. */
  | { kind: 'copy'; copyContent: C; content: C; revision: number };

export function planResolution<C>(conflict: Conflict<C>, resolution: ConflictResolution): ConflictPlan<C> {
  const { mine, theirs } = conflict;
  switch (resolution) {
    case 'theirs':
      return { kind: 'take', content: theirs.content, revision: theirs.revision };
    case 'mine':
      return { kind: 'overwrite', content: mine.content, baseRevision: theirs.revision };
    case 'copy':
      return { kind: 'copy', copyContent: mine.content, content: theirs.content, revision: theirs.revision };
  }
}

type PartChange = 'changed' | 'onlyMine' | 'onlyTheirs';

export interface PartDifference {
  id: string;
  kind: string;
  change: PartChange;
  mine?: string;
  theirs?: string;
}

interface VersionComparison {
  differences: PartDifference[];
  /** Parts that read the same in both. */
  unchanged: number;
}

/**
 * The parts that differ, in reading order (mine first, then parts only theirs has, where they stand in
 * theirs). Parts are matched by id; equal text counts as unchanged.
 */
export function compareVersions(mine: readonly ConflictPart[], theirs: readonly ConflictPart[]): VersionComparison {
  const theirsById = new Map(theirs.map((part) => [part.id, part]));
  const mineIds = new Set(mine.map((part) => part.id));
  const differences: PartDifference[] = [];
  let unchanged = 0;
  for (const part of mine) {
    const other = theirsById.get(part.id);
    if (!other) differences.push({ id: part.id, kind: part.kind, change: 'onlyMine', mine: part.text });
    else if (other.text === part.text) unchanged++;
    else differences.push({ id: part.id, kind: part.kind, change: 'changed', mine: part.text, theirs: other.text });
  }
  for (const part of theirs) {
    if (!mineIds.has(part.id))
      differences.push({ id: part.id, kind: part.kind, change: 'onlyTheirs', theirs: part.text });
  }
  return { differences, unchanged };
}

/** Long texts are cut for the side-by-side view; the whole text is in the version itself. */
export function shorten(text: string, max = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
