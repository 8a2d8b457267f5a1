/**
 * Following the versions of an open template saved elsewhere (another tab, or sync writing a pulled
 * version) while the editor has nothing of its own to save. Pure of React and storage: the editor
 * passes how to listen, read, decide and show.
 *
 * A version written before the listener was in place is not missed: the editor read its template,
 * then set up its screen, and only then listened; sync may write a pulled version in that gap. So
 * the newest version is read once as soon as the listener is in place, then on each change.
 */

interface FollowedVersion {
  revision: number;
}

interface FollowOptions<V extends FollowedVersion> {
  /** Calls `changed` each time the template may have been written elsewhere; returns the stop. */
  listen: (changed: () => void) => () => void;
  /** The stored version now (undefined: the template is gone). */
  read: () => Promise<V | undefined>;
  /** The revision the editor's text is on. */
  revision: () => number;
  /** True while the editor has text of its own not yet stored (it is never replaced then). */
  busy: () => boolean;
  /** Shows `version` in the editor as its own (called at once after the checks, no await between). */
  show: (version: V) => void;
}

export interface Follower {
  /** Reads the stored version and shows it when it is newer and the editor is free. */
  check: () => Promise<void>;
  stop: () => void;
}

export function followSaves<V extends FollowedVersion>(options: FollowOptions<V>): Follower {
  let alive = true;
  const check = async () => {
    if (!alive) return;
    // A failed read shows nothing new; the next change or save reads again.
    const version = await options.read().catch(() => undefined);
    // Decided and shown in one step: no key can land between the check and the new text.
    if (!alive || !version || version.revision <= options.revision() || options.busy()) return;
    options.show(version);
  };
  const unlisten = options.listen(() => void check());
  void check();
  return {
    check,
    stop: () => {
      alive = false;
      unlisten();
    },
  };
}
