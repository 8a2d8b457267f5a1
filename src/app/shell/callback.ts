/**
 * A page opened with `_callback` in its URL (the last step of a sign-in round trip run inside an
 * iframe, spec 000 §2) reports where it ended to its parent and renders nothing. The URL can carry
 * a sign-in code, so the whole of it goes only to Quire's own origin; a configured host origin
 * gets the origin and path alone (docs/HOST-PROTOCOL.md, "`_callback`").
 */
import { hostOrigins } from '../services/hostConfig';

interface CallbackMessage {
  type: 'callback';
  url: string;
}

interface CallbackWindow {
  location: { href: string; search: string };
  parent: { postMessage(message: unknown, targetOrigin: string): void };
}

export function hasCallbackParam(search: string): boolean {
  return new URLSearchParams(search).has('_callback');
}

/**
 * What one receiver is sent. Quire's own page (which opened the sign-in round trip in a frame)
 * exchanges the provider's answer, so it gets the whole URL; a host page only learns that the
 * round trip ended and where (origin and path) — never the query's sign-in code or state.
 */
function callbackFor(receiver: string, href: string, ownOrigin: string): CallbackMessage {
  if (receiver === ownOrigin) return { type: 'callback', url: href };
  const url = new URL(href);
  return { type: 'callback', url: `${url.origin}${url.pathname}` };
}

/**
 * Returns true when the message is being posted and the app must not render. `origins` are the
 * configured host origins (loaded from the app's configuration unless given; Quire's own included).
 */
export function postCallbackIfRequested(
  win: CallbackWindow,
  origins: () => Promise<readonly string[]> = hostOrigins,
): boolean {
  if (!hasCallbackParam(win.location.search)) return false;
  const own = new URL(win.location.href).origin;
  void origins().then(
    (list) => {
      // Each receiver named as the target: the browser delivers only to the real parent's origin.
      for (const origin of list) win.parent.postMessage(callbackFor(origin, win.location.href, own), origin);
    },
    () => undefined,
  );
  return true;
}
