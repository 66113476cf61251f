import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import type { Config } from '../platform/config.js';
import { notificationJson, shownNotification } from '../notifications/notifications.queries.js';
import { shownAuthor, viewerRow } from '../viewer/safety.sql.js';
import { namedStatement, runStatement, type Statement } from '../db/sql.js';
import { OPEN_SESSION, runForSession, sessionIsOpen, type SessionScope } from '../viewer/session.js';
import { homeCursorOf, homeItemJson, instantOfMilliseconds, postJson } from '../posts/posts.sql.js';
import { PREVIEW_ITEMS } from '../posts/posts.schemas.js';
import { type Liked, markedRows, SharedAnswer } from '../posts/shared-answers.js';

/** Who a stream is for: a user, the session it lives and dies with, and when that session expires. */
export interface StreamUser {
  userId: number;
  jti: string;
  expiresAtMs: number;
}

export type LiveKind = 'feed' | 'notifications' | 'home';

/**
 * One event: the post's or notification's id and its JSON, as the list operations show it. A home
 * timeline's event is a post's or a repost's (one sequence), and goes out as its item's `cursor`.
 */
export interface LiveEvent {
  id: number;
  json: string;
  cursor?: string;
}

/** A batch of a replay: ids above `afterId`, up to `throughId`, at most `limit` of them. */
export interface ReplayRange {
  afterId: number;
  throughId: number;
  limit: number;
}

const callerColumns = (s: string) => `${s}.user_id, ${s}.jti, (extract(epoch from ${s}.expires_at) * 1000)::float8`;

const toCaller = ([userId, jti, expiresAtMs]: unknown[]): StreamUser => ({
  userId: userId as number,
  jti: jti as string,
  expiresAtMs: expiresAtMs as number,
});

const STREAM_SESSION = namedStatement('live_session', `select ${callerColumns('s')} from ${OPEN_SESSION}`);

/** The caller's open session, with its expiry; 401 when it has ended. */
export async function getStreamUserFor(scope: SessionScope): Promise<StreamUser> {
  return toCaller(await runForSession(scope, STREAM_SESSION, []));
}

export const TICKET_TTL_SECONDS = 60;

const CREATE_TICKET = namedStatement(
  'live_ticket_create',
  `insert into live_tickets (hash, session_jti, expires_at)
    select $3, s.jti, least(s.expires_at, now() + interval '${TICKET_TTL_SECONDS} seconds') from ${OPEN_SESSION}
    returning 1`,
);

/** Stores a ticket (its hash) for the caller's session; 401 when that session has ended. */
export async function insertTicketFor(scope: SessionScope, hash: string): Promise<void> {
  await runForSession(scope, CREATE_TICKET, [hash]);
}

// Deleted whether or not it is still valid: a ticket is used once, at most.
const REDEEM_TICKET = namedStatement(
  'live_ticket_redeem',
  `with t as (delete from live_tickets where hash = $1 returning session_jti, expires_at)
    select ${callerColumns('s')} from t join sessions s on s.jti = t.session_jti
    where t.expires_at > now() and ${sessionIsOpen('s')}`,
);

/** The caller a ticket names, consuming it (one statement, so two redemptions cannot both win). */
export async function deleteTicket(orm: MikroORM, hash: string): Promise<StreamUser | null> {
  const [row] = await runStatement(orm, REDEEM_TICKET, [hash]);
  return row ? toCaller(row) : null;
}

const DELETE_EXPIRED_TICKETS = namedStatement(
  'live_ticket_delete_expired',
  'delete from live_tickets where expires_at < now()',
);

export function deleteExpiredTickets(orm: MikroORM): Promise<unknown> {
  return runStatement(orm, DELETE_EXPIRED_TICKETS, []);
}

// Run on a listener's own connection (its backend pid is the registration). Registrations whose
// backend is gone (a process killed) are removed on the way.
const REGISTER_LISTENER = `with gone as (delete from live_listeners where pid <> all (array(select pid from pg_stat_activity)))
  insert into live_listeners (pid) values (pg_backend_pid()) on conflict do nothing`;

/** Registers the LISTEN connection `client`: from its commit on, the NOTIFY triggers send (see LiveListenerEntity). */
export async function insertListener(client: pg.Client): Promise<void> {
  await client.query(REGISTER_LISTENER);
}

/** Ends the registration of the LISTEN connection `client`. */
export async function deleteListener(client: pg.Client): Promise<void> {
  await client.query('delete from live_listeners where pid = pg_backend_pid()');
}

// Sequences hand ids out before commit (and in cache 1, so the last value is the last id taken).
const LAST_IDS_TAKEN = namedStatement(
  'live_last_ids_taken',
  `select coalesce(pg_sequence_last_value(pg_get_serial_sequence('posts', 'id')::regclass), 0)::int,
    coalesce(pg_sequence_last_value(pg_get_serial_sequence('notifications', 'id')::regclass), 0)::int`,
);

/** The last id each kind's sequence has handed out, committed or not: ids above it are still to come. */
export async function getLastIdsTaken(orm: MikroORM): Promise<Record<LiveKind, number>> {
  const [[feed, notifications]] = (await runStatement(orm, LAST_IDS_TAKEN, [])) as [[number, number]];
  // Reposts take their ids from the posts' sequence: the home timeline's order is the feed's.
  return { feed, notifications, home: feed };
}

// With no list, the write transactions in progress now in this database; with a list, those of it
// still in progress. `$2` lists transactions not to wait for. It reads every backend's transaction
// id, not a snapshot's list: a snapshot leaves out ids at or above its xmax, and a writer that
// took its transaction id after a committed writer did (so above every committed one) can still
// hold a lower post id. Every transaction running now is at or above this snapshot's xmin, which
// gives a backend's 32-bit id its epoch. Any role sees every backend's transaction id.
const TRANSACTIONS_IN_PROGRESS = namedStatement(
  'live_transactions_in_progress',
  `with base as (select pg_snapshot_xmin(pg_current_snapshot())::text::int8 as xmin)
    select coalesce(array_agg(x::text), '{}') from unnest(coalesce($1::xid8[], array(
      select (base.xmin + ((a.backend_xid::text::int8 - base.xmin) % 4294967296 + 4294967296) % 4294967296)::text::xid8
      from base, pg_stat_get_activity(null) a
      where a.backend_xid is not null and a.datid = (select oid from pg_database where datname = current_database())))) x
    where pg_xact_status(x) = 'in progress' and x <> all($2::xid8[])`,
);

/** Ids of the write transactions in progress now (`of` omitted), or of those of `of` still in progress. */
export async function listTransactionsInProgress(
  orm: MikroORM,
  of: string[] | null,
  except: string[],
): Promise<string[]> {
  const [[xids]] = (await runStatement(orm, TRANSACTIONS_IN_PROGRESS, [of, except])) as [[string[]]];
  return xids;
}

/**
 * The home timeline's events among the posts `posts` names (a condition on `p`) and the reposts
 * `reposts` names (on `r`), whoever reads them: each the posts row of its item with `home_at`,
 * `home_reposter` (null for a post's own event), its `event_id` and its `cursor`.
 */
const homeEventRows = (posts: string, reposts: string) =>
  `select hp.*, ev.at as home_at, ev.reposter as home_reposter, ev.event_id, ${homeCursorOf('ev.at', 'hp.id')} as cursor
    from (
      select p.id as event_id, p.id as post_id, p.created_at as at, null::int as reposter from posts p where ${posts}
      union all
      select r.id, r.post_id, r.created_at, r.user_id from reposts r where ${reposts}
    ) ev join posts hp on hp.id = ev.post_id`;

/**
 * The event `e` (homeEventRows) is in the home timeline of the reader whose users row is `vw`: a
 * post by an author they follow or with a tag they follow, a repost by a user they follow; blocks
 * and mutes as in the lists. The delivery, a replay's sources and its batch all keep what this keeps.
 */
const inHomeOf = (vw: string, e: string) => {
  const viewer = viewerRow(vw);
  // One probe of the follows key per reader: an EXISTS the planner may hash into a read of every follower.
  const follows = (user: string) =>
    `coalesce((select true from follows hf where hf.follower_id = ${vw}.id and hf.followed_id = ${user}), false)`;
  return `${shownAuthor(viewer, `${e}.author_id`)} and case when ${e}.home_reposter is null
    then ${follows(`${e}.author_id`)}
      or exists (select from post_tags ht join tag_follows htf on htf.tag = ht.tag and htf.user_id = ${vw}.id where ht.post_id = ${e}.id)
    else ${follows(`${e}.home_reposter`)} and ${shownAuthor(viewer, `${e}.home_reposter`)} end`;
};

// As the lists show them to the reader $1 (`vw`): blocks and mutes as there (docs/safety.md).
const reader = viewerRow('vw');

/** A replay's range at most this many ids long is read whole, by id: cheaper than a probe per follow. */
export const REPLAY_WALK = 100;

/**
 * One kind of thing a reader follows, whose events a replay reads: `of`, the reader's (`vw`) ones as
 * `src` that can have events past `$2` (a followed user bounded at or before `since` has none);
 * `events`, one's events past `$2` up to `through` that the reader's stream holds, in id
 * order, at most `count`: one range of an index, a row comparison on its two columns so that no
 * generic plan takes the primary key's range instead.
 */
interface ReplaySource {
  of: string;
  events: (src: string, through: string, count: string) => string;
}

// A range of follows_follower_bound_index or follows_follower_repost_bound_index (`bound` is the
// column): the follows whose user may have posted or reposted since, however many others there are.
const followedSince = (bound: 'author_bound' | 'repost_bound') =>
  `select f.followed_id as src from follows f
    where f.follower_id = vw.id and f.${bound} > (select sn.at from since sn) and ${shownAuthor(reader, 'f.followed_id')}`;
const followedAuthors = followedSince('author_bound');
const afterUpTo = (key: string, src: string, through: string) =>
  `(${key}) > (${src}, $2) and (${key}) <= (${src}, ${through})`;
// The feed's rule is the source's: a followed author the reader is shown.
const feedPostsBy: ReplaySource = {
  of: followedAuthors,
  events: (src, through, count) => `select x.id from posts x
    where x.author_id = ${src} and ${afterUpTo('x.author_id, x.id', src, through)} order by x.id limit ${count}`,
};
/*
 * The home timeline's sources look where its events can be; what they keep is inHomeOf's, on the
 * event's (id, author_id, home_reposter) as homeEventRows gives them, so a batch never comes up
 * short on an event the statement then leaves out (a short batch ends the replay).
 */
const homePostsBy: ReplaySource = {
  of: followedAuthors,
  events: (src, through, count) => `select x.id from posts x
    cross join lateral (select x.id, x.author_id, null::int as home_reposter) he
    where x.author_id = ${src} and ${afterUpTo('x.author_id, x.id', src, through)} and ${inHomeOf('vw', 'he')}
    order by x.id limit ${count}`,
};
const homePostsTagged: ReplaySource = {
  of: 'select tf.tag as src from tag_follows tf where tf.user_id = vw.id',
  events: (src, through, count) => `select t.post_id as id from post_tags t
    cross join lateral (select t.post_id as id, t.author_id, null::int as home_reposter) he
    where t.tag = ${src} and ${afterUpTo('t.tag, t.post_id', src, through)} and ${inHomeOf('vw', 'he')}
    order by t.post_id limit ${count}`,
};
const homeRepostsBy: ReplaySource = {
  of: followedSince('repost_bound'),
  events: (src, through, count) => `select r.id from reposts r join posts rp on rp.id = r.post_id
    cross join lateral (select rp.id, rp.author_id, r.user_id as home_reposter) he
    where r.user_id = ${src} and ${afterUpTo('r.user_id, r.id', src, through)} and ${inHomeOf('vw', 'he')}
    order by r.id limit ${count}`,
};

/**
 * The ids a replay's batch is among: the reader `$1`'s first `$4` events past `$2` up to `$3` (a
 * superset when the range is at most REPLAY_WALK ids: then every id of it). Otherwise read off the
 * sources, never the posts between: each source's first event (its head, one probe) is taken; the
 * `$4`-th lowest head is a ceiling the batch's events are at or below, so only the sources whose head
 * is at or below it have their events up to it read, `$4` each at most.
 *
 * `since`: every event past `$2` began after it, so a followed user bounded at or before it
 * (follows.author_bound, repost_bound: no post or repost of theirs begun at or after the bound) has
 * none. An event past `$2` took its id after the newest event at or below `$2` took its own, so
 * began (`created_at`, its statement's start) less than `$5` (longestWriteMs) before that one
 * began; 1 ms more for `created_at`'s rounding to milliseconds (docs/live-delivery.md).
 */
function replayIds(sources: ReplaySource[]): string {
  const long = `$3::int - $2::int > ${REPLAY_WALK}`;
  const heads = sources.map(
    ({ of, events }, i) => `h${i} as materialized (select s.src, h.id from users vw cross join lateral (${of}) s
      cross join lateral (${events('s.src', '$3', '1')}) h where vw.id = $1 and ${long})`,
  );
  const ceiling = `(select c.id from ceiling c)`;
  const taken = sources.map(
    ({ events }, i) => `select k.id from users vw, h${i} hd cross join lateral (${events('hd.src', ceiling, '$4')}) k
      where vw.id = $1 and hd.id <= ${ceiling}`,
  );
  const since = `since as materialized (select coalesce(greatest(
      (select p.created_at from posts p where p.id <= $2 order by p.id desc limit 1),
      (select r.created_at from reposts r where r.id <= $2 order by r.id desc limit 1)), '-infinity')
      - ($5::int + 1) * interval '1 millisecond' as at)`;
  return `select g.id from generate_series($2::int + 1, $3::int) g(id) where not (${long})
    union all
    (with ${since},
    ${heads.join(',\n    ')},
      ceiling as materialized (select case when count(*) >= $4 then max(c.id) else $3 end as id
        from (select distinct hs.id from (${sources.map((_, i) => `select id from h${i}`).join(' union all ')}) hs order by hs.id limit $4) c)
    select distinct t.id from (${taken.join(' union all ')}) t order by t.id limit $4)`;
}

const AFTER: Record<LiveKind, Statement> = {
  feed: namedStatement(
    'live_feed_after',
    `with replay as materialized (select array(${replayIds([feedPostsBy])}) as ids),
      rp as materialized (select * from posts rp where rp.id = any((select ids from replay)::int[]))
    select p.id, ${postJson('p', { me: 'vw.id', viewer: reader })}::text from users vw, rp p
      where vw.id = $1 and p.author_id in (select f.followed_id from follows f where f.follower_id = $1)
        and ${shownAuthor(reader, 'p.author_id')} and p.id > $2 and p.id <= $3
      order by p.id limit $4`,
  ),
  home: namedStatement(
    'live_home_after',
    `with replay as materialized (select array(${replayIds([homePostsBy, homePostsTagged, homeRepostsBy])}) as ids)
    select e.event_id, ${homeItemJson('e', { me: 'vw.id', viewer: reader })}::text, e.cursor
      from users vw, (${homeEventRows('p.id = any((select ids from replay)::int[])', 'r.id = any((select ids from replay)::int[])')}) e
      where vw.id = $1 and e.event_id > $2 and e.event_id <= $3 and ${inHomeOf('vw', 'e')} order by e.event_id limit $4`,
  ),
  notifications: namedStatement(
    'live_notifications_after',
    `select n.id, ${notificationJson('n')}::text from users vw, notifications n
      where vw.id = $1 and n.recipient_id = $1 and ${shownNotification('n', reader)} and n.id > $2 and n.id <= $3
      order by n.id limit $4`,
  ),
};

/**
 * The longest a write of a post or repost can take from its start (`created_at`) to taking its id:
 * each is one statement, which PostgreSQL ends at the statement timeout; at least the settle wait,
 * past which the live streams pass a writer anyway.
 */
export const longestWriteMs = (config: Pick<Config, 'DB_STATEMENT_TIMEOUT_MS' | 'LIVE_SETTLE_MAX_WAIT_MS'>) =>
  Math.max(config.DB_STATEMENT_TIMEOUT_MS, config.LIVE_SETTLE_MAX_WAIT_MS);

/**
 * What the user's stream holds after `afterId` up to `throughId`, oldest first, at most `limit`: a
 * replay's batch. `writeMs` is longestWriteMs.
 */
export async function listEventsAfter(
  orm: MikroORM,
  kind: LiveKind,
  userId: number,
  { afterId, throughId, limit }: ReplayRange,
  writeMs: number,
): Promise<LiveEvent[]> {
  const range = [userId, afterId, throughId, limit];
  const rows = await runStatement(orm, AFTER[kind], kind === 'notifications' ? range : [...range, writeMs]);
  return rows.map(([id, json, cursor]) => ({
    id: id as number,
    json: json as string,
    ...(kind === 'home' && { cursor: cursor as string }),
  }));
}

/**
 * What of the post `p` is the readers' own, for those of `$2` (the readers on this process): who
 * likes it, who likes which of its preview comments, who reposted and who bookmarked it. Five
 * columns, with the lateral join `cl` (readerStatesJoin) in the FROM.
 */
const readerStates = (p: string) => {
  const readersOf = (kind: 'p' | 'r' | 'b') =>
    `array(${markedRows(kind, { users: '= any($2::int[])', items: `= ${p}.id` }, (user) => user)})`;
  return `${readersOf('p')}, cl.users, cl.comments, ${readersOf('r')}, ${readersOf('b')}`;
};
const readerStatesJoin = (p: string) => `cross join lateral (
      ${markedRows(
        'c',
        {
          users: '= any($2::int[])',
          items: `in (select c.id from comments c where c.post_id = ${p}.id order by c.created_at desc, c.id desc limit ${PREVIEW_ITEMS})`,
        },
        (user, item) => `coalesce(array_agg(${user}), '{}') as users, coalesce(array_agg(${item}), '{}') as comments`,
      )}
    ) cl`;

/**
 * A statement's rows of one shared JSON each (`postId`, `json` built with markers, the `readers` it
 * goes to, then readerStates), or of one JSON built for one reader (its reader states null): each
 * as the events, one per JSON, and the readers each goes to, with their own likes, reposts and
 * bookmarks filled in (posts/shared-answers.ts).
 */
function fillShared<E>(
  [postId, readers, json, postLikers, commentLikers, likedComments, reposters, bookmarkers]: unknown[],
  event: (json: string) => E,
): { event: E; readers: number[] }[] {
  if (postLikers === null) return [{ event: event(json as string), readers: readers as number[] }];
  const shared = new SharedAnswer(json as string);
  const liked = new Map<number, { [K in keyof Liked]: Set<number> }>();
  const likesOf = (user: number) =>
    liked.get(user) ??
    liked.set(user, { posts: new Set(), comments: new Set(), reposted: new Set(), bookmarked: new Set() }).get(user)!;
  const post = postId as number;
  for (const user of postLikers as number[]) likesOf(user).posts.add(post);
  for (const user of reposters as number[]) likesOf(user).reposted.add(post);
  for (const user of bookmarkers as number[]) likesOf(user).bookmarked.add(post);
  (commentLikers as number[]).forEach((user, i) => likesOf(user).comments.add((likedComments as number[])[i]!));
  return [
    { event: event(shared.own()), readers: (readers as number[]).filter((user) => !liked.has(user)) },
    ...(readers as number[])
      .filter((user) => liked.has(user))
      .map((user) => ({ event: event(shared.for(liked.get(user)!)), readers: [user] })),
  ];
}

/*
 * Read when the post's message is heard, so a block or mute written before then holds on every
 * process. A post's JSON is built once (and only when a reader here gets it), with markers for `likedByMe`, `repostedByMe` and
 * `bookmarkedByMe`, for its followers who are on no side of any block: each gets it with their own
 * likes of the post and of its preview comments, reposts and bookmarks filled in (a repost or
 * bookmark may come before the post is heard). A follower with blocks gets it built for them,
 * without the likers and comments of users across a block.
 */
const follower = viewerRow('fu');

/**
 * The readers of `$2` who follow `author`, from the smaller side: the author's followers among them
 * while they are no more than the readers, else one probe of the follows key per reader. Never a read
 * of every follower of a user millions follow, for each of their posts, on every process.
 */
const readersFollowing = (author: string) =>
  `case when coalesce((select us.follower_count from user_stats us where us.user_id = ${author}), 0) <= cardinality($2::int[])
    then array(select f.follower_id from follows f where f.followed_id = ${author} and f.follower_id = any($2::int[]))
    else array(select r.id from unnest($2::int[]) r(id)
      where coalesce((select true from follows f where f.follower_id = r.id and f.followed_id = ${author}), false)) end`;
// Read once per post (`rf`), for the readers without blocks and those with them alike.
const seen = `fu.id = any(rf.ids) and ${shownAuthor(follower, 'p.author_id')}`;
const POSTS_FOR_FOLLOWERS = namedStatement(
  'live_posts_for_followers',
  `with rf as materialized (select p.id, ${readersFollowing('p.author_id')} as ids from posts p where p.id = any($1::int[]))
    select p.id, p.id, m.readers, ${postJson('p', { me: 'null', markers: true })}::text, ${readerStates('p')}
    from rf join posts p on p.id = rf.id cross join lateral (
      select array(select fu.id from users fu where ${seen} and fu.block_count = 0) as readers
    ) m ${readerStatesJoin('p')}
    where cardinality(m.readers) > 0
    union all
    select p.id, p.id, array[fu.id], ${postJson('p', { me: 'fu.id', viewer: follower })}::text, null, null, null, null, null
    from rf join posts p on p.id = rf.id join users fu on ${seen}
    where fu.block_count > 0
    order by 1`,
);

/** New posts, each with those of `followerIds` who follow its author (and see it): one statement for a batch. */
export async function listPostsForFollowers(orm: MikroORM, postIds: number[], followerIds: number[]) {
  const rows = await runStatement(orm, POSTS_FOR_FOLLOWERS, [postIds, followerIds]);
  return rows.flatMap(([id, ...row]) =>
    fillShared(row, (json) => ({ id: id as number, json })).map(({ event, readers }) => ({
      event,
      followers: readers,
    })),
  );
}

/*
 * Read when heard, for the readers of `$2` with a home stream: the new posts and reposts of `$1`
 * that are in their home timeline. As for the feed, each event's JSON is built once for the readers
 * without blocks, and for each reader with blocks on their own.
 */
const homeReader = viewerRow('vw');
const HOME_EVENTS_FOR_READERS = namedStatement(
  'live_home_for_readers',
  `select e.event_id, e.cursor, e.id, m.readers, ${homeItemJson('e', { me: 'null', markers: true })}::text, ${readerStates('e')}
    from (${homeEventRows('p.id = any($1::int[])', 'r.id = any($1::int[])')}) e cross join lateral (
      select array(select vw.id from users vw where vw.id = any($2::int[]) and vw.block_count = 0 and ${inHomeOf('vw', 'e')}) as readers
    ) m ${readerStatesJoin('e')}
    where cardinality(m.readers) > 0
    union all
    select e.event_id, e.cursor, e.id, array[vw.id], ${homeItemJson('e', { me: 'vw.id', viewer: homeReader })}::text,
      null, null, null, null, null
    from users vw, (${homeEventRows('p.id = any($1::int[])', 'r.id = any($1::int[])')}) e
    where vw.id = any($2::int[]) and vw.block_count > 0 and ${inHomeOf('vw', 'e')}
    order by 1`,
);

/** New posts and reposts (ids of the posts' sequence), each with the home-stream readers it is for. */
export async function listHomeEventsForReaders(orm: MikroORM, ids: number[], readerIds: number[]) {
  const rows = await runStatement(orm, HOME_EVENTS_FOR_READERS, [ids, readerIds]);
  return rows.flatMap(([id, cursor, ...row]) =>
    fillShared(row, (json) => ({ id: id as number, json, cursor: cursor as string })),
  );
}

const instant = instantOfMilliseconds('$1');
const HOME_EVENT_AT = namedStatement(
  'live_home_event_at',
  `with hit as (select coalesce(
      (select max(r.id) from reposts r where r.post_id = $2 and r.created_at = ${instant}),
      (select p.id from posts p where p.id = $2 and p.created_at = ${instant})) as id),
    base as (select coalesce(hit.id, greatest(
        (select p.id from posts p where p.created_at <= ${instant} order by p.created_at desc, p.id desc limit 1),
        (select r.id from reposts r where r.created_at <= ${instant} order by r.created_at desc, r.post_id desc limit 1)),
      0) as id, hit.id is null as gone from hit),
    edge as (select b.id, b.id + b.gone::int as below, ${instant} - $3::int * interval '1 millisecond' as since,
      ${instant} + $3::int * interval '1 millisecond' as until from base b)
    select least(e.id, least(
      (select min(w.id) from (select p.id from posts p where p.created_at > e.since and p.created_at <= e.until offset 0) w
        where w.id < e.below),
      (select min(w.id) from (select r.id from reposts r where r.created_at > e.since and r.created_at <= e.until offset 0) w
        where w.id < e.below)) - 1)
    from edge e`,
);

/**
 * The event a home item's cursor (`<milliseconds>_<post id>`) stands for: the repost of that post
 * at that instant, else the post; when neither is there any more (an unrepost, a deletion), the
 * newest event at or before that instant. A resume goes on after it, or after the last id before
 * any event that began (its `created_at`) within `settleMs` of that instant, either side (read
 * off the created_at indexes, a window whatever the table's size; the fence keeps PostgreSQL
 * from walking the ids instead): one with a lower id
 * may have committed after the client read the item (ids are taken before commit), and a writer
 * open longer than `settleMs` (LIVE_SETTLE_MAX_WAIT_MS) is a straggler the live streams pass too.
 * What the client had of those comes again (at-least-once).
 */
export async function getHomeEventId(
  orm: MikroORM,
  [milliseconds, postId]: [string, number],
  settleMs: number,
): Promise<number> {
  const [[id]] = (await runStatement(orm, HOME_EVENT_AT, [milliseconds, postId, settleMs])) as [[number]];
  return id;
}

// Read when heard: a notification whose recipient has blocked or muted its actor since is not delivered.
const NOTIFICATIONS_BY_ID = namedStatement(
  'live_notifications_by_id',
  `select n.id, n.recipient_id, ${notificationJson('n')}::text from notifications n join users ru on ru.id = n.recipient_id
    where n.id = any($1::int[]) and ${shownNotification('n', viewerRow('ru'))} order by n.id`,
);

export async function listNotificationsById(orm: MikroORM, ids: number[]) {
  const rows = await runStatement(orm, NOTIFICATIONS_BY_ID, [ids]);
  return rows.map(([id, recipient, json]) => ({
    event: { id: id as number, json: json as string },
    recipient: recipient as number,
  }));
}

const OPEN_SESSIONS = namedStatement(
  'live_open_sessions',
  `select s.jti from sessions s where s.jti = any($1::uuid[]) and ${sessionIsOpen('s')}`,
);

/** Which of these sessions are still open. */
export async function listOpenSessions(orm: MikroORM, jtis: string[]): Promise<Set<string>> {
  const rows = await runStatement(orm, OPEN_SESSIONS, [jtis]);
  return new Set(rows.map(([jti]) => jti as string));
}
