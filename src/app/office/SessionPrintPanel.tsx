import type { ReactNode } from 'react';
import { PrintPanel, printTarget } from '../services/print/PrintPanel';
import { NO_RECORD, type OfficeSession } from './useOfficeSession';

/**
 * The print panel of a screen's session (editor, preview): this record or instance and the list of
 * the bound table or approval; `fallback` when the template is bound to neither.
 */
export function SessionPrintPanel({ session, fallback = null }: { session: OfficeSession; fallback?: ReactNode }) {
  const target = printTarget(session.binding);
  if (!session.storage || !session.row || !target) return fallback;
  return (
    <PrintPanel
      storage={session.storage}
      template={session.row}
      target={target}
      currentId={session.choice === NO_RECORD ? undefined : session.choice}
      allIds={session.recordIds}
    />
  );
}
