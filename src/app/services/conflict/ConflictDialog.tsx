/**
 * Two versions that changed apart, side by side, and the three ways out: take theirs, keep mine (on top
 * of theirs), keep mine as a copy. Reusable: it takes two versions with labels and translated texts,
 * not editor state, so server sync shows the same dialog for server conflicts.
 */
import { useEffect, useMemo, useRef } from 'react';
import { type Conflict, type ConflictResolution, compareVersions, type PartDifference, shorten } from './conflict';
import './conflict.css';

export interface ConflictDialogTexts {
  title: string;
  intro: string;
  takeTheirs: string;
  keepMine: string;
  keepCopy: string;
  /** e.g. "{{n}} more parts are the same in both" — already filled in by the caller. */
  unchanged: (count: number) => string;
  /** Shown in a column where a part is missing. */
  absent: string;
  /** Shown when the versions read the same (only layout or settings differ). */
  noTextChanges: string;
}

interface ConflictDialogProps<C> {
  conflict: Conflict<C>;
  texts: ConflictDialogTexts;
  onResolve: (resolution: ConflictResolution) => void;
  /** While the chosen resolution is being written the buttons are disabled. */
  busy?: boolean;
  /** A failure of the last attempt (shown in the dialog, which stays open). */
  error?: string | null;
}

const MAX_ROWS = 12;

function Cell({ text, absent }: { text: string | undefined; absent: string }) {
  return text === undefined ? (
    <td className="qc-absent">{absent}</td>
  ) : (
    <td>{shorten(text) || <span className="qc-absent">∅</span>}</td>
  );
}

export function ConflictDialog<C>({ conflict, texts, onResolve, busy = false, error }: ConflictDialogProps<C>) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { differences, unchanged } = useMemo(
    () => compareVersions(conflict.mine.parts, conflict.theirs.parts),
    [conflict],
  );
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open && typeof dialog.showModal === 'function') dialog.showModal();
    // The dialog can open while the user is typing: a space or Enter must not pick a choice for them.
    titleRef.current?.focus();
  }, []);
  const shown: PartDifference[] = differences.slice(0, MAX_ROWS);
  const hidden = differences.length - shown.length + unchanged;
  const choose = (resolution: ConflictResolution) => () => onResolve(resolution);
  return (
    <dialog
      ref={ref}
      className="qc-dialog"
      aria-labelledby="qc-title"
      aria-describedby="qc-intro"
      // Closing without a choice would leave the conflict undecided: Escape does nothing.
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id="qc-title" ref={titleRef} tabIndex={-1}>
        {texts.title}
      </h2>
      <p id="qc-intro">{texts.intro}</p>
      <table className="qc-table">
        <thead>
          <tr>
            <th scope="col">{conflict.theirs.label}</th>
            <th scope="col">{conflict.mine.label}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((difference) => (
            <tr key={difference.id} data-change={difference.change}>
              <Cell text={difference.theirs} absent={texts.absent} />
              <Cell text={difference.mine} absent={texts.absent} />
            </tr>
          ))}
          {differences.length === 0 && (
            <tr>
              <td colSpan={2} className="qc-absent">
                {texts.noTextChanges}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {hidden > 0 && <p className="qc-more">{texts.unchanged(hidden)}</p>}
      {error && (
        <p className="qc-error" role="alert">
          {error}
        </p>
      )}
      <div className="qc-actions">
        <button type="button" className="qc-btn" disabled={busy} onClick={choose('theirs')}>
          {texts.takeTheirs}
        </button>
        <button type="button" className="qc-btn" disabled={busy} onClick={choose('copy')}>
          {texts.keepCopy}
        </button>
        <button type="button" className="qc-btn qc-btn-primary" disabled={busy} onClick={choose('mine')}>
          {texts.keepMine}
        </button>
      </div>
    </dialog>
  );
}
