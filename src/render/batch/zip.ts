import { makeZip } from 'client-zip';

export interface ZipEntry {
  /** File name inside the archive, with extension. */
  name: string;
  bytes: Uint8Array;
}

/**
 * Streams a ZIP as entries arrive: nothing is buffered beyond the entry being written, so a
 * batch of 10,000 PDFs never holds more than a few in memory.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>, lastModified = new Date(0)): ReadableStream<Uint8Array> {
  async function* files() {
    for await (const entry of entries) yield { name: entry.name, input: entry.bytes, lastModified };
  }
  return makeZip(files());
}

/** Makes file names unique as they stream: 'a', 'a(1)', 'a(2)'… (same scheme as core/naming). */
export class UniqueNames {
  private readonly taken = new Set<string>();
  private readonly counters = new Map<string, number>();

  take(name: string): string {
    let candidate = name;
    let n = this.counters.get(name) ?? 0;
    while (this.taken.has(candidate)) candidate = `${name}(${++n})`;
    this.counters.set(name, n);
    this.taken.add(candidate);
    return candidate;
  }
}
