import type { Logger } from '../platform/logger.js';
import { type Database, namedStatement, runRows } from '../db/sql.js';
import type { MediaServices } from './media-services.js';
import { ORPHAN_GRACE_SECONDS, type MediaStore } from './store.js';

/** Rows and keys one sweep takes at most, so a backlog is worked off in bounded steps. */
export const SWEEP_BATCH = 200;
/** Files deleted at once. */
const DELETES_AT_ONCE = 8;

/*
 * Only rows still unattached are deleted: the subquery skips rows an attach holds locked, and the
 * outer condition is checked again on the latest row, so an attach that committed first keeps its
 * upload, and one that comes after finds it gone (400). The trigger on media records the keys.
 */
const EXPIRE_UNATTACHED = namedStatement(
  'media_expire_unattached',
  `delete from media where id in (
      select id from media where attached_to is null and created_at <= now() - make_interval(secs => $1)
        order by created_at limit $2 for update skip locked)
    and attached_to is null returning id`,
);

/*
 * Claims keys to delete: unclaimed ones, or those whose claim is a minute old (its sweeper failed or
 * stopped). Two sweepers never claim one key at once.
 */
const CLAIM_DELETED_KEYS = namedStatement(
  'media_claim_deleted_keys',
  `update media_deleted_keys set claimed_at = now() where key in (
      select key from media_deleted_keys where claimed_at is null or claimed_at < now() - interval '1 minute'
        order by deleted_at limit $1 for update skip locked)
    returning key`,
);

const FORGET_DELETED_KEYS = namedStatement(
  'media_forget_deleted_keys',
  `delete from media_deleted_keys where key = any($1::text[])`,
);

/*
 * Of the keys listed, those no media row names and no deleted row's record holds ($1 text[]). Both
 * columns are unique, so each test is an index lookup.
 */
const UNNAMED_KEYS = namedStatement(
  'media_unnamed_keys',
  `select k as key from unnest($1::text[]) k
    where not exists (select 1 from media where file_key = k)
      and not exists (select 1 from media where preview_key = k)
      and not exists (select 1 from media_deleted_keys d where d.key = k)`,
);

/** Keys one reconcile step lists at most (one S3 list request). */
export const RECONCILE_PAGE = 1000;

/**
 * One page of the store's keys after `after`: deletes the objects older than `graceSeconds` that no
 * media row names (files a crash left between their write and their row, or a delete between its
 * row and its file). Answers where the next page starts (undefined: the walk is over, start again).
 */
export async function deleteOrphanFiles(
  db: Database,
  store: MediaStore,
  {
    after,
    graceSeconds = ORPHAN_GRACE_SECONDS,
    limit = RECONCILE_PAGE,
  }: { after?: string; graceSeconds?: number; limit?: number },
): Promise<{ next: string | undefined; deleted: number; failed: number }> {
  const page = await store.list(after, limit);
  const next = page.length < limit ? undefined : page.at(-1)!.key;
  const bornBefore = Date.now() - graceSeconds * 1000;
  const old = page.filter((object) => object.modified.getTime() <= bornBefore).map((object) => object.key);
  if (old.length === 0) return { next, deleted: 0, failed: 0 };
  const orphans = (await runRows<{ key: string }>(db, UNNAMED_KEYS, [old])).map((row) => row.key);
  const { done } = await deleteFiles(store, orphans);
  return { next, deleted: done.length, failed: orphans.length - done.length };
}

/** Deletes `keys` from the store, DELETES_AT_ONCE at a time; answers those whose delete succeeded. */
async function deleteFiles(store: MediaStore, keys: string[]): Promise<{ done: string[] }> {
  const done: string[] = [];
  for (let i = 0; i < keys.length; i += DELETES_AT_ONCE) {
    const slice = keys.slice(i, i + DELETES_AT_ONCE);
    const results = await Promise.allSettled(slice.map((key) => store.delete(key)));
    results.forEach((result, j) => {
      if (result.status === 'fulfilled') done.push(slice[j]!);
    });
  }
  return { done };
}

export interface SweepResult {
  /** Unattached uploads expired. */
  expired: number;
  /** Files deleted from the store. */
  deleted: number;
  /** Files whose delete failed (claimed again after a minute). */
  failed: number;
}

/**
 * One sweep: expires unattached uploads older than `ttlSeconds`, then deletes the files of rows that
 * are gone (expired here, or deleted with their post or account), at most SWEEP_BATCH of each.
 */
export async function sweepMedia(db: Database, store: MediaStore, ttlSeconds: number): Promise<SweepResult> {
  const expired = (await runRows(db, EXPIRE_UNATTACHED, [ttlSeconds, SWEEP_BATCH])).length;
  const { deleted, failed } = await deleteGoneFiles(db, store);
  return { expired, deleted, failed };
}

/** Deletes the files of media rows that are gone (a batch), then forgets the keys it deleted. */
export async function deleteGoneFiles(db: Database, store: MediaStore): Promise<{ deleted: number; failed: number }> {
  const keys = (await runRows<{ key: string }>(db, CLAIM_DELETED_KEYS, [SWEEP_BATCH])).map((row) => row.key);
  const { done } = await deleteFiles(store, keys);
  if (done.length > 0) await runRows(db, FORGET_DELETED_KEYS, [done]);
  return { deleted: done.length, failed: keys.length - done.length };
}

/**
 * Deletes the files of media rows just deleted (a post's, an account's), once the deleting
 * transaction has committed, without holding up the answer; a delete that fails waits for the sweeper.
 */
export function deleteGoneFilesSoon(db: Database, media: MediaServices, logger: Logger): void {
  const deleting = deleteGoneFiles(db, media.store).then(
    ({ failed }) => failed > 0 && logger.warn({ failed }, 'media file deletes failed; retried by the sweeper'),
    (error: unknown) => logger.warn({ err: error }, 'media file deletes failed; retried by the sweeper'),
  );
  media.inBackground.add(deleting);
  void deleting.finally(() => media.inBackground.delete(deleting));
}

/**
 * Sweeps every MEDIA_SWEEP_INTERVAL_MS in each process, then walks one page of the store for orphans;
 * a failed sweep is logged and the next one tries again.
 */
export function startMediaSweeper(
  db: Database,
  store: MediaStore,
  options: { ttlSeconds: number; intervalMs: number },
  logger: Logger,
): { stop: () => Promise<void> } {
  let running: Promise<void> | undefined;
  // Where this process's walk of the store for orphans goes on: one page a sweep.
  let orphansAfter: string | undefined;
  const timer = setInterval(() => {
    running ??= sweepMedia(db, store, options.ttlSeconds)
      .then(async (result) => {
        if (result.expired + result.deleted + result.failed > 0) logger.info(result, 'swept media');
        if (result.failed > 0) logger.warn({ failed: result.failed }, 'media file deletes failed; retried later');
        const orphans = await deleteOrphanFiles(db, store, { after: orphansAfter });
        orphansAfter = orphans.next;
        if (orphans.deleted + orphans.failed > 0)
          logger.info({ deleted: orphans.deleted, failed: orphans.failed }, 'deleted media files no row names');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'media sweep failed'))
      .finally(() => (running = undefined));
  }, options.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
