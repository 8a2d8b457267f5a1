/**
 * The signed-in team's plan as the server states it (#32; `GET /api/plan`): read once per login and
 * shared by the header, the upgrade and seat screens and the plan notices. The server decides what
 * a plan allows; the app only shows it and explains refusals (`PlanFeatureRequired`).
 */
import { useCallback, useEffect, useState } from 'react';
import type { PlanDto } from '../../../api/contract';
import { isQuireError } from '../../../core/errors';
import { serverApi, serverLogin, watchServerLogin } from '../sync/server';

export type PlanRead =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; plan: PlanDto }
  | { status: 'failed'; error: unknown };

const reads = new Map<string, Promise<PlanDto>>();

/** The plan of the signed-in team, read once per token unless `fresh` (pay-success polls). */
export function readPlan(fresh = false): Promise<PlanDto> | undefined {
  const login = serverLogin();
  if (!login) return undefined;
  const key = `${login.token}|${login.tenantKey}`;
  let read = fresh ? undefined : reads.get(key);
  if (!read) {
    read = serverApi().plan.get();
    reads.set(key, read);
    // A failed read is not kept: the next screen asks again.
    read.catch(() => reads.delete(key));
  }
  return read;
}

/** Forgets what was read (after seats change, the counts do too). */
export function forgetPlan(): void {
  reads.clear();
}

/** The plan for a screen: none without a server login, then loading, ready or failed. */
export function usePlan(): PlanRead & { reload: () => void } {
  const [state, setState] = useState<PlanRead>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => watchServerLogin(() => setRound((n) => n + 1)), []);
  useEffect(() => {
    const read = readPlan(round > 0);
    if (!read) {
      setState({ status: 'none' });
      return;
    }
    let alive = true;
    setState((old) => (old.status === 'ready' ? old : { status: 'loading' }));
    read.then(
      (plan) => alive && setState({ status: 'ready', plan }),
      (error: unknown) => alive && setState({ status: 'failed', error }),
    );
    return () => {
      alive = false;
    };
  }, [round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}

/** Whether a failure is the server refusing a feature the team's plan lacks. */
export function isPlanRefusal(error: unknown): boolean {
  return isQuireError(error, 'PlanFeatureRequired');
}

/** Where the upgrade link goes: the server's configured URL, with the app's language. */
export function upgradeLink(url: string | null | undefined, lng: string): string | undefined {
  if (!url) return undefined;
  try {
    const link = new URL(url);
    if (link.protocol !== 'https:' && link.protocol !== 'http:') return undefined;
    link.searchParams.set('lng', lng);
    return link.toString();
  } catch {
    return undefined;
  }
}
