import { redirect } from '@tanstack/react-router';
import { loginStore, signinHref } from '../auth/session';

interface GuardArgs {
  location: { href: string; search: unknown };
}

/** /home requires a login; otherwise sign-in with the original path and search as target (spec 000 §2). */
export function requireStandardLogin({ location }: GuardArgs): void {
  if (loginStore.current('standard')) return;
  throw redirect({ href: signinHref({ context: 'standard', target: location.href }) });
}

/**
 * /baseplugin is gated by the host user id: the login must belong to that user. The cancel target
 * comes from the `from` parameter, default /canceled (spec 000 §2).
 */
export function requireHostUser({ location }: GuardArgs): void {
  const search = (location.search ?? {}) as Record<string, unknown>;
  const userId = typeof search.userId === 'string' && search.userId ? search.userId : undefined;
  if (loginStore.current('standard', { userId })) return;
  const cancelTarget = typeof search.from === 'string' && search.from ? search.from : '/canceled';
  throw redirect({ href: signinHref({ context: 'standard', target: location.href, userId, cancelTarget }) });
}
