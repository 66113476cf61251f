import { type Page } from '../trpc/schemas.js';
import { type Database, type DriverStatement, namedStatement, StatementValues } from '../db/sql.js';
import { type SessionScope } from '../viewer/session.js';
import { olderThan, postJson, postsArray } from './posts.sql.js';
import { readerStatement, type ReaderStatement, runForReader } from '../viewer/reader-statements.js';
import { jsonValue } from '../trpc/json-text.js';
import { noBlockBetween, shownAuthor, unblocked, type Viewer, viewerById } from '../viewer/safety.sql.js';
import { SEARCH_CONFIG } from './post.entity.js';
import { tagOfQuery } from './tags.js';
import { handleOf } from '../viewer/handles.js';
import type { Post } from './posts.schemas.js';
import { assertCursorShown, POST_SHOWN } from './posts.queries.js';
import { runShared } from './shared-answers.js';

/** The post lists: pages of all posts and of the feed (named statements), and the builder of every other list, search included. */

export type PostFilter = {
  /** The reader: posts by users on either side of a block with them are left out, and in lists other than one author's, those by users they mute. */
  viewerId: number;
  /** Only posts by users this user follows (the feed). */
  followerId?: number;
  /** Only posts by this user. */
  authorId?: number;
  /** Only posts whose title or content match these words (websearch_to_tsquery syntax); `#tag` alone is the tag's posts, `@handle` alone that user's posts. */
  q?: string;
  /** Only posts with this tag (normalised, posts/tags.ts). */
  tag?: string;
  /** Only the quotes of this post, and none when a block hides that post from the reader. */
  quotesOf?: number;
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
 * `q=@handle`: a lookup of that user's posts (as GET /users/{id}/posts), not words of the search,
 * which drops the `@`. The handle as stored (handleOf), or null for what is not one: nobody has it.
 */
const handleLookup = (q: string) => (/^\s*@\S+\s*$/.test(q) ? (handleOf(q.trim().slice(1)) ?? null) : undefined);

/**
 * The statement of every post list (list-posts.ts, list-followed-posts.ts, list-user-posts.ts; the
 * hot pages have their own, postListStatement): newest first (ties by id), filtered as `PostFilter`
 * says (a search, `q`, only on its own), a keyset page when `limit`/`before` are given, so page
 * 1,000 costs what page 1 costs. Rows of one `json` column, JSON as text.
 */
export function selectPostList({
  viewerId,
  followerId,
  authorId,
  q,
  tag,
  quotesOf,
  limit,
  before,
}: PostFilter): DriverStatement {
  const values = new StatementValues();
  const viewer = viewerById(values.add(viewerId));
  const json = `${postJson('p', { me: viewer.id, viewer })}::text as json`;
  const tagged = tag ?? (q === undefined ? undefined : tagOfQuery(q));
  if (tagged !== undefined) {
    // A range of post_tags_tag_index, its authors checked there; only the page's posts are read.
    const cursor =
      before === undefined ? '' : `and ${olderThan('t', 'posts', values.add(before), viewer, 't.post_id')}`;
    const page = limit === undefined ? '' : `limit ${values.add(limit)}`;
    const text = `select ${json} from post_tags t join posts p on p.id = t.post_id
      where t.tag = ${values.add(tagged)} and ${shownAuthor(viewer, 't.author_id')} ${cursor}
      order by t.created_at desc, t.post_id desc ${page}`;
    return { text, values: values.values };
  }
  const handle = q === undefined ? undefined : handleLookup(q);
  if (q !== undefined && handle === undefined) {
    // The matches are the page already (cursor and limit applied): sort them for the JSON.
    const matches = searchMatches(q, { limit, before }, viewer, values);
    const text = `${matches} select ${json} from matches s join posts p on p.id = s.id
      order by s.created_at desc, s.id desc`;
    return { text, values: values.values };
  }
  const author =
    authorId !== undefined
      ? values.add(authorId)
      : handle !== undefined
        ? `(select hu.id from users hu where hu.handle = ${values.add(handle)})`
        : undefined;
  const quoted = quotesOf === undefined ? undefined : values.add(quotesOf);
  const conditions = [
    // A post's quotes: a range of posts_quote_of_index, once its own author is found unblocked (an InitPlan).
    quoted !== undefined && `p.quote_of_id = ${quoted}`,
    quoted !== undefined &&
      `exists (select from posts qd where qd.id = ${quoted} and ${unblocked(viewer, 'qd.author_id')})`,
    author !== undefined && `p.author_id = ${author}`,
    // One author's posts are a direct read of them: a mute leaves them, a block does not.
    author !== undefined && unblocked(viewer, 'p.author_id'),
    // The feed: one bitmap of every followed author's posts (an array, so one plan whatever the
    // follow count), read in the heap's order with each post's JSON, then sorted, as GET /posts is
    // built: built in key order, each post's likes and comments are read at random.
    followerId !== undefined &&
      `p.author_id = any(array(select f.followed_id from follows f where f.follower_id = ${values.add(followerId)} and ${shownAuthor(viewer, 'f.followed_id')}))`,
    author === undefined && followerId === undefined && shownAuthor(viewer, 'p.author_id'),
    before !== undefined && olderThan('p', 'posts', values.add(before), viewer),
  ].filter(Boolean);
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
  const page = limit === undefined ? '' : `limit ${values.add(limit)}`;
  const text = `select ${json} from posts p ${where} order by p.created_at desc, p.id desc ${page}`;
  return { text, values: values.values };
}

/** For an empty list of posts: 400 when `before` names no post the reader sees. */
export const assertPostCursor = (db: Database, before: number | undefined, viewerId: number) =>
  assertCursorShown(db, POST_SHOWN, 'post', before, viewerId);

/**
 * The reader's bookmarked posts, newest bookmarked first (ties by post id), off
 * bookmarks_user_created_index, after the bookmark of the post `before` names. A post whose author
 * is across a block is absent, as everywhere; a muted author's stays: a bookmark is the reader's own
 * choice to keep that post, as opening it directly is (docs/social.md).
 */
export function selectBookmarkedPosts(viewerId: number, { limit, before }: Page): DriverStatement {
  const values = new StatementValues();
  const viewer = viewerById(values.add(viewerId));
  const key = (alias: string) => `${alias}.created_at, ${alias}.post_id`;
  const cursor =
    before === undefined
      ? ''
      : `and (${key('k')}) < (select ${key('c')} from bookmarks c join posts cp on cp.id = c.post_id
          where c.user_id = ${viewer.id} and c.post_id = ${values.add(before)} and ${unblocked(viewer, 'cp.author_id')})`;
  const page = limit === undefined ? '' : `limit ${values.add(limit)}`;
  return {
    text: `select ${postJson('p', { me: viewer.id, viewer })}::text as json from bookmarks k join posts p on p.id = k.post_id
      where k.user_id = ${viewer.id} ${cursor} and ${unblocked(viewer, 'p.author_id')}
      order by k.created_at desc, k.post_id desc ${page}`,
    values: values.values,
  };
}

const BOOKMARK_SHOWN = namedStatement(
  'post_bookmark_shown',
  `select 1 from bookmarks k join posts p on p.id = k.post_id
    where k.post_id = $1 and k.user_id = $2 and ${noBlockBetween('p.author_id', '$2')}`,
);

/** For an empty list of bookmarks: 400 when `before` names no post the reader bookmarked and sees. */
export const assertBookmarkCursor = (db: Database, before: number | undefined, viewerId: number) =>
  assertCursorShown(db, BOOKMARK_SHOWN, 'bookmarked post', before, viewerId);

/**
 * From this many followed authors bounded above a page's floor on (authors whose newest posts share
 * recent minutes), a feed page walks the newest posts instead of taking a head of each (see feedPage).
 */
export const FEED_RANK_MOST = 200;
/** How many of the newest posts that walk looks through at most before it ranks the authors after all. */
export const FEED_WALK = 500;

/**
 * The users the reader (`s.user_id`) follows, with each one's bounds (follows.author_bound, an instant
 * none of their posts is newer than, and repost_bound, the same for their reposts): the one place a feed page names its follow set (add a filter
 * here). Those the reader mutes, or is on either side of a block with, are left out.
 */
export const followedBy = (viewer: Viewer | undefined) =>
  `(select f.followed_id, f.author_bound, f.repost_bound from follows f where f.follower_id = s.user_id and ${shownAuthor(viewer, 'f.followed_id')})`;

/**
 * What a feed page built inside another list may leave out: posts `keep` (a condition on a posts
 * row's alias) does not keep, and posts older than `notBefore` (an instant), which the list has
 * enough newer items than.
 */
export interface FeedPageOptions {
  keep?: (post: string) => string;
  notBefore?: string;
}

/** A page's floor, and never below `notBefore`. */
const floorAt = (floor: string, notBefore: string | undefined) =>
  notBefore ? `greatest(${floor}, ${notBefore})` : floor;

/** Where a feed page starts: `key`, a row `(created_at, id)` every post on it is older than, and `at`, that instant. */
export interface FeedCursor {
  key: string;
  at: string;
}

/** The cursor of a page after the post `cursor` (a placeholder) names; one whose author a block hides names no place. */
const afterPost = (cursor: string, viewer: Viewer | undefined): FeedCursor => ({
  key: `(select b.created_at, b.id from posts b where b.id = ${cursor} and ${unblocked(viewer, 'b.author_id')})`,
  at: `(select b.created_at from posts b where b.id = ${cursor})`,
});

/**
 * The rows of a feed page: the newest `limit` posts by users `s.user_id` follows, older than
 * `cursor` when given, and only those `keep` keeps (a condition on a posts row's alias). The reader's follows are read in bound order off
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
export function feedPage(
  cursor: FeedCursor | undefined,
  limit: string,
  viewer: Viewer | undefined,
  { keep, notBefore }: FeedPageOptions = {},
): string {
  const FOLLOWED = followedBy(viewer);
  const newestFirst = (alias: string) => `order by ${alias}.created_at desc, ${alias}.id desc`;
  const kept = (alias: string) =>
    `${keep ? `and ${keep(alias)}` : ''} ${notBefore ? `and ${alias}.created_at >= ${notBefore}` : ''}`;
  const after = (alias: string) =>
    cursor === undefined ? '' : `and (${alias}.created_at, ${alias}.id) < ${cursor.key}`;
  const newestKeys = (author: string, count: string) =>
    `select x.id, x.created_at from posts x where x.author_id = ${author} ${after('x')} ${kept('x')} ${newestFirst('x')} limit ${count}`;
  // Every post of an author bounded at or below the cursor's instant is past the cursor: the bound holds for the head too.
  const boundedPastCursor = cursor === undefined ? '' : `and r.author_bound <= ${cursor.at}`;
  const aboveFloor = `${FOLLOWED} a where a.author_bound > (select at from floor)`;
  return `(with floor_heads as materialized (
      select k.created_at from ${FOLLOWED} r cross join lateral (${newestKeys('r.followed_id', '1')}) k
      where r.author_bound > ${notBefore ?? "'-infinity'"} ${boundedPastCursor}
      order by r.author_bound desc limit ${limit}),
    floor as materialized (
      select ${floorAt(`case when count(*) >= ${limit} then min(created_at) else '-infinity' end`, notBefore)} as at from floor_heads),
    above as materialized (select a.followed_id from ${aboveFloor} limit ${FEED_RANK_MOST + 1}),
    crowded as materialized (select count(*) > ${FEED_RANK_MOST} as yes from above),
    walked as materialized (
      select w.id, w.created_at from (
        select x.id, x.created_at, x.author_id from posts x
        where (select yes from crowded) ${after('x')} ${notBefore ? `and x.created_at >= ${notBefore}` : ''}
        ${newestFirst('x')} limit ${FEED_WALK}) w
      -- A subquery per row, not a semi-join: a probe of the follows key per walked post, never a read of every follow.
      where (select true from ${FOLLOWED} wf where wf.followed_id = w.author_id) ${kept('w')}
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
    // A page of all posts is the same for every reader without blocks or mutes: shared (listPostsFor).
    const shared = !followed;
    const page = (viewer: Viewer | undefined) =>
      `${postsArray('p', postRows({ followed, after, limit }, viewer), { me: 's.user_id', viewer, markers: shared && !viewer })}::text`;
    pageStatements.set(name, (statement = readerStatement(name, page, { snapshot: shared })));
  }
  return statement;
}

/** The rows of a postListStatement, newest first, as `viewer` may see them. */
function postRows(
  { followed, after, limit }: { followed: boolean; after: boolean; limit: string },
  viewer: Viewer | undefined,
): string {
  if (followed) return feedPage(after ? afterPost('$3', viewer) : undefined, limit, viewer);
  const newestFirst = 'order by created_at desc, id desc';
  const conditions = [
    shownAuthor(viewer, 'posts.author_id'),
    after && olderThan('posts', 'posts', '$3', viewer),
  ].filter(Boolean);
  const where = `where ${conditions.join(' and ')}`;
  // The outer order restates the inner one: the planner then knows the rows come sorted.
  return `(select * from (select * from posts ${where} ${newestFirst} limit 100) k ${newestFirst} limit ${limit})`;
}

/**
 * A page of posts (see postListStatement); an empty one is the caller's to explain (assertPostCursor).
 * Concurrent reads of one page of all posts share their statement (shared-answers.ts), as reads of
 * one post do; a page of the feed is the reader's own.
 */
export async function listPostsFor(
  scope: SessionScope,
  { followed, limit, before }: Page & { followed: boolean; limit: number },
): Promise<Post[]> {
  const statement = postListStatement(followed, before !== undefined);
  const values = [before, limit].filter((value) => value !== undefined);
  const json = followed
    ? await runForReader<string>(scope, statement, values)
    : // A page is never null: only a read of one missing post or user is.
      (await runShared(scope, statement, values))!;
  return jsonValue<Post[]>(json, scope.jsonAsText);
}

// The page statements made as the module loads, as every other named statement is: the registry
// (npm run db:statements) then holds them whatever ran before.
for (const followed of [false, true]) for (const after of [false, true]) postListStatement(followed, after);
