import { redirect } from '@tanstack/react-router';
import { QuireError } from '../../core/errors';
import { type SeatAccessCheck, seatManagementAccess } from '../../core/plan';
import { loginStore, signinHref } from '../services/auth/session';
import { unlistedFramer } from '../services/hostConfig';
import { readPlan } from '../services/plan/plan';

interface GuardArgs {
  location: { href: string; search: unknown };
}

/** /home requires a login; otherwise sign-in with the original path and search as target (spec 000 §2). */
export function requireStandardLogin({ location }: GuardArgs): void {
  if (loginStore.current('standard')) return;
  throw redirect({ href: signinHref({ context: 'standard', target: location.href }) });
}

/**
 * A page framed by an origin that is not Quire's nor a configured host's gets *not in host*
 * before anything that takes input (the sign-in card, the `userId` gate) is shown in it.
 */
export async function refuseUnlistedFramer(): Promise<void> {
  const framer = await unlistedFramer();
  if (framer) throw new QuireError('NotInHost', { detail: framer });
}

/**
 * /baseplugin is gated by the host user id: the login must belong to that user. The cancel target
 * comes from the `from` parameter, default /canceled (spec 000 §2).
 */
export async function requireHostUser({ location }: GuardArgs): Promise<void> {
  await refuseUnlistedFramer();
  const search = (location.search ?? {}) as Record<string, unknown>;
  const userId = typeof search.userId === 'string' && search.userId ? search.userId : undefined;
  if (loginStore.current('standard', { userId })) return;
  const cancelTarget = typeof search.from === 'string' && search.from ? search.from : '/canceled';
  throw redirect({ href: signinHref({ context: 'standard', target: location.href, userId, cancelTarget }) });
}

/**
 * The seat-management account facts of the signed-in user. Without a server the account lives on
 * this device and has no paid plan, so nobody manages seats; a server session fills these in.
 */
function currentSeatAccount(): SeatAccessCheck {
  const login = loginStore.current('standard');
  return { version: undefined, isAdmin: false, ...(login ? { currentTenantUserId: login.userId } : {}) };
}

/**
 * /home/admin and its children: ENTERPRISE_SEAT only for an admin, STARTUP/BUSINESS only for the
 * buyer, nobody otherwise (spec 000 §6). A refusal is a catalogued error the error page shows.
 */
export function requireSeatManager(account: SeatAccessCheck = currentSeatAccount()): void {
  const access = seatManagementAccess(account);
  if (!access.allowed) throw new QuireError(access.error);
}

/** Whether the sidebar offers administration and seats (spec 000 §2, the seat-management link). */
export function seatLinksVisible(account: SeatAccessCheck = currentSeatAccount()): boolean {
  return seatManagementAccess(account).allowed;
}

/**
 * /home/admin with a server: the team's plan as the server states it decides (its `seatAccess` is
 * spec 000 §6 computed there); without a server login nobody manages seats (`Forbidden`).
 */
export async function requireServerSeatManager(): Promise<void> {
  const read = readPlan();
  if (!read) return requireSeatManager();
  const plan = await read;
  if (!plan.seatAccess.allowed) throw new QuireError(plan.seatAccess.error);
}
