import { type DriverStatement, StatementValues } from '../db/sql.js';
import { type SessionScope } from '../viewer/session.js';
import { readerStatement, type ReaderStatement, runForReader } from '../viewer/reader-statements.js';
import { shownAuthor, type Viewer, viewerById } from '../viewer/safety.sql.js';
import { jsonValue } from '../trpc/json-text.js';
import { FEED_RANK_MOST, feedPage, type FeedCursor, followedBy } from './post-lists.queries.js';
import { homeItemJson, homeItemsArray, instantOfMilliseconds } from './posts.sql.js';
import { homeCursorParts, type HomeItem } from './posts.schemas.js';

/**
 * The home timeline (docs/feed.md, "The home timeline"): the posts of the users the reader follows,
 * the posts of the tags they follow, and the posts those users reposted. Each post is one item, at
 * its newest occurrence: a post some followed user reposted is at its newest such repost (with
 * `repostedBy`), any other at its own time. Items go newest first by (instant, post id), and a page
 * after `before` holds the items older than that cursor.
 *
 * Each source yields only the occurrences that are their post's newest, so each post has exactly
 * one and the pages never repeat it:
 * - a followed author's post, or a followed tag's, only while no followed user reposted it;
 * - a repost by a followed user only while no followed user reposted the post since.
 */

/** How many of the newest reposts a page looks through for the reader's followed users before it takes each one's newest. */
export const HOME_REPOST_WALK = 500;

/**
 * How many of a followed tag's posts past what a page takes its walk of the tag steps over (authors
 * the reader blocked or mutes, posts a followed user reposted) before it ranks the tag's authors instead.
 */
export const HOME_TAG_WALK = 100;

/**
 * How many of a followed tag's authors in bound order a page reads at most when it ranks them: those
 * hidden from the reader included, so that thousands of accounts blocking the reader cost a bounded
 * read, and fewer cannot empty the tag's ranking.
 */
export const HOME_TAG_AUTHORS_READ = 2_000;

/** A valid cursor `<milliseconds>_<post id>` (homeCursor) as its two statement values. */
export const cursorValues = (cursor: string): [string, number] => homeCursorParts(cursor)!;

/**
 * Whether a user the reader follows (and sees) is `user` (an expression): one probe of the follows
 * key, a subquery per row, not a semi-join, which could read every follow of the reader.
 */
const followedUser = (viewer: Viewer | undefined, user: string) =>
  `coalesce((select true from ${followedBy(viewer)} hf where hf.followed_id = ${user}), false)`;

/**
 * Whether the walked repost's user `user` is one the reader follows, for the HOME_REPOST_WALK walked
 * reposts: from the smaller side again, every follow read once into a hash (a hashed subplan, which
 * runs only when needed) while they are no more than the walk, else a probe of the follows key each.
 */
const walkedFollowed = (viewer: Viewer | undefined, user: string) =>
  `(((select n from home_follow_count) <= ${HOME_REPOST_WALK} and ${user} in (select wf.followed_id from ${followedBy(viewer)} wf))
    or ((select n from home_follow_count) > ${HOME_REPOST_WALK} and ${followedUser(viewer, user)}))`;

/**
 * The statement's CTE of how many users the reader follows (user_stats, blocked and muted ones
 * included): the side a followed repost of a post is looked for from.
 */
const FOLLOW_COUNT = `home_follow_count as materialized (
    select coalesce((select us.followed_count from user_stats us where us.user_id = s.user_id), 0) as n)`;

/**
 * Whether a user the reader follows reposted the post `post` (an expression) at or after `since`
 * (an instant), among its reposts `newer` keeps (a condition on a reposts row's alias): from the
 * smaller side, so a probe never grows with a viral post's reposts nor past the reader's follows. A
 * post with fewer reposts than the reader follows has its reposts probed on the follows key; any
 * other has the reader's follows that reposted since `since` (follows.repost_bound) probed on its
 * reposts' (post_id, user_id) key. Each is a subquery per row, not a semi- or anti-join, which the
 * planner could turn into a merge of both sides, or of every post_stats row. A reader who follows no
 * one (of tags only) probes nothing.
 */
const repostedByFollowed = (
  viewer: Viewer | undefined,
  post: string,
  since: string,
  newer: (r: string) => string = () => 'true',
) =>
  `coalesce((select n from home_follow_count) > 0 and (select true from post_stats hs where hs.post_id = ${post} and hs.repost_count > 0 and (
    (hs.repost_count <= (select n from home_follow_count) and exists (select from reposts hr where hr.post_id = ${post} and ${newer('hr')}
      and ${followedUser(viewer, 'hr.user_id')}))
    or (hs.repost_count > (select n from home_follow_count) and exists (select from ${followedBy(viewer)} hf
      where hf.repost_bound > ${since} and (select true from reposts hr where hr.post_id = ${post} and hr.user_id = hf.followed_id and ${newer('hr')}))))), false)`;

/** No user the reader follows reposted the post `post` (an expression), written at `createdAt`. */
const notRepostedByFollowed = (viewer: Viewer | undefined, post: string, createdAt: string) =>
  `not ${repostedByFollowed(viewer, post, createdAt)}`;

/** The repost `r` is its post's newest by a user the reader follows. */
const newestFollowedRepost = (viewer: Viewer | undefined, r: string) =>
  `not ${repostedByFollowed(viewer, `${r}.post_id`, `${r}.created_at`, (hr) => `(${hr}.created_at, ${hr}.id) > (${r}.created_at, ${r}.id)`)}`;

/** The reader's lists show the author of post `post` (an expression). */
const shownPostAuthor = (viewer: Viewer | undefined, post: string) =>
  viewer ? shownAuthor(viewer, `(select ap.author_id from posts ap where ap.id = ${post})`) : 'true';

/** What a home page's reads of one followed tag's posts share: its range, its walk and the posts it keeps. */
function tagRange(tag: string, cursor: FeedCursor | undefined, viewer: Viewer | undefined) {
  const newestFirst = (t: string) => `order by ${t}.created_at desc, ${t}.post_id desc`;
  const past = (t: string) => (cursor === undefined ? '' : `and (${t}.created_at, ${t}.post_id) < ${cursor.key}`);
  const range = (t: string, lower: string) => `${t}.tag = ${tag} and ${t}.created_at >= ${lower} ${past(t)}`;
  const kept = (t: string) =>
    `${shownAuthor(viewer, `${t}.author_id`)} and ${notRepostedByFollowed(viewer, `${t}.post_id`, `${t}.created_at`)}`;
  return {
    newestFirst,
    range,
    /**
     * The kept posts of the `count` + HOME_TAG_WALK newest at or above `from` past the cursor, and the
     * last of those whether kept or not (`last` says which it is): at most `count` rows, in the walk's
     * order. Numbered in the walk's order, which the index gives (no sort above it), so it stops at
     * `count` kept posts, each checked once.
     */
    walked: (from: string, count: string) =>
      `select w.created_at, w.post_id, w.kept, w.n = ${count} + ${HOME_TAG_WALK} as last from (
        select x.created_at, x.post_id, row_number() over (${newestFirst('x')}) as n, ${kept('x')} as kept from (
          select t.created_at, t.post_id, t.author_id from post_tags t where ${range('t', from)}
          ${newestFirst('t')} limit ${count} + ${HOME_TAG_WALK}) x) w
      where w.kept or w.n = ${count} + ${HOME_TAG_WALK} limit ${count}`,
    kept,
  };
}

/**
 * The newest kept post of the tag `tag` at or above `from` past the cursor (see tagPosts), as
 * `(created_at, post_id)`; for a reader with blocks or mutes, within a walk of 1 + HOME_TAG_WALK
 * posts, and when a whole walk keeps none, the oldest it walked with a null post: no kept post is
 * newer, and the page reads the tag (tagPosts, which ranks its authors) unless its floor is above it.
 */
function tagHead(tag: string, from: string, cursor: FeedCursor | undefined, viewer: Viewer | undefined) {
  if (!viewer) return tagPosts(tag, from, '1', cursor, viewer);
  // The walk's last post, not kept, stands for the tag: no kept post is newer.
  return `select w.created_at, case when w.kept then w.post_id end as post_id from (${tagRange(tag, cursor, viewer).walked(from, '1')}) w`;
}

/**
 * The newest `count` posts of the tag `tag` (an expression) a page keeps, as `(created_at, post_id)`:
 * at or above `from` (an instant), past `cursor`, by an author the reader sees, and not reposted by a
 * user they follow. A walk of the tag's posts newest first; for a reader with blocks or mutes, one of
 * at most `count` + HOME_TAG_WALK posts, and when that comes up short, the tag's authors in bound
 * order (tag_authors, each author's newest post with the tag), as feedPage reads followed authors: an
 * author hidden from the reader is one row however many posts they wrote. The heads (newest kept
 * post, one probe each) of the first 2 x `count` authors the reader sees bounded at or below the
 * cursor give a floor, the `count`-th newest of them; of the first FEED_RANK_MOST authors they see
 * bounded at or above it, the `count` newest heads, and those authors' posts at or above the
 * `count`-th newest head. Bounded whatever the tag's authors: each read stops at
 * HOME_TAG_AUTHORS_READ rows of tag_authors, and where more than FEED_RANK_MOST shown authors are
 * bounded above the floor, the page ranks the newest-bounded of them only (docs/feed.md, "What is left").
 */
function tagPosts(
  tag: string,
  from: string,
  count: string,
  cursor: FeedCursor | undefined,
  viewer: Viewer | undefined,
) {
  const { newestFirst, range, kept, walked } = tagRange(tag, cursor, viewer);
  if (!viewer) {
    return `select t.created_at, t.post_id from post_tags t where ${range('t', from)} and ${kept('t')} ${newestFirst('t')} limit ${count}`;
  }
  const shown = (author: string) => shownAuthor(viewer, author);
  const newestOf = (author: string, n: string, lower: string) =>
    `select x.created_at, x.post_id from post_tags x where x.author_id = ${author} and ${range('x', lower)} and ${notRepostedByFollowed(viewer, 'x.post_id', 'x.created_at')} ${newestFirst('x')} limit ${n}`;
  const boundedPastCursor = cursor === undefined ? '' : `and a.posted_before <= ${cursor.at}`;
  const ranking = '(select yes from tag_ranked)';
  // The first `shownMost` of the tag's authors the reader sees bounded at or above `lower`, in bound
  // order: an index walk that stops there, or at HOME_TAG_AUTHORS_READ rows, hidden ones included
  // (offset 0 keeps the checks above it).
  const authorsByBound = (lower: string, shownMost: string, pastCursor: string) =>
    `(select a.author_id from (select a.author_id from tag_authors a
        where ${ranking} and a.tag = ${tag} and a.posted_before >= ${lower} ${pastCursor}
        order by a.posted_before desc limit ${HOME_TAG_AUTHORS_READ} offset 0) a where ${shown('a.author_id')} limit ${shownMost})`;
  return `with tag_walked as materialized (${walked(from, count)}),
    -- The walk came to its last post without keeping enough: rank the authors instead.
    tag_ranked as materialized (
      select exists (select from tag_walked where last) and (select count(*) from tag_walked where kept) < ${count} as yes),
    tag_author_heads as materialized (
      select k.created_at from ${authorsByBound(from, `2 * ${count}`, boundedPastCursor)} a
      cross join lateral (${newestOf('a.author_id', '1', from)}) k),
    -- The count-th newest head of the first 2 x count: a head older than its bound (a newer post with the tag
    -- since deleted or edited) does not drag the floor down, as the repost floor's.
    tag_author_floor as materialized (
      select greatest(coalesce((select h.created_at from tag_author_heads h order by h.created_at desc offset ${count} - 1 limit 1),
        '-infinity'), ${from}) as at),
    -- Of the authors bounded at or above the floor, the first FEED_RANK_MOST the reader sees: more only when
    -- bounds outlived their posts or many posted since the cursor, and the page then takes the newest of these.
    tag_ranked_heads as materialized (
      select a.author_id, k.created_at, k.post_id from ${authorsByBound('(select at from tag_author_floor)', String(FEED_RANK_MOST), '')} a
      cross join lateral (${newestOf('a.author_id', '1', from)}) k
      ${newestFirst('k')} limit ${count}),
    tag_heads_floor as materialized (
      select greatest(case when count(*) >= ${count} then min(created_at) else '-infinity' end, ${from}) as at from tag_ranked_heads)
    select w.created_at, w.post_id from tag_walked w where w.kept and not ${ranking}
    union all
    (select k.created_at, k.post_id from tag_ranked_heads hd
      cross join lateral (${newestOf('hd.author_id', count, '(select at from tag_heads_floor)')}) k ${newestFirst('k')} limit ${count})`;
}

/**
 * The ids of a home page's items as `(id, at, reposter)`: the newest `limit` items older than
 * `cursor` (key `(at, post id)`), for the reader `s.user_id`. Each source takes at most `limit`,
 * the reposts first, since they are the newest when users repost much:
 * - followed reposters: a walk of the newest HOME_REPOST_WALK reposts, each probed on the follows
 *   key; when it finds fewer than `limit`, the reader's follows in repost bound order
 *   (follows.repost_bound, as feedPage reads author_bound): the `limit`-th newest of the kept
 *   reposts (heads) of the first 2 x `limit` bounded ones gives a floor, a user bounded at or below
 *   it has nothing as new; of
 *   those bounded above it, the `limit` newest heads, and the kept reposts at or above the
 *   `limit`-th newest head of those users whose head is (each kept repost is its post's only one,
 *   so the heads are distinct posts);
 * - the `limit`-th newest of those is a floor for the others (`notBefore`): no older item can be on
 *   the page;
 * - followed tags: each tag's newest kept post at or above it (one probe per tag, tagHead), then the
 *   tags' kept posts at or above the `limit`-th newest distinct post among those heads (tagPosts);
 * - followed authors: the feed's page (feedPage), less the posts a followed user reposted, none
 *   older than the floor.
 */
function homeItemIds(cursor: FeedCursor | undefined, limit: string, viewer: Viewer | undefined): string {
  const FOLLOWED = followedBy(viewer);
  const past = (at: string, id: string) => (cursor === undefined ? '' : `and (${at}, ${id}) < ${cursor.key}`);
  const notBefore = '(select at from repost_floor)';
  // The repost floor is the limit-th newest head of the first 2 x limit bounded follows (a head older than its
  // bound, its newest repost superseded by another followed user's, does not drag it down). Unbounded ones
  // ('infinity', first in that order) are above any floor anyway. A user bounded at or below the cursor's
  // instant has only reposts past the cursor: their head is their newest.
  const boundedPastCursor = cursor === undefined ? '' : `and r.repost_bound <= ${cursor.at}`;
  const keptRepost = (r: string) =>
    `${past(`${r}.created_at`, `${r}.post_id`)} and ${newestFollowedRepost(viewer, r)} and ${shownPostAuthor(viewer, `${r}.post_id`)}`;
  const newestRepostsOf = (user: string, count: string, from = "'-infinity'") =>
    `select x.post_id, x.created_at, x.user_id from reposts x where x.user_id = ${user} and x.created_at >= ${from} ${keptRepost('x')}
     order by x.created_at desc, x.post_id desc limit ${count}`;
  const authored = feedPage(cursor, limit, viewer, {
    keep: (p) => notRepostedByFollowed(viewer, `${p}.id`, `${p}.created_at`),
    notBefore,
  });
  return `(with ${FOLLOW_COUNT},
    walked as materialized (
      select w.post_id, w.created_at, w.user_id from (
        -- The followed users' reposts first (offset 0 keeps the other checks above): only they are looked into further.
        select wr.* from (select x.post_id, x.created_at, x.user_id, x.id from reposts x
          where (select n from home_follow_count) > 0 ${past('x.created_at', 'x.post_id')}
          order by x.created_at desc, x.post_id desc limit ${HOME_REPOST_WALK}) wr
        where ${walkedFollowed(viewer, 'wr.user_id')} offset 0) w
      where ${newestFollowedRepost(viewer, 'w')} and ${shownPostAuthor(viewer, 'w.post_id')}
      order by w.created_at desc, w.post_id desc limit ${limit}),
    repost_floor_heads as materialized (
      select k.created_at from ${FOLLOWED} r cross join lateral (${newestRepostsOf('r.followed_id', '1')}) k
      where (select count(*) from walked) < ${limit} and r.repost_bound > '-infinity' and r.repost_bound < 'infinity' ${boundedPastCursor}
      order by r.repost_bound desc limit 2 * ${limit}),
    repost_heads as materialized (
      select r.followed_id, k.created_at from ${FOLLOWED} r cross join lateral (${newestRepostsOf('r.followed_id', '1')}) k
      where (select count(*) from walked) < ${limit} and r.repost_bound > (
        select coalesce((select h.created_at from repost_floor_heads h order by h.created_at desc offset ${limit} - 1 limit 1), '-infinity'))
      order by k.created_at desc, k.post_id desc limit ${limit}),
    heads_floor as materialized (
      select case when count(*) >= ${limit} then min(created_at) else '-infinity' end as at from repost_heads),
    reposted as materialized (
      select * from walked where (select count(*) from walked) >= ${limit}
      union all
      (select k.* from repost_heads hd cross join lateral (${newestRepostsOf('hd.followed_id', limit, '(select at from heads_floor)')}) k
        order by k.created_at desc, k.post_id desc limit ${limit})),
    repost_floor as materialized (
      select case when count(*) >= ${limit} then min(created_at) else '-infinity' end as at from reposted),
    tag_heads as materialized (
      select tf.tag, k.created_at, k.post_id from tag_follows tf cross join lateral (${tagHead('tf.tag', notBefore, cursor, viewer)}) k
      where tf.user_id = s.user_id),
    tag_floor as materialized (
      select greatest(coalesce((select h.created_at from (select distinct post_id, created_at from tag_heads where post_id is not null) h
        order by h.created_at desc offset ${limit} - 1 limit 1), '-infinity'), ${notBefore}) as at),
    tag_items as materialized (
      select k.post_id, k.created_at from tag_heads th cross join lateral (${tagPosts('th.tag', '(select at from tag_floor)', limit, cursor, viewer)}) k
      where th.created_at >= (select at from tag_floor))
    select distinct on (u.id) u.id, u.at, u.reposter from (
      select fa.id, fa.created_at as at, null::int as reposter from ${authored} fa
      union all
      select ti.post_id, ti.created_at, null from tag_items ti
      union all
      select rp.post_id, rp.created_at, rp.user_id from reposted rp) u
    order by u.id)`;
}

const pageStatements = new Map<boolean, ReaderStatement>();

/**
 * A page of the home timeline as one JSON array: after the cursor when `after` (its milliseconds
 * and post id, values $3 and $4), at most `limit` items (the last value).
 */
export function homePageStatement(after: boolean): ReaderStatement {
  let statement = pageStatements.get(after);
  if (!statement) {
    const cursor: FeedCursor | undefined = after
      ? { key: `(${instantOfMilliseconds('$3')}, $4::int)`, at: instantOfMilliseconds('$3') }
      : undefined;
    const limit = after ? '$5' : '$3';
    const page = (viewer: Viewer | undefined) => {
      const ordered = `(select hp.*, i.at as home_at, i.reposter as home_reposter
        from (select * from ${homeItemIds(cursor, limit, viewer)} ii order by ii.at desc, ii.id desc limit ${limit}) i
        join posts hp on hp.id = i.id order by i.at desc, i.id desc)`;
      return `${homeItemsArray('p', ordered, { me: 's.user_id', viewer })}::text`;
    };
    statement = readerStatement(`posts_home${after ? '_before' : ''}_limit`, page);
    pageStatements.set(after, statement);
  }
  return statement;
}

/** A page of the reader's home timeline (see homePageStatement). */
export async function listHomeFor(
  scope: SessionScope,
  { limit, before }: { limit: number; before?: string | undefined },
): Promise<HomeItem[]> {
  const statement = homePageStatement(before !== undefined);
  const values = before === undefined ? [limit] : [...cursorValues(before), limit];
  return jsonValue<HomeItem[]>(await runForReader<string>(scope, statement, values), scope.jsonAsText);
}

/**
 * The whole home timeline (or what follows `before`), as rows of one `json` column in its order,
 * at most `limit` when given: every occurrence of the three sources at once (each a bitmap of the
 * reader's follows or tags), each post kept at its newest, for the REST stream and wholeList.
 */
export function selectHomeList({
  viewerId,
  before,
  limit,
}: {
  viewerId: number;
  before?: string | undefined;
  limit?: number | undefined;
}): DriverStatement {
  const values = new StatementValues();
  const viewer = viewerById(values.add(viewerId));
  const followed = `array(select f.followed_id from follows f where f.follower_id = ${viewer.id} and ${shownAuthor(viewer, 'f.followed_id')})`;
  const cursor = before === undefined ? undefined : cursorValues(before);
  const past =
    cursor === undefined
      ? ''
      : `where (i.at, i.id) < (${instantOfMilliseconds(values.add(cursor[0]))}, ${values.add(cursor[1])}::int)`;
  const page = limit === undefined ? '' : `limit ${values.add(limit)}`;
  const text = `with occurrences as (
      select p.id, p.created_at as at, null::int as reposter, null::int as rid from posts p where p.author_id = any(${followed})
      union all
      select t.post_id, t.created_at, null, null from post_tags t
      where t.tag = any(array(select tf.tag from tag_follows tf where tf.user_id = ${viewer.id})) and ${shownAuthor(viewer, 't.author_id')}
      union all
      select r.post_id, r.created_at, r.user_id, r.id from reposts r
      where r.user_id = any(${followed}) and ${shownPostAuthor(viewer, 'r.post_id')}),
    items as (select distinct on (o.id) o.id, o.at, o.reposter from occurrences o order by o.id, o.at desc, o.rid desc nulls last)
    select ${homeItemJson('p', { me: viewer.id, viewer })}::text as json from (
      select hp.*, i.at as home_at, i.reposter as home_reposter from items i join posts hp on hp.id = i.id ${past}
      order by i.at desc, i.id desc ${page}) p
    order by p.home_at desc, p.id desc`;
  return { text, values: values.values };
}

// The page statements made as the module loads, as every other named statement is (npm run db:statements).
for (const after of [false, true]) homePageStatement(after);
