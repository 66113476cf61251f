import { jsonArray, jsonFragment, jsonObject } from '../db/sql.js';
import { commentsSelect, postsSelect } from '../posts/posts.sql.js';
import { unblocked, viewerRow, type Viewer } from './safety.sql.js';
import { userSummaryColumns, usersSelect } from './user-summary.sql.js';
import { UserWithRelations } from './users.schemas.js';

/**
 * The lists of a UserWithRelations, by field in the API's order, of the user whose id is `userId`
 * (a column or a placeholder): each a select of its elements' columns, in the list's order.
 */
const profileLists = (u: string, userId: string, v?: Viewer) => ({
  posts: postsSelect(`${u}_p`, `${u}_p.author_id = ${userId}`, v),
  comments: commentsSelect(`${u}_c`, `${u}_c.author_id = ${userId}`, v),
  followed: usersSelect(
    `${u}_fd`,
    `from follows ${u}_f1 join users ${u}_fd on ${u}_fd.id = ${u}_f1.followed_id where ${u}_f1.follower_id = ${userId} and ${unblocked(v, `${u}_f1.followed_id`)}`,
    `${u}_f1.followed_id`,
  ),
  followers: usersSelect(
    `${u}_fr`,
    `from follows ${u}_f2 join users ${u}_fr on ${u}_fr.id = ${u}_f2.follower_id where ${u}_f2.followed_id = ${userId} and ${unblocked(v, `${u}_f2.follower_id`)}`,
    `${u}_f2.follower_id`,
  ),
});

/* `v`, where a fragment takes it, is the reader: see posts.sql.ts and safety.sql.ts. */
export const userWithRelationsJson = jsonFragment(UserWithRelations, (u: string, v?: Viewer) =>
  jsonObject(
    `select ${userSummaryColumns(u)}, ${Object.entries(profileLists(u, `${u}.id`, v))
      .map(([field, select]) => `${jsonArray(select)} as ${field}`)
      .join(', ')}`,
  ),
);

/**
 * The profile of the user whose id is `userId` as JSON text when it is small: its lists (posts,
 * comments, followed, followers) hold at most `maxItems` elements together (counted on the
 * tables' indexes, at most `maxItems + 1` entries read, no JSON built) and the text is at most
 * `maxBytes`; '' when it is larger, null when there is no such user.
 *
 * The count is one subquery: each subquery holds its own executor state for the whole statement,
 * and PostgreSQL's allocator gives memory past its thresholds back after each statement and faults
 * it in again on the next, so one count per list made profile reads pay in page faults.
 */
export const smallUserWithRelationsText = jsonFragment(
  UserWithRelations,
  (userId: string, { maxItems, maxBytes }: { maxItems: number; maxBytes: number }, v?: Viewer) =>
    `case when not exists (${profileElements(userId)} offset ${maxItems}) then ${userWithRelationsTextUpTo(userId, maxBytes, v)} else '' end`,
);

/** The profile of the user whose id is `userId` as JSON text up to `maxBytes`: '' over it, null when there is no such user. */
export const userWithRelationsTextUpTo = jsonFragment(
  UserWithRelations,
  (userId: string, maxBytes: number | string, v?: Viewer) =>
    textUpTo(
      `(select ${userWithRelationsJson('u', v)} from users u where u.id = ${userId} and ${unblocked(v, 'u.id')})::text`,
      maxBytes,
    ),
);

/** One empty row per element of a profile's lists, read from the tables' indexes. */
const profileElements = (userId: string) =>
  [
    `posts where author_id = ${userId}`,
    `comments where author_id = ${userId}`,
    `follows where follower_id = ${userId}`,
    `follows where followed_id = ${userId}`,
  ]
    .map((from) => `select from ${from}`)
    .join(' union all ');

/**
 * JSON text built by `json`, or '' when it is over `maxBytes`: what reaches the service is bounded.
 * `offset 0` keeps the subquery whole: flattened, PostgreSQL would build the JSON once per mention.
 */
const textUpTo = (json: string, maxBytes: number | string) =>
  `(select case when t.j is null or octet_length(t.j) <= ${maxBytes} then t.j else '' end from (select ${json} as j offset 0) t)`;

/**
 * The same profile as statements to run one after another in one snapshot, each yielding rows of
 * one `json` column (JSON as text), $1 the user's id and $2 the reader's: the UserSummary (no row:
 * no such user, or a block between them), then each list's elements, by field in the API's order.
 * What a stream writes of a profile too large to build whole.
 */
export const userWithRelationsRows = {
  schema: UserWithRelations,
  user: `select row_to_json(o)::text as json from (select ${userSummaryColumns('u')} from users u, users vw
    where u.id = $1 and vw.id = $2 and ${unblocked(viewerRow('vw'), 'u.id')}) o`,
  lists: Object.entries(profileLists('u', '$1', viewerRow('vw'))).map(([field, select]) => ({
    field,
    text: `select row_to_json(r)::text as json from users vw cross join lateral (${select}) r where vw.id = $2`,
  })),
};
