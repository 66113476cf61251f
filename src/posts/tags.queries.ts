import { badRequest } from '../platform/errors.js';
import { type Database, type DriverStatement, namedStatement, runRows, StatementValues } from '../db/sql.js';

/** The tags a user follows: follow, unfollow, list (docs/social.md#tags). */

/** How many tags one user may follow at once (each joins their home timeline): user_stats' check, Migration20261127220000. */
export const TAG_FOLLOWS_MAX = 1_000;

export const TAG_ALREADY_FOLLOWED = 'Tag already followed';
export const TAG_NOT_FOLLOWED = 'Tag not followed';
export const TAG_FOLLOWS_FULL = `You may follow at most ${TAG_FOLLOWS_MAX} tags`;

/** A broken key or check of the follow: followed already, or the user's tag_follow_count at its bound. */
function followRefused(error: unknown): Error | undefined {
  const code = (error as { code?: string } | null)?.code;
  if (code === '23505') return badRequest(TAG_ALREADY_FOLLOWED);
  if (code === '23514') return badRequest(TAG_FOLLOWS_FULL);
  return undefined;
}

// Its trigger counts the follow in user_stats, whose check refuses one past TAG_FOLLOWS_MAX (the migration).
const FOLLOW_TAG = namedStatement(
  'tag_follow',
  `insert into tag_follows (user_id, tag) values ($1, $2) returning tag as name`,
);

/** Follows `tag` (normalised): 400 when it is followed already or the caller follows TAG_FOLLOWS_MAX tags. */
export async function insertTagFollow(db: Database, userId: number, tag: string): Promise<{ name: string }> {
  try {
    const [row] = await runRows<{ name: string }>(db, FOLLOW_TAG, [userId, tag]);
    return row!;
  } catch (error) {
    throw followRefused(error) ?? error;
  }
}

const UNFOLLOW_TAG = namedStatement(
  'tag_unfollow',
  `delete from tag_follows where user_id = $1 and tag = $2 returning tag`,
);

/** Unfollows `tag`: 400 when the caller does not follow it. */
export async function deleteTagFollow(db: Database, userId: number, tag: string): Promise<void> {
  if ((await runRows(db, UNFOLLOW_TAG, [userId, tag])).length === 0) throw badRequest(TAG_NOT_FOLLOWED);
}

const TAG_FOLLOWED = namedStatement('tag_followed', `select 1 from tag_follows where user_id = $1 and tag = $2`);

/**
 * The tags `userId` follows, newest follow first (ties by tag, as tag_follows_user_created_index
 * holds them), `{ name }` as JSON text, a keyset page after the tag `before` names: the list's one
 * statement. A `before` the caller does not follow gives no rows.
 */
export function selectFollowedTags(
  userId: number,
  { limit, before }: { limit?: number; before?: string },
): DriverStatement {
  const values = new StatementValues();
  const user = values.add(userId);
  const cursor =
    before === undefined
      ? ''
      : `cross join (select c.created_at, c.tag from tag_follows c where c.user_id = ${user} and c.tag = ${values.add(before)}) c
        where f.created_at <= c.created_at and (f.created_at < c.created_at or f.tag > c.tag) and`;
  const page = limit === undefined ? '' : `limit ${values.add(limit)}`;
  return {
    text: `select json_build_object('name', f.tag)::text as json from tag_follows f ${cursor || 'where'}
      f.user_id = ${user} order by f.created_at desc, f.tag ${page}`,
    values: values.values,
  };
}

/** For an empty list: 400 when `before` names no tag the caller follows (else it is the end of the list). */
export async function assertFollowedTagCursor(db: Database, userId: number, before: string | undefined) {
  if (before !== undefined && (await runRows(db, TAG_FOLLOWED, [userId, before])).length === 0)
    throw badRequest('before names no followed tag');
}
