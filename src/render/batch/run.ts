/**
 * Runs a render function over many records with bounded concurrency and yields results in record
 * order. At most `concurrency` documents are in flight plus those waiting for an earlier one, so
 * memory stays flat however many records there are.
 */
import { QuireError } from '../../core/errors';

export interface BatchProgress {
  done: number;
  total: number;
}

export interface BatchOptions {
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (progress: BatchProgress) => void;
}

export interface BatchItem<T, R = Uint8Array> {
  index: number;
  record: T;
  output: R;
}

export type RenderOne<T, R = Uint8Array> = (record: T, index: number) => Promise<R>;

function aborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new QuireError('DocGenerationError', { detail: 'cancelled' });
}

export async function* renderBatch<T, R = Uint8Array>(
  records: Iterable<T> | AsyncIterable<T>,
  render: RenderOne<T, R>,
  options: BatchOptions = {},
): AsyncGenerator<BatchItem<T, R>> {
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const total = Array.isArray(records) ? records.length : Number.NaN;
  const iterator = (Symbol.asyncIterator in records ? records[Symbol.asyncIterator]() : records[Symbol.iterator]()) as
    | AsyncIterator<T>
    | Iterator<T>;
  const inFlight: Promise<BatchItem<T, R>>[] = [];
  let index = 0;
  let exhausted = false;
  let done = 0;
  const pull = async () => {
    if (exhausted) return;
    const next = await iterator.next();
    if (next.done) {
      exhausted = true;
      return;
    }
    const i = index++;
    const record = next.value;
    const task = render(record, i).then((output) => ({ index: i, record, output }));
    // Keep the rejection observed until the consumer awaits this item in order.
    task.catch(() => undefined);
    inFlight.push(task);
  };
  while (inFlight.length < concurrency && !exhausted) await pull();
  while (inFlight.length > 0) {
    aborted(options.signal);
    const item = await inFlight.shift()!;
    done++;
    options.onProgress?.({ done, total: Number.isNaN(total) ? done + inFlight.length : total });
    await pull();
    yield item;
  }
}
