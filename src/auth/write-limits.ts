import type { Config } from '../platform/config.js';
import { unauthorized } from '../platform/errors.js';
import { type Database, namedStatement, runRows } from '../db/sql.js';
import { SESSION_ENDED, type SessionHolder, sessionIsOpen } from '../viewer/session.js';
import { tooMany } from '../platform/errors.js';
import { counterValues, slidingCount, type CounterState } from './auth.queries.js';
import { retryAfterSeconds, slidingWindow, type SlidingWindow } from './rate-limits.js';
import { Deadlines } from '../platform/deadlines.js';

/** The kinds of write limited at human pace, each with its own window (docs/limits.md). */
export const WRITE_KINDS = [
  'posts',
  'comments',
  'likes',
  'follows',
  'tickets',
  'password',
  'profile',
  'events',
  'media',
] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/** Which kind each mutation counts as, by procedure path; a mutation not here counts only overall. */
const KIND_OF: Record<string, WriteKind> = {
  'posts.create': 'posts',
  'posts.update': 'posts',
  'posts.delete': 'posts',
  // A repost is a status in Mastodon's limit, as a post is here; a bookmark goes at a like's pace.
  'posts.repost': 'posts',
  'posts.unrepost': 'posts',
  'posts.comment': 'comments',
  'comments.update': 'comments',
  'comments.delete': 'comments',
  'posts.like': 'likes',
  'posts.unlike': 'likes',
  'comments.like': 'likes',
  'comments.unlike': 'likes',
  'posts.bookmark': 'likes',
  'posts.unbookmark': 'likes',
  'users.follow': 'follows',
  'users.unfollow': 'follows',
  'tags.follow': 'follows',
  'tags.unfollow': 'follows',
  'live.ticket': 'tickets',
  'auth.changePassword': 'password',
  'users.updateMe': 'profile',
  'events.create': 'events',
  'events.replace': 'events',
  'events.delete': 'events',
  'media.upload': 'media',
  'media.update': 'media',
  'users.setAvatar': 'media',
  'users.deleteAvatar': 'media',
};

export const writeKindOf = (path: string): WriteKind | undefined => KIND_OF[path];

/** The config variable of each kind, e.g. WRITE_LIMIT_POSTS. */
export const writeLimitVariable = (kind: WriteKind) =>
  `WRITE_LIMIT_${kind.toUpperCase() as Uppercase<WriteKind>}` as const;

/** The most full windows one process remembers (WriteLimits.refused). */
const REFUSED_MAX = 10_000;

/** The counters are PostgreSQL integers. */
const MAX_COUNT = 2 ** 31 - 1;

/** How long the longest configured window lasts: the purge of old counters keeps at least that. */
export function longestWriteWindowSeconds(config: Config): number {
  return Math.max(
    config.WRITE_WINDOW_SECONDS,
    ...WRITE_KINDS.map((kind) => config[writeLimitVariable(kind)].windowSeconds),
  );
}

const window = (key: string, add: number, max: number, windowSeconds: number, now: number) =>
  slidingWindow(key, add, Math.min(max, MAX_COUNT), windowSeconds, now);

/*
 * One statement checks the caller's session ($7, $8 as OPEN_SESSION) and counts the write in each
 * of its sliding windows (rate_limit_counters, on the primary, so every process and node sees one
 * count): a window goes up only while the write still fits. Keys in one order, so that concurrent
 * writes of one user lock their rows in the same order and cannot deadlock.
 */
const COUNT_WRITE = namedStatement(
  'write_count',
  `with open as (select 1 from sessions s where s.jti = $7 and s.user_id = $8 and ${sessionIsOpen('s')}),
    ${slidingCount('exists (select 1 from open)')}
    select exists (select 1 from open) as open, k.key, k.key in (select key from up) as counted,
      k.previous_hits as previous, k.current_hits as "current"
    from k`,
);

// The rows are locked in key order first, as COUNT_WRITE takes them: an update alone takes them in
// whatever order its plan meets them (the heap's, say), and a count and a give-back could deadlock.
const UNCOUNT_WRITE = namedStatement(
  'write_uncount',
  `with k as (select * from unnest($1::text[], $2::timestamptz[], $3::int[]) as k(key, start, add)),
    locked as materialized (
      select c.key, c.window_start from rate_limit_counters c join k on c.key = k.key and c.window_start = k.start
      order by c.key for update of c)
    update rate_limit_counters c set hits = greatest(0, c.hits - k.add)
    from k join locked l on l.key = k.key and l.window_start = k.start
    where c.key = k.key and c.window_start = k.start`,
);

/** A write counted in its windows; `giveBack` takes it out again (it did not happen). */
export interface CountedWrite {
  giveBack(): Promise<void>;
}

const giveBack = (db: Database, windows: SlidingWindow[]) =>
  runRows(db, UNCOUNT_WRITE, [windows.map((w) => w.key), windows.map((w) => w.start), windows.map((w) => w.add)]);

/**
 * The per-user write limits, held in PostgreSQL: the overall ceilings (WRITES_PER_USER writes and
 * WRITE_BYTES_PER_USER bytes of input per WRITE_WINDOW_SECONDS) and one human-pace limit per kind
 * of write (WRITE_LIMIT_<KIND>). WRITE_LIMITS=off lifts them all: nothing is counted.
 */
export class WriteLimits {
  /**
   * Count windows found full, by key, with when their next write fits: until then this process
   * refuses that user's writes counted there without a statement, so a client hammering a full
   * limit costs no pool time. Per process; bounded, the oldest forgotten first.
   */
  private readonly refused = new Deadlines<string>(REFUSED_MAX);

  constructor(private readonly config: Config) {}

  get enabled(): boolean {
    return this.config.WRITE_LIMITS;
  }

  /**
   * Counts one write of `bytes` bytes of input by the caller, as the mutation at `path`, and checks
   * its session in the same statement: 401 when the session has ended, 429 with Retry-After when a
   * window is full (then nothing stays counted).
   */
  async take(db: Database, user: SessionHolder, path: string, bytes: number, now = Date.now()): Promise<CountedWrite> {
    const { config } = this;
    const windows = [
      window(`w:${user.userId}`, 1, config.WRITES_PER_USER, config.WRITE_WINDOW_SECONDS, now),
      window(`wb:${user.userId}`, bytes, config.WRITE_BYTES_PER_USER, config.WRITE_WINDOW_SECONDS, now),
    ];
    const kind = writeKindOf(path);
    if (kind) {
      const limit = config[writeLimitVariable(kind)];
      windows.push(window(`w:${kind}:${user.userId}`, 1, limit.max, limit.windowSeconds, now));
    }
    const refused = this.stillRefused(windows, now);
    if (refused) throw tooMany(refused.retryAfter, refused.key === windows[2]?.key ? `writes-${kind}` : 'writes');
    const rows = await runRows<CounterState & { key: string; open: boolean }>(db, COUNT_WRITE, [
      ...counterValues(windows),
      user.jti,
      user.userId,
    ]);
    user.sessionChecked = true;
    const states = new Map(rows.map((row) => [row.key, row]));
    if (!rows[0]!.open) throw unauthorized(SESSION_ENDED);
    const counted = windows.filter((w) => states.get(w.key)!.counted);
    if (counted.length < windows.length) {
      if (counted.length > 0) await giveBack(db, counted);
      const full = windows.filter((w) => !counted.includes(w));
      // The metric names the kind's own window when that one was full, else the overall ceiling.
      const byKind = kind !== undefined && full.includes(windows[2]!);
      const retryAfter = Math.max(...full.map((w) => retryAfterSeconds(w, states.get(w.key)!)));
      this.remember(full, retryAfter, now);
      throw tooMany(retryAfter, byKind ? `writes-${kind}` : 'writes');
    }
    return { giveBack: async () => void (await giveBack(db, windows)) };
  }

  /** The first of these windows remembered full, and the seconds until it has room; undefined when none is. */
  private stillRefused(windows: SlidingWindow[], now: number): { key: string; retryAfter: number } | undefined {
    for (const { key } of windows) {
      const retryAfter = this.refused.secondsLeft(key, now);
      if (retryAfter > 0) return { key, retryAfter };
    }
    return undefined;
  }

  /** Remembers full count windows; a bytes window is not, since a smaller write may still fit it. */
  private remember(full: SlidingWindow[], retryAfter: number, now: number): void {
    for (const w of full) if (!w.key.startsWith('wb:')) this.refused.refuse(w.key, retryAfter, now);
  }
}
