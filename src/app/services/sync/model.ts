/**
 * Pure choices of the sync screens: which team to show first, which document a workspace is offered,
 * what a template's badge says, and how the status line reads. Kept apart from React to be tested.
 */
import type { DocDto, TeamDto } from '../../../api/contract';
import type { TemplateSyncView } from './bridge';
import type { SyncHealth } from './runtime';

/** The value of the document picker meaning "create a new team document for this workspace". */
export const NEW_DOC = '__new__';

/** The team of the login (its tenant key) when the user belongs to it, else the first one. */
export function defaultTeam(teams: readonly TeamDto[], tenantKey: string | undefined): TeamDto | undefined {
  return teams.find((team) => team.teamKey === tenantKey) ?? teams[0];
}

/**
 * What a workspace is offered to sync with: the active document of the same name when there is one
 * (the workspace was linked from another device), else a new document.
 */
export function suggestedDoc(
  baseName: string,
  docs: readonly DocDto[],
  /** Documents another workspace of this device syncs with: never offered by default. */
  taken: ReadonlySet<string> = new Set(),
): string {
  const same = docs.find((doc) => doc.status === 'active' && doc.name.trim() === baseName.trim() && !taken.has(doc.id));
  return same?.id ?? NEW_DOC;
}

/** A workspace of this device and the document it syncs with. */
interface WorkspaceLink {
  baseId: string;
  docId: string;
}

/**
 * The other workspace of this device that already syncs with `docId`, if any: linking a second
 * one would put both workspaces' templates in one document, so the screen says so first
 * (issue 29 item 10).
 */
export function otherWorkspaceOn(
  docId: string,
  baseId: string,
  links: readonly WorkspaceLink[],
  baseNames: ReadonlyMap<string, string>,
): string | undefined {
  const other = links.find((link) => link.docId === docId && link.baseId !== baseId);
  return other ? (baseNames.get(other.baseId) ?? other.baseId) : undefined;
}

type BadgeState = TemplateSyncView['state'];

/** The badge of one template: its state and, while changes wait, how many. */
export function badgeOf(view: TemplateSyncView | undefined): { state: BadgeState; waiting: number } {
  if (!view) return { state: 'local', waiting: 0 };
  return { state: view.state, waiting: view.state === 'local' ? 0 : view.waiting };
}

type StatusLine = { kind: 'signedOut' } | { kind: 'offline' } | { kind: 'error'; message: string } | { kind: 'ok' };

/** What the list's status line says, most pressing first: no login, no network, a failure, all well. */
export function statusLine(input: { signedIn: boolean; online: boolean; health?: SyncHealth }): StatusLine {
  if (!input.signedIn) return { kind: 'signedOut' };
  if (!input.online || input.health?.state === 'offline') return { kind: 'offline' };
  if (input.health?.state === 'error') return { kind: 'error', message: input.health.message ?? '' };
  return { kind: 'ok' };
}
