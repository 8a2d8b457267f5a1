/**
 * A host record as the binding service prints it (issue 25 item 4): the host's record and the
 * records its links name, with the same record links a local record carries (a "current record"
 * QR code inside a host links to the record in this app) and the bytes of its images read here,
 * so every output — preview, export, print — gets them as it gets a local record's.
 */
import type { RecordLinks } from '../../core/print/input';
import type { PrintSource } from '../../core/print/sources';
import { type Bridge, type HostTable, hostRecordSource } from '../../host/base';
import { appRecordLinks } from './printing';

/** Image bytes by URL, read once per page (the preview follows the host's selection back and forth). */
const IMAGE_CACHE_LIMIT = 64;
const images = new Map<string, Promise<Uint8Array | undefined>>();

/** An image attachment's bytes over the network (or a data URL); undefined when it cannot be read. */
function fetchImageBytes(url: string): Promise<Uint8Array | undefined> {
  const known = images.get(url);
  if (known) return known;
  const read = fetch(url)
    .then(async (response) => (response.ok ? new Uint8Array(await response.arrayBuffer()) : undefined))
    .catch(() => undefined);
  if (images.size >= IMAGE_CACHE_LIMIT) images.delete(images.keys().next().value!);
  images.set(url, read);
  // A failure is not remembered: the next preview tries again (back online, say).
  void read.then((bytes) => bytes ?? images.delete(url));
  return read;
}

interface HostPrintOptions {
  readImage?: (url: string) => Promise<Uint8Array | undefined>;
  linksFor?: (tableId: string, recordId: string) => RecordLinks;
}

/** One host record as its print source, carrying links and image bytes like a local record's. */
export function hostPrintSource(
  bridge: Bridge,
  baseId: string | null,
  table: HostTable,
  recordId: string,
  options: HostPrintOptions = {},
): Promise<PrintSource> {
  return hostRecordSource(bridge, baseId, table, recordId, {
    linksFor: options.linksFor ?? appRecordLinks,
    readImage: options.readImage ?? fetchImageBytes,
  });
}
