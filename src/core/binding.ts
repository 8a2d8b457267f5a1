/**
 * What a template prints from, typed (issue 25 item 4). A template row stores its binding as one
 * string (`tableId`): a table's id, `approval:CODE` for an approval definition (older templates
 * stored the bare code), or '' for nothing. `parseBinding` is the one reader of that string and
 * `storedBinding` its one writer; no other code looks for the `approval:` prefix.
 *
 * A host's table and a team document's data source are told apart by where the template is
 * opened (a host's base, a document's route), not by the stored string: those kinds are made by
 * the screens that know, never parsed.
 */
export type Binding =
  | { kind: 'table'; tableId: string }
  | { kind: 'approval'; code: string }
  /** A table of the host the app runs inside: records come through the host bridge. */
  | { kind: 'host'; tableId: string }
  /** A team document's template: its data source and sample instance. */
  | { kind: 'open'; docId: string }
  | { kind: 'none' };

const APPROVAL_PREFIX = 'approval:';

/** The binding a stored string names: a table (or, for older templates, maybe a bare approval code), an approval, or none. */
export function parseBinding(stored: string | undefined | null): Binding {
  if (!stored) return { kind: 'none' };
  if (stored.startsWith(APPROVAL_PREFIX)) return { kind: 'approval', code: stored.slice(APPROVAL_PREFIX.length) };
  return { kind: 'table', tableId: stored };
}

/** The string a template row stores for a binding (a document's template keeps the row's own). */
export function storedBinding(binding: Exclude<Binding, { kind: 'open' }>): string {
  switch (binding.kind) {
    case 'table':
    case 'host':
      return binding.tableId;
    case 'approval':
      return `${APPROVAL_PREFIX}${binding.code}`;
    case 'none':
      return '';
  }
}

/** Whether a stored string names an approval definition (by the prefixed form). */
export function isApprovalBinding(stored: string | undefined | null): boolean {
  return parseBinding(stored).kind === 'approval';
}

/**
 * The approval code a stored string may name: the prefixed form's code, or the string itself (the
 * bare code older templates stored, tried when no table has that id).
 */
export function approvalCodeOf(stored: string): string {
  const binding = parseBinding(stored);
  return binding.kind === 'approval' ? binding.code : stored;
}

/** The stored strings that name an approval: the prefixed form, and the bare code older templates used. */
export function approvalBindings(code: string): string[] {
  return [storedBinding({ kind: 'approval', code }), code];
}

/** A stable key of a binding (caches, React keys): two equal bindings have one key. */
export function bindingKey(binding: Binding): string {
  switch (binding.kind) {
    case 'open':
      return `open:${binding.docId}`;
    case 'host':
      return `host:${binding.tableId}`;
    default:
      return `${binding.kind}:${storedBinding(binding)}`;
  }
}
