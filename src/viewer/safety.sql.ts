/**
 * The SQL of block and mute (docs/safety.md): who a reader sees. A reader is a `Viewer`: the
 * reader's id and their block_count and mute_count, as SQL expressions. Every check is guarded by
 * those counters (`count = 0 or …`): PostgreSQL evaluates the guard first and, for a reader who
 * blocks no one, is blocked by no one and mutes no one, never runs the probes. Otherwise each
 * check is one or two probes of a key per row looked at, whatever the number of blocks.
 *
 * Triggers keep the counters on users and copy them onto each of the user's sessions (see the
 * migration), so the hot statements, which read the session row anyway, read them there
 * (SESSION_VIEWER): the blocker-free path reads no row more than before.
 */

/** A reader, as expressions a statement can use wherever it checks what the reader may see. */
export interface Viewer {
  id: string;
  blocks: string;
  mutes: string;
}

/** The reader as a users row the statement reads (`from users vw … where vw.id = …`). */
export const viewerRow = (alias: string): Viewer => ({
  id: `${alias}.id`,
  blocks: `${alias}.block_count`,
  mutes: `${alias}.mute_count`,
});

/** The reader named by `id` (a placeholder): its counters as subqueries PostgreSQL runs once (InitPlans). */
export const viewerById = (id: string): Viewer => ({
  id,
  blocks: `(select vb.block_count from users vb where vb.id = ${id})`,
  mutes: `(select vm.mute_count from users vm where vm.id = ${id})`,
});

/** The reader of a statement that reads `from ${OPEN_SESSION}` (db/sql.ts): the session row `s` carries the counters. */
export const SESSION_VIEWER: Viewer = { id: 's.user_id', blocks: 's.block_count', mutes: 's.mute_count' };

/** No block between users `a` and `b`, either way: two probes, unguarded (writes, batches). */
export const noBlockBetween = (a: string, b: string) =>
  `(not exists (select from blocks bk where bk.blocker_id = ${a} and bk.blocked_id = ${b})
    and not exists (select from blocks bk where bk.blocker_id = ${b} and bk.blocked_id = ${a}))`;

/** `a` does not mute `b`: one probe, unguarded. */
export const notMuting = (a: string, b: string) =>
  `not exists (select from mutes mu where mu.muter_id = ${a} and mu.muted_id = ${b})`;

/** The reader sees user `other` (and what they wrote): no block either way. `true` without a reader. */
export const unblocked = (viewer: Viewer | undefined, other: string) =>
  viewer ? `(${viewer.blocks} = 0 or ${noBlockBetween(viewer.id, other)})` : 'true';

/** The reader's lists show posts by `author`: no block either way, and no mute by the reader. `true` without a reader. */
export const shownAuthor = (viewer: Viewer | undefined, author: string) =>
  viewer ? `${unblocked(viewer, author)} and (${viewer.mutes} = 0 or ${notMuting(viewer.id, author)})` : 'true';

/**
 * How many rows `hidden(u)` yields for the users `u` on either side of a block with the reader (one
 * probe per block of the reader's, then that user's rows): what a count kept for everyone holds that
 * the reader cannot see. `0` without a reader, and for a reader with no blocks (the guard).
 */
export const hiddenByBlocks = (viewer: Viewer | undefined, hidden: (user: string) => string) =>
  viewer
    ? `(case when ${viewer.blocks} = 0 then 0 else (select count(*) from (
        select hb.blocked_id as u from blocks hb where hb.blocker_id = ${viewer.id}
        union all select hb.blocker_id from blocks hb where hb.blocked_id = ${viewer.id}) hu
      cross join lateral (${hidden('hu.u')}) hr) end)`
    : '0';
