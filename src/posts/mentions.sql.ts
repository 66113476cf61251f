import { z } from 'zod';
import { jsonFragment } from '../db/sql.js';
import { insertNotification } from '../viewer/notifications.sql.js';
import { noBlockBetween, unblocked, type Viewer } from '../viewer/safety.sql.js';
import { UserSummary } from '../viewer/user-summary.schema.js';
import { usersArray } from '../viewer/user-summary.sql.js';
import { MENTIONS_MAX, MENTIONS_NOTIFIED_MAX } from './mention.entity.js';

/**
 * Mentions: `@handle` in a post's or a comment's content. Linked, notified and shown as
 * docs/social.md says; written in the statement that writes the post or comment.
 */

/** How many distinct `@handle`s of one text are looked up at most: the first, in order. */
export const MENTION_CANDIDATES_MAX = 50;

/**
 * `@handle` not inside a word, an address (`a@b.c`), a path or URL (`x/@a`), and not followed by more
 * of a handle or another `@` (`@a@host`); in either case for ASCII only, as handles are (HANDLE_PATTERN):
 * no `i` flag, under which `u` folds the Kelvin sign into k.
 */
const MENTION = /(?<![\p{L}\p{N}_@/.])@([a-zA-Z0-9_]{3,30})(?![a-zA-Z0-9_@])/gu;

/** The handles `text` mentions, lower-cased, each once, in order: at most MENTION_CANDIDATES_MAX. */
export function mentionedHandles(text: string): string[] {
  const handles = new Set<string>();
  for (const [, handle] of text.matchAll(MENTION)) {
    handles.add(handle!.toLowerCase());
    if (handles.size === MENTION_CANDIDATES_MAX) break;
  }
  return [...handles];
}

/**
 * The classes (first keys) of the transaction-scoped advisory locks every edit of a post, or of a
 * comment, takes (the second key: its id) before its statement: so that statement, run after the
 * edit before it committed, reads its mentions (mentionWrites).
 */
export const POST_EDITS_LOCK = 42;
export const COMMENT_EDITS_LOCK = 43;

/** A mention table: a post's or a comment's. */
export interface Mentions {
  table: 'post_mentions' | 'comment_mentions';
  key: 'post_id' | 'comment_id';
}

export const POST_MENTIONS: Mentions = { table: 'post_mentions', key: 'post_id' };
export const COMMENT_MENTIONS: Mentions = { table: 'comment_mentions', key: 'comment_id' };

/**
 * The Post's or Comment's `mentions` (a JSON array of UserSummary, by user id): the users its
 * content names now, but those a block hides from the reader.
 */
export const mentionsJson = jsonFragment(
  z.array(UserSummary),
  ({ table, key }: Mentions, alias: string, id: string, viewer: Viewer | undefined) =>
    usersArray(
      `${alias}_mu`,
      `from ${table} ${alias}_m join users ${alias}_mu on ${alias}_mu.id = ${alias}_m.user_id
       where ${alias}_m.${key} = ${id} and ${alias}_m.shown and ${unblocked(viewer, `${alias}_m.user_id`)}`,
      `${alias}_m.user_id`,
      MENTIONS_MAX,
    ),
);

/**
 * The users `handles` (a text[] placeholder) names whom `author` may mention, in the text's order:
 * no block between them either way; at most MENTIONS_MAX. A CTE body of (id, n).
 */
const mentionable = (handles: string, author: string) =>
  `select u.id, h.n from unnest(${handles}::text[]) with ordinality h(handle, n) join users u on u.handle = h.handle
   where ${noBlockBetween('u.id', author)} order by h.n limit ${MENTIONS_MAX}`;

/**
 * CTEs (each line `name as (…)`, to follow a `with`) that link the mentions of the post or comment
 * the CTE `target` (a row with `id`) holds, written by `author`, to the users `handles` names, and
 * notify the newly mentioned: at most MENTIONS_NOTIFIED_MAX notifications per post or comment,
 * ever, the first in the text's order. `notification(users)`: the notifications' select, from the
 * CTE `users` (a column `id`) joined to `target`. `edit`: the target had mentions before, which
 * are relinked: one no longer named that notified is hidden (it still counts against the quota),
 * any other dropped; one named again is shown again and not notified again. The answer reads the
 * new mentions off `mention_users`, the statement seeing none of its own writes. An edit reads the
 * mentions (and the quota) under its statement's snapshot, taken before its row locks wait: run it
 * holding its edits' lock (POST_EDITS_LOCK, COMMENT_EDITS_LOCK), so none commits meanwhile.
 */
export function mentionWrites(
  { table, key }: Mentions,
  handles: string,
  author: string,
  notification: (users: string) => string,
  { edit }: { edit: boolean },
): string {
  const named = 'array(select mu.id from mention_users mu)';
  const before = edit
    ? `mention_before as materialized (select m.user_id, m.notified from ${table} m join target t on m.${key} = t.id),
    mention_dropped as (delete from ${table} m using target t where m.${key} = t.id and not m.notified and m.user_id <> all(${named})),
    mention_hidden as (update ${table} m set shown = false from target t
      where m.${key} = t.id and m.notified and m.shown and m.user_id <> all(${named})),
    mention_again as (update ${table} m set shown = true from target t where m.${key} = t.id and not m.shown and m.user_id = any(${named})),`
    : `mention_before (user_id, notified) as (select null::int, false where false),`;
  return `mention_users as materialized (${mentionable(handles, author)}),
    ${before}
    mention_new as materialized (select mu.id, mu.id <> ${author} and row_number() over (partition by mu.id = ${author} order by mu.n)
        <= ${MENTIONS_NOTIFIED_MAX} - (select count(*) from mention_before b where b.notified) as notify
      from mention_users mu where mu.id not in (select b.user_id from mention_before b)),
    mention_linked as (insert into ${table} (${key}, user_id, notified) select t.id, mn.id, mn.notify from target t, mention_new mn
      on conflict do nothing),
    mention_noted as (${insertNotification(notification('(select mn.id from mention_new mn where mn.notify)'))})`;
}

/** `mentions` of a post or comment just written: its new mentions, as the statement that writes them builds the answer. */
export const writtenMentionsJson = () =>
  usersArray('wmu', 'from mention_users wm join users wmu on wmu.id = wm.id', 'wm.id', MENTIONS_MAX);
