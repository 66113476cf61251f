import { z } from 'zod';
import { isoTimestamp, jsonArray, jsonArrayTextUpTo, jsonFragment, jsonObject } from '../db/sql.js';
import { ANSWER_MAX_BYTES } from '../trpc/schemas.js';
import { hiddenByBlocks, noBlockBetween, unblocked, type Viewer } from '../viewer/safety.sql.js';
import { userSummaryColumns, usersArray } from '../viewer/user-summary.sql.js';
import { Comment, Post, PREVIEW_ITEMS } from './posts.schemas.js';
import { LIKED_MARKER } from './shared-answers.js';
import { COMMENT_MENTIONS, mentionsJson, POST_MENTIONS } from './mentions.sql.js';

/** The Post and Comment shapes built in PostgreSQL (see src/db/sql.ts, "SQL fragments"). */
const authorJson = (row: string) =>
  jsonObject(`select ${userSummaryColumns(`${row}_a`)} from users ${row}_a where ${row}_a.id = ${row}.author_id`);

/**
 * Who a Post or Comment is built for:
 * - `me`: the reader's id (an expression), for `likedByMe`; 'null' where the JSON is shared by
 *   several readers (live.queries.ts);
 * - `viewer`: the reader's blocks (viewer/safety.sql.ts): likers and comments by users on either side
 *   of a block with them are left out of the previews and the counts. Without it, nobody is;
 * - `markers`: each `likedByMe` is a marker naming its post or comment, with the reader's value,
 *   so that other readers can fill in their own (shared-answers.ts).
 */
export interface Reader {
  me: string;
  viewer?: Viewer;
  markers?: boolean;
}

/** `likedByMe` of the post or comment `id` (an expression), from `liked` (whether the reader likes it). */
const likedByMeColumn = (kind: 'p' | 'c', id: string, liked: string, { markers }: Reader) =>
  markers ? `to_json('${LIKED_MARKER}${kind}' || ${id} || case when ${liked} then 't' else 'f' end)` : liked;

/**
 * A counter kept by the stats triggers (Migration20261127010000), less the rows a block hides from
 * the reader (`hidden(u)` finds one by user `u`): the count is what the reader could page through.
 */
const shownCount = (stats: string, { viewer }: Reader, hidden: (u: string) => string) =>
  `(coalesce((${stats}), 0) - ${hiddenByBlocks(viewer, hidden)})::int`;

/** The ids of a post's or comment's first likers (by id) the reader sees, off the likes' primary key. */
export const likerIds = (table: 'post_likes' | 'comment_likes', liked: string, { viewer }: Reader, except?: string) => {
  const key = table === 'post_likes' ? 'post_id' : 'comment_id';
  const conditions = [`l.${key} = ${liked}`, except && `l.user_id <> ${except}`, unblocked(viewer, 'l.user_id')];
  return `select l.user_id from ${table} l where ${conditions.filter(Boolean).join(' and ')} order by l.user_id limit ${PREVIEW_ITEMS}`;
};

/** The UserSummary preview of the users `ids` (a select of `user_id`s) names: the first PREVIEW_ITEMS by id. */
export const likersPreview = (alias: string, ids: string) =>
  usersArray(
    alias,
    `from (${ids}) ${alias}_i join users ${alias} on ${alias}.id = ${alias}_i.user_id`,
    `${alias}_i.user_id`,
    PREVIEW_ITEMS,
  );

const commentColumns = (
  c: string,
  reader: Reader,
) => `${c}.id, ${c}.content, ${isoTimestamp(`${c}.created_at`)} as "createdAt",
  ${authorJson(c)} as "createdBy",
  ${likersPreview(`${c}_lu`, likerIds('comment_likes', `${c}.id`, reader))} as "likedBy",
  ${shownCount(`select ${c}_s.like_count from comment_stats ${c}_s where ${c}_s.comment_id = ${c}.id`, reader, (u) => `select from comment_likes hl where hl.comment_id = ${c}.id and hl.user_id = ${u}`)} as "likeCount",
  ${likedByMeColumn('c', `${c}.id`, `exists (select from comment_likes ${c}_m where ${c}_m.comment_id = ${c}.id and ${c}_m.user_id = ${reader.me})`, reader)} as "likedByMe",
  ${mentionsJson(COMMENT_MENTIONS, `${c}_me`, `${c}.id`, reader.viewer)} as mentions`;

export const commentJson = jsonFragment(Comment, (c: string, reader: Reader) =>
  jsonObject(`select ${commentColumns(c, reader)}`),
);

/**
 * The comments by `author` (an expression) the reader sees, as a `where` of commentsSelect over
 * alias `c`: not those on a post whose author is across a block from the reader (the post, and with
 * it its comments, is absent to them).
 */
export const commentsBy = (c: string, author: string, { viewer }: Reader) =>
  `${c}.author_id = ${author} and ${unblocked(viewer, `(select cp.author_id from posts cp where cp.id = ${c}.post_id)`)}`;

/** Comment rows newest first (ties by id), at most `limit` when given, as every list in the API. */
export const commentsSelect = (c: string, where: string, reader: Reader, limit?: number | string) =>
  `select ${commentColumns(c, reader)} from comments ${c} where ${where} and ${unblocked(reader.viewer, `${c}.author_id`)}
   order by ${c}.created_at desc, ${c}.id desc${limit === undefined ? '' : ` limit ${limit}`}`;

/**
 * A statement that writes the caller's like of the post sees neither the like nor the counter's
 * change: it says what they make of the answer.
 */
export interface LikeWrite {
  /** The likers' preview (a JSON array). */
  likedBy: string;
  /** Added to the stored count: '+ 1' or '- 1'. */
  likeDelta: string;
  likedByMe: boolean;
}

/**
 * How a Post is built: for `Reader`; `like` in a statement that writes the caller's like; `fresh` in
 * the statement that writes the post, which has no likes or comments yet, and `mentions` (a JSON
 * array) the mentions it writes.
 */
export type PostBuild = Reader & { like?: LikeWrite; fresh?: boolean; mentions?: string };

const postColumns = (p: string, build: PostBuild) => {
  const { like, fresh } = build;
  const stats = (column: string) => `select ${p}_s.${column} from post_stats ${p}_s where ${p}_s.post_id = ${p}.id`;
  const likedBy = fresh
    ? `'[]'::json`
    : (like?.likedBy ?? likersPreview(`${p}_lu`, likerIds('post_likes', `${p}.id`, build)));
  const comments = fresh
    ? `'[]'::json`
    : jsonArray(commentsSelect(`${p}_c`, `${p}_c.post_id = ${p}.id`, build, PREVIEW_ITEMS));
  const likeCount = fresh
    ? '0'
    : `${shownCount(stats('like_count'), build, (u) => `select from post_likes hl where hl.post_id = ${p}.id and hl.user_id = ${u}`)}${like ? ` ${like.likeDelta}` : ''}`;
  const commentCount = fresh
    ? '0'
    : shownCount(
        stats('comment_count'),
        build,
        (u) => `select from comments hc where hc.post_id = ${p}.id and hc.author_id = ${u}`,
      );
  const likedByMe = fresh
    ? 'false'
    : like
      ? String(like.likedByMe)
      : likedByMeColumn(
          'p',
          `${p}.id`,
          `exists (select from post_likes ${p}_m where ${p}_m.post_id = ${p}.id and ${p}_m.user_id = ${build.me})`,
          build,
        );
  return `${p}.id, ${p}.title, ${p}.content, ${isoTimestamp(`${p}.created_at`)} as "createdAt", ${authorJson(p)} as "createdBy",
  ${likedBy} as "likedBy", ${comments} as comments,
  ${likeCount} as "likeCount", ${commentCount} as "commentCount", ${likedByMe} as "likedByMe",
  coalesce(${p}.media::json, '[]'::json) as media,
  ${build.mentions ?? mentionsJson(POST_MENTIONS, `${p}_me`, `${p}.id`, build.viewer)} as mentions`;
};

export const postJson = jsonFragment(Post, (p: string, build: PostBuild) =>
  jsonObject(`select ${postColumns(p, build)}`),
);

/** Post rows newest first (ties by id), those of `posts` that `where` keeps, at most `limit` when given. */
export const postsSelect = (p: string, where: string, reader: Reader, limit?: number | string) =>
  `select ${postColumns(p, reader)} from posts ${p} where ${where} order by ${p}.created_at desc, ${p}.id desc${limit === undefined ? '' : ` limit ${limit}`}`;

/**
 * A page of posts as JSON array text: the posts rows `orderedSource` (a subselect) yields, in its
 * order, while the page stays within ANSWER_MAX_BYTES. It sorts its rows itself (newest first),
 * before their JSON is built: sorted here instead, PostgreSQL would carry every post's JSON through
 * the sort.
 */
export const postsArray = jsonFragment(z.array(Post), (p: string, orderedSource: string, reader: Reader) =>
  jsonArrayTextUpTo(`select ${postColumns(p, reader)} from ${orderedSource} ${p}`, ANSWER_MAX_BYTES),
);

/**
 * Rows of `alias` older than the row of `table` that `before` names (newest-first keyset paging);
 * `cursor` is its placeholder (`$n`). A row whose author a block hides from `viewer` names no
 * place: the page is empty, and then 400 (assertCursorShown), as for a row that does not exist.
 */
export const olderThan = (alias: string, table: 'posts' | 'comments', cursor: string, viewer?: Viewer) =>
  `(${alias}.created_at, ${alias}.id) < (select b.created_at, b.id from ${table} b where b.id = ${cursor} and ${unblocked(viewer, 'b.author_id')})`;

/** The comment `c` and its post are shown to user `viewer`: no block between either author and them. */
export const commentShownTo = (c: string, viewer: string) =>
  `${noBlockBetween(`${c}.author_id`, viewer)} and ${noBlockBetween(`(select cp.author_id from posts cp where cp.id = ${c}.post_id)`, viewer)}`;
