import { z } from 'zod';
import { isoTimestamp, jsonArray, jsonArrayTextUpTo, jsonFragment, jsonObject } from '../db/sql.js';
import { ANSWER_MAX_BYTES } from '../trpc/schemas.js';
import { hiddenByBlocks, noBlockBetween, unblocked, type Viewer } from '../viewer/safety.sql.js';
import { userSummaryColumns, usersArray } from '../viewer/user-summary.sql.js';
import { Comment, HomeItem, Post, PREVIEW_ITEMS } from './posts.schemas.js';
import { LIKED_MARKER, MARKED_IN, type MarkerKind } from './shared-answers.js';
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

/**
 * The reader's own like, repost or bookmark of `row` (a post or comment), a per-reader boolean whose
 * `kind` names its field in a marker and the table of the reader's rows (shared-answers.ts,
 * MARKED_IN): what the statement writes, when it writes one (`written`, or `false` for a new post),
 * else probed only when `any` holds (a counter, or whether the reader has any).
 */
const byMe = (
  row: string,
  build: Reader & Pick<PostBuild, 'fresh'>,
  kind: MarkerKind,
  written: boolean | undefined,
  any: string,
) => {
  if (build.fresh || written !== undefined) return String(Boolean(written));
  const [table, key] = MARKED_IN[kind];
  const m = `${row}_${kind}`;
  const mine = `(${any} and exists (select from ${table} ${m} where ${m}.${key} = ${row}.id and ${m}.user_id = ${build.me}))`;
  return build.markers
    ? `to_json('${LIKED_MARKER}${kind}' || ${row}.id || case when ${mine} then 't' else 'f' end)`
    : mine;
};

/**
 * A counter kept by the stats triggers (Migration20261127010000), less the rows a block hides from
 * the reader (`hidden(u)` finds one by user `u`): the count is what the reader could page through.
 */
const shownCount = (stats: string, { viewer }: Reader, hidden: (u: string) => string) =>
  `(${stats} - ${hiddenByBlocks(viewer, hidden)})::int`;

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

/**
 * The counters of the posts or comments rows `row` (none before their first like, comment, quote or
 * repost) as `${row}_st`, to follow `row` in a FROM: one probe for them all. The limit keeps the
 * join lateral, a nested loop that keeps the rows' order (postsArray relies on it).
 */
const withStats = (row: string, stats: 'post_stats' | 'comment_stats' = 'post_stats') =>
  `left join lateral (select * from ${stats} ${row}_sr where ${row}_sr.${stats === 'post_stats' ? 'post_id' : 'comment_id'} = ${row}.id limit 1) ${row}_st on true`;

/** A counter of `row`, read off its withStats join: 0 without one. */
const statsOf = (row: string, column: string) => `coalesce(${row}_st.${column}, 0)`;

/**
 * `read` (a likers' preview, a comments' preview: JSON), or an empty array without a row to read: a
 * counter kept in the same transaction as its rows says so without a probe.
 */
const unlessNone = (count: string, read: string) => `case when ${count} = 0 then '[]'::json else ${read} end`;

/** Mentions are read only for a text that holds an `@`: most posts and comments name nobody, and skip the probe. */
const mentionsOf = (content: string, read: string) =>
  `case when strpos(${content}, '@') = 0 then '[]'::json else ${read} end`;

/**
 * How a Comment is built: for `Reader`; `commentLike` in a statement that writes the caller's like
 * of it (not `like`: a PostBuild's, whose preview comments are built from it too).
 */
export type CommentBuild = Reader & { commentLike?: LikeWrite };

const commentColumns = (c: string, build: CommentBuild) => {
  const { commentLike: like } = build;
  const likedBy =
    like?.likedBy ??
    unlessNone(statsOf(c, 'like_count'), likersPreview(`${c}_lu`, likerIds('comment_likes', `${c}.id`, build)));
  const likeCount = `${shownCount(statsOf(c, 'like_count'), build, (u) => `select from comment_likes hl where hl.comment_id = ${c}.id and hl.user_id = ${u}`)}${like ? ` ${like.likeDelta}` : ''}`;
  const likedByMe = byMe(c, build, 'c', like?.likedByMe, `${statsOf(c, 'like_count')} > 0`);
  return `${c}.id, ${c}.content, ${isoTimestamp(`${c}.created_at`)} as "createdAt",
  ${authorJson(c)} as "createdBy",
  ${likedBy} as "likedBy",
  ${likeCount} as "likeCount",
  ${likedByMe} as "likedByMe",
  ${mentionsOf(`${c}.content`, mentionsJson(COMMENT_MENTIONS, `${c}_me`, `${c}.id`, build.viewer))} as mentions`;
};

export const commentJson = jsonFragment(Comment, (c: string, build: CommentBuild) =>
  jsonObject(`select ${commentColumns(c, build)} from (select) ${c}_one ${withStats(c, 'comment_stats')}`),
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
  `select ${commentColumns(c, reader)} from comments ${c} ${withStats(c, 'comment_stats')} where ${where} and ${unblocked(reader.viewer, `${c}.author_id`)}
   order by ${c}.created_at desc, ${c}.id desc${limit === undefined ? '' : ` limit ${limit}`}`;

/**
 * A statement that writes the caller's like of a post or comment sees neither the like nor the
 * counter's change: it says what they make of the answer.
 */
export interface LikeWrite {
  /** The likers' preview (a JSON array). */
  likedBy: string;
  /** Added to the stored count: '+ 1' or '- 1'. */
  likeDelta: string;
  likedByMe: boolean;
}

/**
 * The LikeWrite of a readerWrite (viewer/reader-statements.ts) that writes the caller's like of the
 * post or comment `row` (`liked`), or takes it back: the like its `done` CTE wrote is the caller's.
 */
export function likeWritten(
  table: 'post_likes' | 'comment_likes',
  row: string,
  viewer: Viewer | undefined,
  liked: boolean,
): LikeWrite {
  const others = likerIds(table, `${row}.id`, { me: 's.user_id', viewer }, 's.user_id');
  return {
    likedBy: likersPreview(`${row}_lu`, liked ? `(${others}) union all select user_id from done` : others),
    likeDelta: liked ? '+ 1' : '- 1',
    likedByMe: liked,
  };
}

/** What a statement that writes the caller's repost or bookmark makes of the answer (as LikeWrite). */
export interface ShareWrite {
  /** Added to the stored repost count: '+ 1' or '- 1'. */
  repostDelta?: string;
  repostedByMe?: boolean;
  bookmarkedByMe?: boolean;
}

/**
 * How a Post is built: for `Reader`; `like` or `share` in a statement that writes the caller's like,
 * repost or bookmark; `fresh` in the statement that writes the post, which has no likes, comments or
 * quotes yet (`quoting` when it quotes a post, whose counter does not show the quote yet), and
 * `mentions` (a JSON array) the mentions it writes.
 */
export type PostBuild = Reader & {
  like?: LikeWrite;
  share?: ShareWrite;
  fresh?: { quoting: boolean };
  mentions?: string;
};

/** The counts of post `p` (with its withStats join) as the reader could page through them, less those a block hides. */
const postCounts = (p: string, reader: Reader) => ({
  likeCount: shownCount(
    statsOf(p, 'like_count'),
    reader,
    (u) => `select from post_likes hl where hl.post_id = ${p}.id and hl.user_id = ${u}`,
  ),
  commentCount: shownCount(
    statsOf(p, 'comment_count'),
    reader,
    (u) => `select from comments hc where hc.post_id = ${p}.id and hc.author_id = ${u}`,
  ),
  // Off posts_quote_of_author_index: one probe per user across a block.
  quoteCount: shownCount(
    statsOf(p, 'quote_count'),
    reader,
    (u) => `select from posts hq where hq.quote_of_id = ${p}.id and hq.author_id = ${u}`,
  ),
});

const ownColumns = (p: string) =>
  `${p}.id, ${p}.title, ${p}.content, ${isoTimestamp(`${p}.created_at`)} as "createdAt", ${authorJson(p)} as "createdBy"`;

const mediaAndTags = (p: string) =>
  `coalesce(${p}.media::json, '[]'::json) as media, coalesce(to_json(${p}.tags), '[]'::json) as tags`;

/**
 * The post `p` quotes, as the reader sees it: null without one, once it is deleted (the key is
 * set null), or across a block. `quoteDelta`: '+ 1' in the statement that writes the quote.
 */
const quotedPost = (p: string, reader: Reader, quoteDelta = '') => {
  const q = `${p}_q`;
  const counts = postCounts(q, reader);
  return `(select row_to_json(o) from (select ${ownColumns(q)}, ${counts.likeCount} as "likeCount",
    ${counts.commentCount} as "commentCount", ${mediaAndTags(q)}, ${counts.quoteCount}${quoteDelta} as "quoteCount"
    from posts ${q} ${withStats(q)} where ${q}.id = ${p}.quote_of_id and ${unblocked(reader.viewer, `${q}.author_id`)}) o)`;
};

const postColumns = (p: string, build: PostBuild) => {
  const { like, fresh } = build;
  const counts = postCounts(p, build);
  const likedBy = fresh
    ? `'[]'::json`
    : (like?.likedBy ??
      unlessNone(statsOf(p, 'like_count'), likersPreview(`${p}_lu`, likerIds('post_likes', `${p}.id`, build))));
  const comments = fresh
    ? `'[]'::json`
    : unlessNone(
        statsOf(p, 'comment_count'),
        jsonArray(commentsSelect(`${p}_c`, `${p}_c.post_id = ${p}.id`, build, PREVIEW_ITEMS)),
      );
  const likeCount = fresh ? '0' : `${counts.likeCount}${like ? ` ${like.likeDelta}` : ''}`;
  const commentCount = fresh ? '0' : counts.commentCount;
  const likedByMe = byMe(p, build, 'p', like?.likedByMe, `${statsOf(p, 'like_count')} > 0`);
  return `${ownColumns(p)},
  ${likedBy} as "likedBy", ${comments} as comments,
  ${likeCount} as "likeCount", ${commentCount} as "commentCount", ${likedByMe} as "likedByMe",
  ${mediaAndTags(p)},
  ${fresh ? '0' : counts.quoteCount} as "quoteCount", ${fresh?.quoting === false ? 'null' : `case when ${p}.quote_of_id is null then null else ${quotedPost(p, build, fresh ? ' + 1' : '')} end`} as "quoteOf",
  ${shareColumns(p, build)},
  ${build.mentions ?? mentionsOf(`${p}.content`, mentionsJson(POST_MENTIONS, `${p}_me`, `${p}.id`, build.viewer))} as mentions`;
};

/**
 * repostCount, repostedByMe and bookmarkedByMe; a bookmark has no count: it is the reader's alone.
 * Each post is probed only when it could be the reader's: a repost when the post has any; a
 * bookmark when the reader has any (a probe that names no post, which PostgreSQL runs once).
 */
const shareColumns = (p: string, build: PostBuild) => {
  const { share = {}, fresh } = build;
  const repostCount = fresh
    ? '0'
    : `${shownCount(statsOf(p, 'repost_count'), build, (u) => `select from reposts hr where hr.post_id = ${p}.id and hr.user_id = ${u}`)}${share.repostDelta ? ` ${share.repostDelta}` : ''}`;
  const repostedByMe = byMe(p, build, 'r', share.repostedByMe, `${statsOf(p, 'repost_count')} > 0`);
  const bookmarkedByMe = byMe(
    p,
    build,
    'b',
    share.bookmarkedByMe,
    `exists (select from bookmarks ${p}_ba where ${p}_ba.user_id = ${build.me})`,
  );
  return `${repostCount} as "repostCount", ${repostedByMe} as "repostedByMe", ${bookmarkedByMe} as "bookmarkedByMe"`;
};

export const postJson = jsonFragment(Post, (p: string, build: PostBuild) =>
  jsonObject(`select ${postColumns(p, build)} from (select) ${p}_one ${build.fresh ? '' : withStats(p)}`),
);

/** Post rows newest first (ties by id), those of `posts` that `where` keeps, at most `limit` when given. */
export const postsSelect = (p: string, where: string, reader: Reader, limit?: number | string) =>
  `select ${postColumns(p, reader)} from posts ${p} ${withStats(p)} where ${where} order by ${p}.created_at desc, ${p}.id desc${limit === undefined ? '' : ` limit ${limit}`}`;

/**
 * A page of posts as JSON array text: the posts rows `orderedSource` (a subselect) yields, in its
 * order, while the page stays within ANSWER_MAX_BYTES. It sorts its rows itself (newest first),
 * before their JSON is built: sorted here instead, PostgreSQL would carry every post's JSON through
 * the sort.
 */
export const postsArray = jsonFragment(z.array(Post), (p: string, orderedSource: string, reader: Reader) =>
  jsonArrayTextUpTo(`select ${postColumns(p, reader)} from ${orderedSource} ${p} ${withStats(p)}`, ANSWER_MAX_BYTES),
);

/**
 * Rows of `alias` older than the row of `table` that `before` names (newest-first keyset paging);
 * `cursor` is its placeholder (`$n`). A row whose author a block hides from `viewer` names no
 * place: the page is empty, and then 400 (assertCursorShown), as for a row that does not exist.
 * `id`: the row's id column, when not `alias.id` (post_tags' post_id).
 */
export const olderThan = (
  alias: string,
  table: 'posts' | 'comments',
  cursor: string,
  viewer?: Viewer,
  id = `${alias}.id`,
) =>
  `(${alias}.created_at, ${id}) < (select b.created_at, b.id from ${table} b where b.id = ${cursor} and ${unblocked(viewer, 'b.author_id')})`;

/** The comment `c` and its post are shown to user `viewer`: no block between either author and them. */
export const commentShownTo = (c: string, viewer: string) =>
  `${noBlockBetween(`${c}.author_id`, viewer)} and ${noBlockBetween(`(select cp.author_id from posts cp where cp.id = ${c}.post_id)`, viewer)}`;

/** A home item's cursor (HOME_CURSOR) in SQL: its instant `at` in milliseconds, then its post `id`. */
export const homeCursorOf = (at: string, id: string) => `(extract(epoch from ${at}) * 1000)::bigint || '_' || ${id}`;

/** The instant a cursor's milliseconds (an expression) stand for. */
export const instantOfMilliseconds = (milliseconds: string) =>
  `(timestamptz 'epoch' + ${milliseconds}::bigint * interval '1 millisecond')`;

/** A HomeItem's columns: a Post's over posts rows `p` that carry `home_at` (the item's instant) and `home_reposter` (the followed reposter, or null). */
const homeItemColumns = (p: string, reader: Reader) => `${postColumns(p, reader)},
  ${jsonObject(`select ${userSummaryColumns(`${p}_r`)} from users ${p}_r where ${p}_r.id = ${p}.home_reposter`)} as "repostedBy",
  case when ${p}.home_reposter is null then null else ${isoTimestamp(`${p}.home_at`)} end as "repostedAt",
  ${homeCursorOf(`${p}.home_at`, `${p}.id`)} as cursor`;

export const homeItemJson = jsonFragment(HomeItem, (p: string, reader: Reader) =>
  jsonObject(`select ${homeItemColumns(p, reader)} from (select) ${p}_one ${withStats(p)}`),
);

/** A page of home timeline items as JSON array text, as postsArray builds posts: `orderedSource` yields rows for homeItemColumns. */
export const homeItemsArray = jsonFragment(z.array(HomeItem), (p: string, orderedSource: string, reader: Reader) =>
  jsonArrayTextUpTo(
    `select ${homeItemColumns(p, reader)} from ${orderedSource} ${p} ${withStats(p)}`,
    ANSWER_MAX_BYTES,
  ),
);
