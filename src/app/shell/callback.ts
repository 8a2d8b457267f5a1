/**
 * A host that opens Quire with `_callback` in the URL (e.g. after an OAuth round trip inside an
 * iframe) wants the final URL, not the app: post it to the parent and render nothing.
 */
export interface CallbackMessage {
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

/** Returns true when the message was posted and the app must not render. */
export function postCallbackIfRequested(win: CallbackWindow): boolean {
  if (!hasCallbackParam(win.location.search)) return false;
  const message: CallbackMessage = { type: 'callback', url: win.location.href };
  win.parent.postMessage(message, '*');
  return true;
}
