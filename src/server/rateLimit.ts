/**
 * One sliding-window rate limiter for everything the server counts: failed logins per e-mail and
 * address, failures per address across e-mails (spraying), reset and invitation mails, API keys,
 * public previews and renders.
 *
 * The window is the usual two-bucket estimate: the current fixed window's count plus the previous
 * one's, weighted by how much of it still overlaps the sliding window. Each key is two counters,
 * so a request costs O(1) however many keys there are. In memory on the embedded database (one
 * process owns its folder); in the database on PostgreSQL, where several server processes serve
 * one team and must share one count.
 */
import type { Sql } from './db';

interface Buckets {
  /** Start of the current fixed window (ms). */
  windowStart: number;
  prev: number;
  curr: number;
}

/** Where counts live: adds `amount` to a key's current bucket and answers both buckets. */
export interface LimitStore {
  add(key: string, amount: number, windowStart: number, windowMs: number): Promise<Buckets>;
  remove(key: string): Promise<void>;
}

/** Buckets rolled forward to `windowStart`: last window's count becomes `prev`, older ones vanish. */
function rolled(b: Buckets | undefined, windowStart: number, windowMs: number): Buckets {
  if (!b) return { windowStart, prev: 0, curr: 0 };
  if (b.windowStart === windowStart) return b;
  if (b.windowStart === windowStart - windowMs) return { windowStart, prev: b.curr, curr: 0 };
  return { windowStart, prev: 0, curr: 0 };
}

/**
 * Counts in this process. The map's order is least recently touched first (a touched key is
 * moved to the end), so expired keys are found at its head: each call drops at most a few, which
 * keeps memory bounded without ever walking the whole map.
 */
export class MemoryLimitStore implements LimitStore {
  private readonly buckets = new Map<string, Buckets>();

  get size(): number {
    return this.buckets.size;
  }

  async add(key: string, amount: number, windowStart: number, windowMs: number): Promise<Buckets> {
    const next = rolled(this.buckets.get(key), windowStart, windowMs);
    const updated = { ...next, curr: next.curr + amount };
    this.buckets.delete(key);
    this.buckets.set(key, updated);
    let dropped = 0;
    for (const [oldKey, old] of this.buckets) {
      if (dropped >= 2 || old.windowStart >= windowStart - windowMs) break;
      this.buckets.delete(oldKey);
      dropped++;
    }
    return updated;
  }

  async remove(key: string): Promise<void> {
    this.buckets.delete(key);
  }
}

/**
 * Counts in the `rate_limits` table: one upsert rolls the buckets forward and adds, atomically,
 * so any number of processes share one count. Old rows are deleted now and then.
 */
export class SqlLimitStore implements LimitStore {
  private calls = 0;

  constructor(private readonly sql: Sql) {}

  async add(key: string, amount: number, windowStart: number, windowMs: number): Promise<Buckets> {
    const [row] = await this.sql.query<{ prev: number; curr: number }>(
      `INSERT INTO rate_limits (key, window_start, prev, curr) VALUES ($1, $2, 0, $3)
       ON CONFLICT (key) DO UPDATE SET
         prev = CASE WHEN rate_limits.window_start = $2 THEN rate_limits.prev
                     WHEN rate_limits.window_start = $2 - $4 THEN rate_limits.curr ELSE 0 END,
         curr = CASE WHEN rate_limits.window_start = $2 THEN rate_limits.curr ELSE 0 END + $3,
         window_start = $2
       RETURNING prev, curr`,
      [key, windowStart, amount, windowMs],
    );
    this.calls += 1;
    if (this.calls % 1000 === 0)
      await this.sql.query('DELETE FROM rate_limits WHERE window_start < $1', [windowStart - windowMs]);
    return { windowStart, prev: Number(row?.prev ?? 0), curr: Number(row?.curr ?? 0) };
  }

  async remove(key: string): Promise<void> {
    await this.sql.query('DELETE FROM rate_limits WHERE key = $1', [key]);
  }
}

type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class SlidingWindowLimiter {
  constructor(
    /** Names this limiter's keys in a shared store. */
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly store: LimitStore,
  ) {}

  private estimate(b: Buckets, now: number): number {
    const overlap = 1 - (now - b.windowStart) / this.windowMs;
    return b.prev * overlap + b.curr;
  }

  /** Seconds until the estimate falls below the limit again (the previous bucket fading out, or a new window). */
  private retryAfter(b: Buckets, now: number): number {
    const windowEnd = b.windowStart + this.windowMs;
    let at = windowEnd;
    if (b.curr < this.max && b.prev > 0) {
      // prev * (1 - (t - start) / W) + curr < max  ⇔  t > start + W * (1 - (max - curr) / prev)
      at = Math.min(windowEnd, b.windowStart + this.windowMs * (1 - (this.max - b.curr) / b.prev));
    }
    return Math.max(1, Math.ceil((at - now) / 1000));
  }

  private add(key: string, amount: number, now: number): Promise<Buckets> {
    const windowStart = Math.floor(now / this.windowMs) * this.windowMs;
    return this.store.add(`${this.name}:${key}`, amount, windowStart, this.windowMs);
  }

  /** Whether the key is at its limit, without counting anything. */
  async check(key: string, now = Date.now()): Promise<RateDecision> {
    const b = await this.add(key, 0, now);
    return this.estimate(b, now) >= this.max
      ? { allowed: false, retryAfterSeconds: this.retryAfter(b, now) }
      : { allowed: true };
  }

  /** Counts one event if it is within the limit; a refused one is taken back, so waiting works. */
  async take(key: string, now = Date.now()): Promise<RateDecision> {
    const b = await this.add(key, 1, now);
    if (this.estimate(b, now) <= this.max) return { allowed: true };
    const back = await this.add(key, -1, now);
    return { allowed: false, retryAfterSeconds: this.retryAfter(back, now) };
  }

  /** Counts one event whatever the count (a failed login counts even when already refused). */
  async count(key: string, now = Date.now()): Promise<void> {
    await this.add(key, 1, now);
  }

  /** Forgets the key (a successful login clears its failures). */
  reset(key: string): Promise<void> {
    return this.store.remove(`${this.name}:${key}`);
  }
}
