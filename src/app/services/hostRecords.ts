/**
 * The records of a host's table for the template editor's live preview. A host table has no local
 * rows: its records stay in the host and arrive through the bridge. The host's editor screen
 * (src/app/host) registers a provider for the table while it is open; the editor asks it for the
 * records to offer (the host's selected one first chosen) and for the chosen record's print source.
 */
import type { PrintSource } from '../../core/print/sources';
import type { Reader } from '../../host/reader';

export interface HostPreviewRecords {
  records: Array<{ id: string; label: string }>;
  /** The record selected in the host, when it shows this table. */
  selectedId?: string;
  /** The zone and locale the host named in hello: the preview prints in them as the host's documents do. */
  reader?: Reader;
  source(recordId: string): Promise<PrintSource>;
}

interface HostRecordProvider {
  records(): Promise<Omit<HostPreviewRecords, 'source'>>;
  source(recordId: string): Promise<PrintSource>;
}

const providers = new Map<string, HostRecordProvider>();

/** Registers the table's provider; the returned function removes it (only if still the same). */
export function provideHostRecords(tableId: string, provider: HostRecordProvider): () => void {
  providers.set(tableId, provider);
  return () => {
    if (providers.get(tableId) === provider) providers.delete(tableId);
  };
}

/** The host's records of the table, or undefined when no host provides them (or it fails to). */
export async function loadHostPreviewRecords(tableId: string): Promise<HostPreviewRecords | undefined> {
  const provider = providers.get(tableId);
  if (!provider) return undefined;
  try {
    return { ...(await provider.records()), source: (id) => provider.source(id) };
  } catch {
    // The preview then shows sample data; the host's screens report the bridge's failure.
    return undefined;
  }
}
