import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, forbidden, notFound } from '../platform/errors.js';
import { ANSWER_MAX_BYTES, type Page } from '../trpc/schemas.js';
import {
  OPEN_SESSION,
  runDriverStatement,
  upToBytes,
  runForSession,
  runRows,
  StatementValues,
  type Database,
  type DriverStatement,
  type SessionScope,
  type Statement,
  deleteLink,
  findRow,
  keysSettle,
} from '../db/sql.js';
import {
  commentJson,
  commentsBy,
  commentsSelect,
  likerIds,
  likersPreview,
  postJson,
  postsArray,
  type LikeWrite,
} from './posts.sql.js';
import type { DocumentPart } from '../trpc/streamed-route.js';
import { readerStatement, runForReader, type ReaderStatement } from '../users/reader-statements.js';
import { runShared } from './shared-answers.js';
import { jsonValue } from '../trpc/json-text.js';
import { insertNotification } from '../notifications/notifications.queries.js';
import {
  noBlockBetween,
  shownAuthor,
  unblocked,
  SESSION_VIEWER,
  viewerById,
  type Viewer,
} from '../users/safety.sql.js';
import { CommentEntity } from './comment.entity.js';
import { PostEntity, SEARCH_CONFIG } from './post.entity.js';
import type { Comment, Post } from './posts.schemas.js';
import { userSummaryJson } from '../users/user-summary.sql.js';
import type { UserSummary } from '../users/user-summary.schema.js';

export const POST_NOT_FOUND = 'Post not found';
export const COMMENT_NOT_FOUND = 'Comment not found';

/** What a broken key means for this module's writes (keysSettle). */
const POST_GONE = { foreign: () => notFound(POST_NOT_FOUND) };
const COMMENT_LIKE_KEYS = {
  unique: () => badRequest('Comment already liked'),
  foreign: () => notFound(COMMENT_NOT_FOUND),
};

type JsonRow<T> = { json: T };

const POST_JSON: Statement = {
  name: 'post_json',
  text: `select ${postJson('p', { me: '$2', viewer: viewerById('$2') })} as json from posts p where p.id = $1`,
};

/** One Post with author, likers and comments (with theirs) as `viewerId` sees them: one statement; or 404. */
export async function getPostById(db: Database, id: number, viewerId: number): Promise<Post> {
  const row = await findRow<JsonRow<Post>>(db, POST_JSON, [id, viewerId]);
  if (!row) throw notFound(POST_NOT_FOUND);
  return row.json;
}

const COMMENT_EXISTS: Statement = { name: 'comment_exists', text: 'select 1 from comments where id = $1' };

const POST_SHOWN: Statement = {
  name: 'post_shown',
  text: `select 1 from posts p where p.id = $1 and ${noBlockBetween('p.author_id', '$2')}`,
};

/** 404 when there is no such post, or a block stands between its author and the reader. */
export async function assertPostShown(db: Database, id: number, viewerId: number): Promise<void> {
  if ((await runRows(db, POST_SHOWN, [id, viewerId])).length === 0) throw notFound(POST_NOT_FOUND);
}

const POST_AUTHOR: Statement = {
  name: 'post_author',
  text: `select author_id, ${noBlockBetween('author_id', '$2::int')} as shown from posts where id = $1`,
};

/**
 * Only a post's author may change or delete it: 404 when there is no such post (or a block hides
 * it from the caller), 403 when it is someone else's.
 */
export async function assertPostAuthor(db: Database, id: number, userId: number): Promise<void> {
  const post = await findRow<{ author_id: number; shown: boolean }>(db, POST_AUTHOR, [id, userId]);
  if (!post?.shown) throw notFound(POST_NOT_FOUND);
  if (post.author_id !== userId) throw forbidden('Only the author may change or delete this post');
}

/** Changes the post if `userId` wrote it; how many rows changed (0: none such, or not theirs). */
export const updatePostAsAuthor = (
  em: EntityManager,
  id: number,
  userId: number,
  { title, content }: { title: string; content: string },
) => em.nativeUpdate(PostEntity, { id, author: userId }, { title, content });

/** Deletes the post (its comments and likes by ON DELETE CASCADE) if `userId` wrote it; how many rows went. */
export const deletePostAsAuthor = (em: EntityManager, id: number, userId: number) =>
  em.nativeDelete(PostEntity, { id, author: userId });

/**
 * Rows of `alias` older than the row of `table` that `before` names (newest-first keyset paging);
 * `cursor` is its placeholder (`$n`). A row whose author a block hides from `viewer` names no
 * place: the page is empty, and then 400 (assertCursorShown), as for a row that does not exist.
 */
const olderThan = (alias: string, table: 'posts' | 'comments', cursor: string, viewer?: Viewer) =>
  `(${alias}.created_at, ${alias}.id) < (select b.created_at, b.id from ${table} b where b.id = ${cursor} and ${unblocked(viewer, 'b.author_id')})`;

export type PostFilter = {
  /** The reader: posts by users on either side of a block with them are left out, and in lists other than one author's, those by users they mute. */
  viewerId: number;
  /** Only posts by users this user follows (the feed). */
  followerId?: number;
  /** Only posts by this user. */
  authorId?: number;
  /** Only posts whose title or content match these words (websearch_to_tsquery syntax). */
  q?: string;
  /** An unpaged list answered whole: only as many posts as fit in this many bytes of JSON, and the first past them (upToBytes). */
  maxBytes?: number;
} & Page;

/** How many of the newest posts a search page looks through before it asks the GIN index. */
const SEARCH_WALK = 1_000;

/**
 * The matches of a search, as a CTE `matches (id, created_at)`. The planner alone walks the posts
 * newest first whenever it expects matches to be dense, and it does for a rare word or for two
 * words that never meet: the whole table, for nothing. Here a page first
 * looks through the newest SEARCH_WALK posts; when they hold a full page, those are the newest
 * matches; otherwise (and for an unpaged list) the GIN index gives every match, and only those are
 * sorted. The fallback runs only when needed (a one-time filter), so a page costs a bounded walk,
 * or work in proportion to the matches.
 */
function searchMatches(q: string, { limit, before }: Page, viewer: Viewer, values: StatementValues): string {
  const query = values.add(q);
  const cursor = before === undefined ? undefined : values.add(before);
  const matching = (alias: string) =>
    `${alias}.search_vector @@ websearch_to_tsquery('${SEARCH_CONFIG}', ${query}) and ${shownAuthor(viewer, `${alias}.author_id`)}`;
  const olderThanCursor = (alias: string) =>
    cursor === undefined ? '' : `and ${olderThan(alias, 'posts', cursor, viewer)}`;
  if (limit === undefined) {
    return `with matches as materialized (select m.id, m.created_at from posts m
        where ${matching('m')} ${olderThanCursor('m')})`;
  }
  const pageSize = values.add(limit);
  // Only the page itself goes on to be joined and built into JSON.
  return `with newest as materialized (
        select n.id, n.created_at from (select w.id, w.created_at, w.search_vector, w.author_id from posts w
          where true ${olderThanCursor('w')} order by w.created_at desc, w.id desc limit ${SEARCH_WALK}) n
        where ${matching('n')}),
      matches as materialized (
        select * from (
          select * from newest where (select count(*) from newest) >= ${pageSize}
          union all
          select m.id, m.created_at from posts m
          where ${matching('m')} ${olderThanCursor('m')} and (select count(*) from newest) < ${pageSize}
        ) u order by u.created_at desc, u.id desc limit ${pageSize})`;
}

/**
 * The statement behind every post list but the hot pages: newest first (ties by id), filtered as
 * `PostFilter` says (a search, `q`, only on its own), a keyset page when `limit`/`before` are
 * given, so page 1,000 costs what page 1 costs. Rows of one `json` column, JSON as text: the
 * procedures parse it, the REST streams (json-stream.ts) write it as it is.
 */
export function selectPostList({ maxBytes, ...filter }: PostFilter): DriverStatement {
  const statement = selectAllPosts(filter);
  // A page holds at most ANSWER_MAX_BYTES (fewer posts than its limit when they are that large).
  if (maxBytes === undefined) return filter.limit === undefined ? statement : upToBytes(statement, ANSWER_MAX_BYTES);
  return upToBytes(statement, maxBytes, { andTheFirstPast: true });
}

function selectAllPosts({ viewerId, followerId, authorId, q, limit, before }: PostFilter): DriverStatement {
  const values = new StatementValues();
  const viewer = viewerById(values.add(viewerId));
  const json = `${postJson('p', { me: viewer.id, viewer })}::text as json`;
  if (q !== undefined) {
    // The matches are the page already (cursor and limit applied): sort them for the JSON.
    const matches = searchMatches(q, { limit, before }, viewer, values);
    const text = `${matches} select ${json} from matches s join posts p on p.id = s.id
      order by s.created_at desc, s.id desc`;
    return { text, values: values.values };
  }
  const conditions = [
    authorId !== undefined && `p.author_id = ${values.add(authorId)}`,
    // One author's posts are a direct read of them: a mute leaves them, a block does not.
    authorId !== undefined && unblocked(viewer, 'p.author_id'),
    // The feed: one bitmap of every followed author's posts (an array, so one plan whatever the
    // follow count), read in the heap's order with each post's JSON, then sorted, as GET /posts is
    // built: built in key order, each post's likes and comments are read at random.
    followerId !== undefined &&
      `p.author_id = any(array(select f.followed_id from follows f where f.follower_id = ${values.add(followerId)} and ${shownAuthor(viewer, 'f.followed_id')}))`,
    authorId === undefined && followerId === undefined && shownAuthor(viewer, 'p.author_id'),
    before !== undefined && olderThan('p', 'posts', values.add(before), viewer),
  ].filter(Boolean);
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
  const page = limit === undefined ? '' : `limit ${values.add(limit)}`;
  const text = `select ${json} from posts p ${where} order by p.created_at desc, p.id desc ${page}`;
  return { text, values: values.values };
}

/**
 * An empty page is only an error when the cursor names no row the reader sees; only then is it
 * worth a lookup, so a page with rows stays one statement.
 */
async function assertCursorShown(
  db: Database,
  table: 'posts' | 'comments',
  before: number | undefined,
  viewerId: number,
): Promise<void> {
  if (before === undefined) return;
  const shown = await runRows(db, table === 'posts' ? POST_SHOWN : COMMENT_SHOWN, [before, viewerId]);
  if (shown.length === 0) throw badRequest(`before names no ${table === 'posts' ? 'post' : 'comment'}`);
}

/** A post list as a REST stream writes it (json-stream.ts): the rows of selectPostList in brackets. */
export const postListDocument = (filter: PostFilter): DocumentPart[] => ['[', selectPostList(filter), ']'];

/** A list of posts (see selectPostList): one statement. */
export async function listPostsMatching(db: Database, filter: PostFilter): Promise<Post[]> {
  const rows = await runDriverStatement<JsonRow<string>>(db, selectPostList(filter));
  if (rows.length === 0) await assertCursorShown(db, 'posts', filter.before, filter.viewerId);
  return rows.map((row) => JSON.parse(row.json) as Post);
}

// On a post whose author is on either side of a block with the commenter, nothing is inserted: 404.
const INSERT_COMMENT: Statement = {
  name: 'comment_insert',
  text: `with ins as (insert into comments (content, post_id, author_id) select $1, $2::int, $3::int
        where not exists (select from posts bp where bp.id = $2 and not ${noBlockBetween('bp.author_id', '$3::int')})
        returning id, post_id, author_id),
      noted as (${insertNotification(`select p.author_id, 'comment', ins.author_id, p.id, ins.id from ins join posts p on p.id = ins.post_id`)})
     select id from ins`,
};

/**
 * Writes a comment and, for the post's author, its notification: one statement. Its id; a post
 * that does not exist fails on the foreign key: 404.
 */
export async function insertComment(db: Database, postId: number, authorId: number, content: string): Promise<number> {
  const [row] = await keysSettle(runRows<{ id: number }>(db, INSERT_COMMENT, [content, postId, authorId]), POST_GONE);
  if (!row) throw notFound(POST_NOT_FOUND);
  return row.id;
}

/** The comment `c` and its post are shown to user `viewer`: no block between either author and them. */
const commentShownTo = (c: string, viewer: string) =>
  `${noBlockBetween(`${c}.author_id`, viewer)} and ${noBlockBetween(`(select cp.author_id from posts cp where cp.id = ${c}.post_id)`, viewer)}`;

// A comment hidden from the liker by a block (its author's or its post's) is not liked: 404.
const INSERT_COMMENT_LIKE: Statement = {
  name: 'comment_like_insert',
  text: `with ins as (insert into comment_likes (comment_id, user_id) select $1::int, $2::int
        where not exists (select from comments bc where bc.id = $1 and not (${commentShownTo('bc', '$2::int')}))
        returning comment_id, user_id),
      noted as (${insertNotification(`select c.author_id, 'comment_like', ins.user_id, c.post_id, c.id from ins join comments c on c.id = ins.comment_id`)})
     select 1 from ins`,
};

/**
 * Likes a comment and notifies its author: one statement. The keys, not a read-then-write, settle
 * a double like (400) and a missing comment (404), even between concurrent requests.
 */
export async function insertCommentLike(db: Database, commentId: number, userId: number): Promise<void> {
  const rows = await keysSettle(runRows(db, INSERT_COMMENT_LIKE, [commentId, userId]), COMMENT_LIKE_KEYS);
  if (rows.length === 0) throw notFound(COMMENT_NOT_FOUND);
}

const DELETE_COMMENT_LIKE: Statement = {
  name: 'comment_like_delete',
  text: `delete from comment_likes l using comments c
    where l.comment_id = $1 and l.user_id = $2 and c.id = l.comment_id and ${commentShownTo('c', '$2::int')} returning 1`,
};

/** Takes the caller's like of a comment back; when there was none, 404 for a missing (or hidden) comment, else 400. */
export const deleteCommentLike = (db: Database, commentId: number, userId: number) =>
  deleteLink(
    runRows(db, DELETE_COMMENT_LIKE, [commentId, userId]).then((rows) => rows.length),
    'Comment not liked',
    () => assertCommentShown(db, commentId, userId),
  );

const COMMENT_JSON: Statement = {
  name: 'comment_json',
  text: `select ${commentJson('c', { me: '$2', viewer: viewerById('$2') })} as json from comments c where c.id = $1 and ${commentShownTo('c', '$2::int')}`,
};

/** The Comment as the reader `viewerId` sees it, or null (none, or hidden by a block). */
export async function findCommentById(db: Database, id: number, viewerId: number): Promise<Comment | null> {
  return (await findRow<JsonRow<Comment>>(db, COMMENT_JSON, [id, viewerId]))?.json ?? null;
}

/** The Comment as the reader sees it, or 404. */
export async function getCommentById(db: Database, id: number, viewerId: number): Promise<Comment> {
  const comment = await findCommentById(db, id, viewerId);
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  return comment;
}

const COMMENT_SHOWN: Statement = {
  name: 'comment_shown',
  text: `select 1 from comments c where c.id = $1 and ${commentShownTo('c', '$2::int')}`,
};

/** 404 when there is no such comment, or a block hides it (or its post) from the reader. */
export async function assertCommentShown(db: Database, id: number, viewerId: number): Promise<void> {
  if ((await runRows(db, COMMENT_SHOWN, [id, viewerId])).length === 0) throw notFound(COMMENT_NOT_FOUND);
}

export async function assertCommentExists(db: Database, id: number): Promise<void> {
  if ((await runRows(db, COMMENT_EXISTS, [id])).length === 0) throw notFound(COMMENT_NOT_FOUND);
}

/**
 * A post's comments as the reader `viewerId` sees them (none of a post hidden from them by a
 * block), newest first, a keyset page when asked; `::text` selects the JSON as text (for streams).
 */
function selectCommentsOnPost(
  postId: number,
  viewerId: number,
  { limit, before }: Page,
  cast: '' | '::text',
): DriverStatement {
  const values = new StatementValues();
  const post = values.add(postId);
  const viewer = viewerById(values.add(viewerId));
  const shown = `${unblocked(viewer, 'c.author_id')} and ${unblocked(viewer, `(select cp.author_id from posts cp where cp.id = ${post})`)}`;
  const cursor = before === undefined ? '' : `and ${olderThan('c', 'comments', values.add(before), viewer)}`;
  const page = limit === undefined ? '' : `limit ${values.add(limit)}`;
  return {
    text: `select ${commentJson('c', { me: viewer.id, viewer })}${cast} as json from comments c where c.post_id = ${post} and ${shown} ${cursor}
     order by c.created_at desc, c.id desc ${page}`,
    values: values.values,
  };
}

/**
 * A post's comments, newest first, a keyset page when asked: one statement; with `maxBytes`, only as
 * many as fit in that many bytes of JSON and the first past them (upToBytes).
 */
export async function listCommentsOnPost(
  db: Database,
  postId: number,
  viewerId: number,
  { maxBytes, ...page }: Page & { maxBytes?: number } = {},
) {
  const statement = selectCommentsOnPost(postId, viewerId, page, '::text');
  const rows = await runDriverStatement<JsonRow<string>>(
    db,
    maxBytes === undefined ? statement : upToBytes(statement, maxBytes, { andTheFirstPast: true }),
  );
  if (rows.length === 0) await assertCursorShown(db, 'comments', page.before, viewerId);
  return rows.map((row) => JSON.parse(row.json) as Comment);
}

/** A post's comments, from `before` when given, as a REST stream writes them (json-stream.ts). */
export const postCommentsDocument = (postId: number, viewerId: number, before?: number): DocumentPart[] => [
  '[',
  selectCommentsOnPost(postId, viewerId, { before }, '::text'),
  ']',
];

/** Changes the comment if `userId` wrote it; how many rows changed (0: none such, or not theirs). */
export const updateCommentAsAuthor = (em: EntityManager, id: number, userId: number, content: string) =>
  em.nativeUpdate(CommentEntity, { id, author: userId }, { content });

const DELETE_COMMENT_AS_AUTHOR: Statement = {
  name: 'comment_delete_as_author',
  text: `delete from comments c using posts p
     where c.id = $1 and p.id = c.post_id and (c.author_id = $2 or p.author_id = $2) returning c.id`,
};

/**
 * Deletes a comment when `userId` wrote it or wrote the post it is on (one statement); false when
 * nothing was deleted.
 */
export async function deleteCommentAsAuthor(db: Database, id: number, userId: number): Promise<boolean> {
  return (await runRows(db, DELETE_COMMENT_AS_AUTHOR, [id, userId])).length > 0;
}

/*
 * The hot reads and writes, each one prepared statement that also checks the caller's session
 * ($1 and $2, see OPEN_SESSION) and builds the answer's JSON: one round trip per request.
 */

export const POST_BY_ID = readerStatement(
  'post_by_id',
  (viewer) =>
    `(select ${postJson('p', { me: 's.user_id', viewer, markers: !viewer })} from posts p where p.id = $3 and ${unblocked(viewer, 'p.author_id')})::text`,
  { snapshot: true },
);

/** The Post, or 404; 401 when the caller's session has ended. Concurrent reads share their work. */
export async function getPostFor(scope: SessionScope, id: number): Promise<Post> {
  const json = await runShared(scope, POST_BY_ID, [id]);
  if (json === null) throw notFound(POST_NOT_FOUND);
  return jsonValue<Post>(json, scope.jsonAsText);
}

/**
 * From this many followed authors bounded above a page's floor on (authors whose newest posts share
 * recent minutes), a feed page walks the newest posts instead of taking a head of each (see feedPage).
 */
export const FEED_RANK_MOST = 200;
/** How many of the newest posts that walk looks through at most before it ranks the authors after all. */
export const FEED_WALK = 500;

/**
 * The users the reader (`s.user_id`) follows, with each one's bound (follows.author_bound, an instant
 * none of their posts is newer than): the one place a feed page names its follow set (add a filter
 * here). Those the reader mutes, or is on either side of a block with, are left out.
 */
const followedBy = (viewer: Viewer | undefined) =>
  `(select f.followed_id, f.author_bound from follows f where f.follower_id = s.user_id and ${shownAuthor(viewer, 'f.followed_id')})`;

/**
 * The rows of a feed page: the newest `limit` posts by users `s.user_id` follows, older than the
 * post `cursor` names when given. The reader's follows are read in bound order off
 * follows_follower_bound_index, a prefix, never all of them ('infinity', an author of many
 * followers whose bound is not copied, sorts first):
 * - the heads (newest key past the cursor, one index probe each) of the first `limit` authors
 *   bounded at or below the cursor give a floor, the `limit`-th newest of them: an author bounded
 *   at or below it has nothing as new;
 * - the authors bounded above the floor (the `limit` above, those sharing their bounds' minutes,
 *   and those who posted since the cursor) have their heads taken, the `limit` newest heads kept,
 *   and only those authors' newest `limit` keys merged;
 * - unless they are more than FEED_RANK_MOST (many authors posting in the same minutes): then the
 *   page walks the newest posts off posts_created_index, each checked on the follows key, up to
 *   `limit` matches or FEED_WALK posts, and ranks those authors all only when that walk came up short.
 * Only the page's rows are then read from posts.
 */
function feedPage(cursor: string | undefined, limit: string, viewer: Viewer | undefined): string {
  const FOLLOWED = followedBy(viewer);
  const newestFirst = (alias: string) => `order by ${alias}.created_at desc, ${alias}.id desc`;
  const after = (alias: string) => (cursor === undefined ? '' : `and ${olderThan(alias, 'posts', cursor, viewer)}`);
  const newestKeys = (author: string, count: string) =>
    `select x.id, x.created_at from posts x where x.author_id = ${author} ${after('x')} ${newestFirst('x')} limit ${count}`;
  // Every post of an author bounded at or below the cursor's instant is past the cursor: the bound holds for the head too.
  const boundedPastCursor =
    cursor === undefined ? '' : `and r.author_bound <= (select b.created_at from posts b where b.id = ${cursor})`;
  const aboveFloor = `${FOLLOWED} a where a.author_bound > (select at from floor)`;
  return `(with floor_heads as materialized (
      select k.created_at from ${FOLLOWED} r cross join lateral (${newestKeys('r.followed_id', '1')}) k
      where r.author_bound > '-infinity' ${boundedPastCursor}
      order by r.author_bound desc limit ${limit}),
    floor as materialized (
      select case when count(*) >= ${limit} then min(created_at) else '-infinity' end as at from floor_heads),
    above as materialized (select a.followed_id from ${aboveFloor} limit ${FEED_RANK_MOST + 1}),
    crowded as materialized (select count(*) > ${FEED_RANK_MOST} as yes from above),
    walked as materialized (
      select w.id, w.created_at from (
        select x.id, x.created_at, x.author_id from posts x
        where (select yes from crowded) ${after('x')} ${newestFirst('x')} limit ${FEED_WALK}) w
      -- A subquery per row, not a semi-join: a probe of the follows key per walked post, never a read of every follow.
      where (select true from ${FOLLOWED} wf where wf.followed_id = w.author_id)
      ${newestFirst('w')} limit ${limit}),
    ranked as (
      select followed_id from above where not (select yes from crowded)
      union all
      select a.followed_id from ${aboveFloor} and (select yes from crowded) and (select count(*) from walked) < ${limit}),
    heads as materialized (
      select r.followed_id as author_id, k.id, k.created_at from ranked r cross join lateral (${newestKeys('r.followed_id', '1')}) k
      ${newestFirst('k')} limit ${limit}),
    newest as (
      select * from walked where (select count(*) from walked) >= ${limit}
      union all
      (select k.id, k.created_at from heads hd cross join lateral (${newestKeys('hd.author_id', limit)}) k
        ${newestFirst('k')} limit ${limit}))
    select fp.* from newest join posts fp on fp.id = newest.id ${newestFirst('newest')} limit ${limit})`;
}

const pageStatements = new Map<string, ReaderStatement>();

/**
 * A page of posts as one JSON array, newest first: of all posts or of those by users the caller
 * follows; after the post `before` names when given, and at most `limit` (values after the
 * session's, in that order). A page of all posts reads at most 100 rows off the (created_at, id)
 * index first, so the prepared statement's generic plan stays an index scan whatever the limit. A
 * page of the feed is feedPage's, bounded for a reader of 10 or 10,000 users alike. A list without
 * a limit is selectPostList's (streamed over REST, wholeList otherwise).
 */
export function postListStatement(followed: boolean, after: boolean): ReaderStatement {
  const name = `posts${followed ? '_followed' : ''}${after ? '_before' : ''}_limit`;
  let statement = pageStatements.get(name);
  if (!statement) {
    const limit = `$${after ? 4 : 3}`;
    const page = (viewer: Viewer | undefined) =>
      `${postsArray('p', postRows({ followed, after, limit }, viewer), { me: 's.user_id', viewer })}::text`;
    pageStatements.set(name, (statement = readerStatement(name, page)));
  }
  return statement;
}

/** The rows of a postListStatement, newest first, as `viewer` may see them. */
function postRows(
  { followed, after, limit }: { followed: boolean; after: boolean; limit: string },
  viewer: Viewer | undefined,
): string {
  if (followed) return feedPage(after ? '$3' : undefined, limit, viewer);
  const newestFirst = 'order by created_at desc, id desc';
  const conditions = [
    shownAuthor(viewer, 'posts.author_id'),
    after && olderThan('posts', 'posts', '$3', viewer),
  ].filter(Boolean);
  const where = `where ${conditions.join(' and ')}`;
  // The outer order restates the inner one: the planner then knows the rows come sorted.
  return `(select * from (select * from posts ${where} ${newestFirst} limit 100) k ${newestFirst} limit ${limit})`;
}

/** A page of posts (see postListStatement); 400 when `before` names no post. */
export async function listPostsFor(
  scope: SessionScope,
  { followed, limit, before }: Page & { followed: boolean; limit: number },
): Promise<Post[]> {
  const statement = postListStatement(followed, before !== undefined);
  const values = [before, limit].filter((value) => value !== undefined);
  const json = await runForReader<string>(scope, statement, values);
  if (json === '[]') await assertCursorShown(scope.services.orm, 'posts', before, scope.user.userId);
  return jsonValue<Post[]>(json, scope.jsonAsText);
}

const SESSION_USER = `s as (select s.user_id, s.block_count, s.mute_count from ${OPEN_SESSION})`;

const CREATE_POST: Statement = {
  name: 'post_create',
  text: `with ${SESSION_USER},
    ins as (insert into posts (title, content, author_id) select $3, $4, s.user_id from s returning *)
    select (select ${postJson('ins', { me: 's.user_id', fresh: true })} from ins)::text from s`,
};

/** Inserts the caller's post and answers it as the API shows it: one statement. */
export async function insertPostFor(
  scope: SessionScope,
  { title, content }: { title: string; content: string },
): Promise<Post> {
  const [json] = await runForSession<[string]>(scope, CREATE_POST, [title, content]);
  return jsonValue<Post>(json, scope.jsonAsText);
}

// A statement sees neither its own write nor the counter its trigger moves: the answer adds them.
const likedPost = (like: LikeWrite) =>
  `(select ${postJson('lp', { me: 's.user_id', viewer: SESSION_VIEWER, like })} from posts lp where lp.id = $3)::text`;

const LIKE_POST: Statement = {
  name: 'post_like',
  text: `with ${SESSION_USER}, p as (select id, author_id from posts where id = $3 and ${noBlockBetween('author_id', '$2::int')}),
    ins as (insert into post_likes (post_id, user_id) select p.id, s.user_id from p, s on conflict do nothing returning user_id),
    noted as (${insertNotification(`select p.author_id, 'post_like', ins.user_id, p.id, null::int from p, ins`)})
    select (select id from p), case when exists (select 1 from ins) then ${likedPost({
      likedBy: likersPreview(
        'lp_lu',
        `(${likerIds('post_likes', 'lp.id', { me: 's.user_id', viewer: SESSION_VIEWER }, 's.user_id')}) union all select user_id from ins`,
      ),
      likeDelta: '+ 1',
      likedByMe: true,
    })} end
    from s`,
};

const UNLIKE_POST: Statement = {
  name: 'post_unlike',
  text: `with ${SESSION_USER}, p as (select id from posts where id = $3 and ${noBlockBetween('author_id', '$2::int')}),
    del as (delete from post_likes l using p, s where l.post_id = p.id and l.user_id = s.user_id returning l.user_id)
    select (select id from p), case when exists (select 1 from del) then ${likedPost({
      likedBy: likersPreview(
        'lp_lu',
        likerIds('post_likes', 'lp.id', { me: 's.user_id', viewer: SESSION_VIEWER }, 's.user_id'),
      ),
      likeDelta: '- 1',
      likedByMe: false,
    })} end
    from s`,
};

/**
 * Likes (or unlikes) a post and answers it: one statement. The (post, user) primary key, not a
 * read-then-write, settles a double like, even under races: 400; no such post: 404.
 */
async function setLike(scope: SessionScope, id: number, liked: boolean): Promise<Post> {
  const [postId, json] = await keysSettle(
    runForSession<[number | null, string | null]>(scope, liked ? LIKE_POST : UNLIKE_POST, [id]),
    POST_GONE, // deleted between the statement's read of it and its insert
  );
  if (postId === null) throw notFound(POST_NOT_FOUND);
  if (json === null) throw badRequest(liked ? 'Post already liked' : 'Post not liked');
  return jsonValue<Post>(json, scope.jsonAsText);
}

export const insertPostLikeFor = (scope: SessionScope, id: number) => setLike(scope, id, true);
export const deletePostLikeFor = (scope: SessionScope, id: number) => setLike(scope, id, false);

/** A page of a post's or comment's likers (UserSummary by id, after the user `before` names): the likes list. */
export interface LikersPage {
  limit: number;
  before?: number;
}

/**
 * Who likes the post or comment `id`, as the reader `viewerId` sees them (by user id, a keyset page
 * off the likes' primary key): empty when there is no such thing or a block hides it from them.
 */
function selectLikers(
  table: 'post_likes' | 'comment_likes',
  id: number,
  viewerId: number,
  { limit, before }: LikersPage,
): DriverStatement {
  const values = new StatementValues();
  const liked = values.add(id);
  const viewer = viewerById(values.add(viewerId));
  const shown =
    table === 'post_likes'
      ? `exists (select from posts lp where lp.id = ${liked} and ${unblocked(viewer, 'lp.author_id')})`
      : `exists (select from comments lc where lc.id = ${liked} and ${commentShownTo('lc', viewer.id)})`;
  const key = table === 'post_likes' ? 'post_id' : 'comment_id';
  const after = before === undefined ? '' : `and l.user_id > ${values.add(before)}`;
  return {
    text: `select ${userSummaryJson('u')} as json from ${table} l join users u on u.id = l.user_id
      where l.${key} = ${liked} ${after} and ${unblocked(viewer, 'l.user_id')} and ${shown}
      order by l.user_id limit ${values.add(limit)}`,
    values: values.values,
  };
}

/** A page of a post's likers; 404 for a post the reader cannot see. */
export async function listPostLikers(db: Database, id: number, viewerId: number, page: LikersPage) {
  const rows = await runDriverStatement<JsonRow<UserSummary>>(db, selectLikers('post_likes', id, viewerId, page));
  if (rows.length === 0) await assertPostShown(db, id, viewerId);
  return rows.map((row) => row.json);
}

/** A page of a comment's likers; 404 for a comment the reader cannot see. */
export async function listCommentLikers(db: Database, id: number, viewerId: number, page: LikersPage) {
  const rows = await runDriverStatement<JsonRow<UserSummary>>(db, selectLikers('comment_likes', id, viewerId, page));
  if (rows.length === 0) await assertCommentShown(db, id, viewerId);
  return rows.map((row) => row.json);
}

/**
 * A page of the comments `authorId` wrote, newest first, as the reader `viewerId` sees them: none
 * when a block stands between the two (the caller then answers 404).
 */
export async function listCommentsBy(
  db: Database,
  authorId: number,
  viewerId: number,
  { limit, before }: LikersPage,
): Promise<Comment[]> {
  const values = new StatementValues();
  const author = values.add(authorId);
  const viewer = viewerById(values.add(viewerId));
  const reader = { me: viewer.id, viewer };
  const cursor = before === undefined ? '' : `and ${olderThan('c', 'comments', values.add(before), viewer)}`;
  const comments = commentsSelect('c', `${commentsBy('c', author, reader)} ${cursor}`, reader, values.add(limit));
  const statement = { text: `select row_to_json(r) as json from (${comments}) r`, values: values.values };
  const rows = await runDriverStatement<JsonRow<Comment>>(db, statement);
  if (rows.length === 0) await assertCursorShown(db, 'comments', before, viewerId);
  return rows.map((row) => row.json);
}
