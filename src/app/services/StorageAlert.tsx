import type { ReactNode } from 'react';
import './storageNotices.css';

/**
 * How every screen says storage refused a write or cannot open: one look, whoever raises it — the
 * workspace's pending writes (`storageNotices.tsx`) or a template's save pipeline
 * (`saving/SaveNotices.tsx`). The reason, its catalogue code, what is kept, and the actions.
 */
export function StorageAlert(props: {
  headline: ReactNode;
  code?: number | string;
  /** What follows the reason: how many changes wait, or what to do. */
  detail?: ReactNode;
  actions: ReactNode;
  testId?: string;
  className?: string;
  /** The catalogued error's name, for styles and tests. */
  failure?: string;
}) {
  return (
    <div
      className={props.className ? `ws-banner ${props.className}` : 'ws-banner'}
      role="alert"
      data-testid={props.testId}
      data-failure={props.failure}
    >
      <span className="ws-banner-icon" aria-hidden="true">
        !
      </span>
      <div className="ws-banner-text">
        <strong>{props.headline}</strong>
        {props.code !== undefined && <span className="ws-banner-code">{String(props.code)}</span>}
        {props.detail}
      </div>
      {props.actions}
    </div>
  );
}
