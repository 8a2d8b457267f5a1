/**
 * The QR signing link (#31): the page the phone opens is this same screen with the link's token in
 * the query. It points at this site: the phone reaches the relay on the server this site serves.
 */

/** The query parameter the phone's link carries the token in. */
const LINK_PARAM = 'link';

/** The phone's address for a token, on the given site's origin. */
export function phoneLink(origin: string, token: string): string {
  const url = new URL('/signature/qr', origin);
  url.searchParams.set(LINK_PARAM, token);
  return url.href;
}

/** The token in a page's query, when it has the shape the server issues (else none: the desktop view). */
export function linkToken(search: string): string | undefined {
  const token = new URLSearchParams(search).get(LINK_PARAM);
  return token && /^[A-Za-z0-9_-]{32}$/.test(token) ? token : undefined;
}

/** A call refused because the link is used, expired or unknown (the relay answers all three alike). */
export const isGone = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: number }).status === 404;
