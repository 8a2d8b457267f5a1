/**
 * What `/baseplugin` shows before a base host's screens: the decision alone, so it is tested
 * without a browser. The rule of docs/HOST-PROTOCOL.md (start-up step 3): until the first good
 * selection, a failing read (no answer in 10 s, a wrong shape, an error answer) is an error page
 * with its code — never "Connecting to the host…" for ever; the next good read replaces it.
 */
import { QuireError } from '../../core/errors';
import type { Selection } from '../../host/protocol';

export type BaseInit =
  | { status: 'idle' | 'running' | 'waiting' }
  | { status: 'done'; token: string }
  | { status: 'failed'; error: unknown };

type BaseGate =
  | { show: 'error'; error: unknown }
  | { show: 'connecting' | 'preparing' | 'waitingForTab' }
  | { show: 'base'; token: string };

export function baseGate(selection: Selection | undefined, selectionError: unknown, init: BaseInit): BaseGate {
  if (selection && !selection.baseId) return { show: 'error', error: new QuireError('NoBaseId') };
  if (!selection && selectionError !== undefined) return { show: 'error', error: selectionError };
  if (init.status === 'failed') return { show: 'error', error: init.error };
  if (init.status === 'done') return { show: 'base', token: init.token };
  if (!selection) return { show: 'connecting' };
  return { show: init.status === 'waiting' ? 'waitingForTab' : 'preparing' };
}
