import type { StoreName } from './db';

/**
 * Change notifications between tabs. Dexie's liveQuery already re-runs queries when another tab
 * writes; this bus is for code that is not a query (an open editor learning that its template was
 * saved elsewhere, a banner, the sync outbox). Events are posted only after the transaction commits.
 */

export interface StorageChange {
  stores: StoreName[];
  /** Primary keys touched, when the writer knows them (e.g. the template id). */
  keys?: string[];
  /** Short action name, e.g. 'template.save'. */
  action: string;
  /** 'local' for this tab's writes, 'remote' for another tab's. */
  origin: 'local' | 'remote';
}

export type ChangeListener = (change: StorageChange) => void;

interface ChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

const CHANGE_CHANNEL_NAME = 'quire-storage-changes';

export class ChangeBus {
  private readonly listeners = new Set<ChangeListener>();
  private readonly channel: ChannelLike | undefined;

  constructor(channelName: string = CHANGE_CHANNEL_NAME) {
    const Channel = (globalThis as { BroadcastChannel?: new (name: string) => ChannelLike }).BroadcastChannel;
    if (Channel) {
      this.channel = new Channel(channelName);
      this.channel.onmessage = (event) => {
        const data = event.data as Omit<StorageChange, 'origin'> | undefined;
        if (data && Array.isArray(data.stores)) this.dispatch({ ...data, origin: 'remote' });
      };
      // Node keeps the process alive for an open channel; browsers have no unref.
      (this.channel as { unref?: () => void }).unref?.();
    }
  }

  emit(change: Omit<StorageChange, 'origin'>): void {
    this.dispatch({ ...change, origin: 'local' });
    try {
      this.channel?.postMessage(change);
    } catch {
      // A closed channel (tab shutting down) must not turn a committed write into a failure.
    }
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.channel?.close();
    this.listeners.clear();
  }

  private dispatch(change: StorageChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
