/**
 * A host that opens Quire with `_callback` in the URL (e.g. after an OAuth round trip inside an
 * iframe) wants the final URL, not the app: post it to the parent and render nothing. The URL can
 * carry a sign-in code, so it goes only to a configured host origin (or Quire's own), each named
 * as the target: the browser delivers it only if the framing page really has that origin.
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
 * Returns true when the message is being posted and the app must not render. `origins` are the
 * configured host origins (loaded from the app's configuration unless given).
 */
export function postCallbackIfRequested(
  win: CallbackWindow,
  origins: () => Promise<readonly string[]> = hostOrigins,
): boolean {
  if (!hasCallbackParam(win.location.search)) return false;
  const message: CallbackMessage = { type: 'callback', url: win.location.href };
  void origins().then(
    (list) => {
      for (const origin of list) win.parent.postMessage(message, origin);
    },
    () => undefined,
  );
  return true;
}
