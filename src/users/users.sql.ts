import { jsonArray, jsonFragment, jsonObject } from '../db/sql.js';
import { commentsBy, commentsSelect, postsSelect, type Reader } from '../posts/posts.sql.js';
import { PREVIEW_ITEMS } from '../posts/posts.schemas.js';
import { hiddenByBlocks, unblocked } from '../viewer/safety.sql.js';
import { userSummaryColumns, usersArray } from '../viewer/user-summary.sql.js';
import { UserWithRelations } from './users.schemas.js';

/**
 * One side of the follow relations of user `u` (a users row), by the other user's id: `followers`
 * (who follows them) or `followed` (whom they follow), the first PREVIEW_ITEMS the reader sees.
 */
const followPreview = (u: string, side: 'followers' | 'followed', { viewer }: Reader) => {
  const [self, other] = side === 'followers' ? ['followed_id', 'follower_id'] : ['follower_id', 'followed_id'];
  const f = `${u}_${side}`;
  return usersArray(
    `${f}_u`,
    `from follows ${f} join users ${f}_u on ${f}_u.id = ${f}.${other} where ${f}.${self} = ${u}.id and ${unblocked(viewer, `${f}.${other}`)}`,
    `${f}.${other}`,
    PREVIEW_ITEMS,
  );
};

/** A counter of user_stats (kept by triggers, Migration20261127010000) for user `u`. */
const userCount = (u: string, column: string) =>
  `coalesce((select ${u}_s.${column} from user_stats ${u}_s where ${u}_s.user_id = ${u}.id), 0)`;

/**
 * The profile (UserWithRelations) of the users row `u` as `reader` sees it: bounded previews of
 * each list and its count. The user's own posts are all shown to whoever sees the user; their
 * comments on posts by users across a block from the reader, and their follows with such users,
 * are neither listed nor counted.
 */
export const userWithRelationsJson = jsonFragment(UserWithRelations, (u: string, reader: Reader) =>
  jsonObject(`select ${userSummaryColumns(u)},
    ${jsonArray(postsSelect(`${u}_p`, `${u}_p.author_id = ${u}.id`, reader, PREVIEW_ITEMS))} as posts,
    ${jsonArray(commentsSelect(`${u}_c`, commentsBy(`${u}_c`, `${u}.id`, reader), reader, PREVIEW_ITEMS))} as comments,
    ${followPreview(u, 'followed', reader)} as followed,
    ${followPreview(u, 'followers', reader)} as followers,
    ${userCount(u, 'post_count')}::int as "postCount",
    (${userCount(u, 'comment_count')} - ${hiddenByBlocks(reader.viewer, (other) => `select from posts hp join comments hc on hc.post_id = hp.id where hp.author_id = ${other} and hc.author_id = ${u}.id`)})::int as "commentCount",
    (${userCount(u, 'follower_count')} - ${hiddenByBlocks(reader.viewer, (other) => `select from follows hf where hf.follower_id = ${other} and hf.followed_id = ${u}.id`)})::int as "followerCount",
    (${userCount(u, 'followed_count')} - ${hiddenByBlocks(reader.viewer, (other) => `select from follows hf where hf.follower_id = ${u}.id and hf.followed_id = ${other}`)})::int as "followedCount"`),
);
