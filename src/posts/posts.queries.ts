import { badRequest, forbidden, notFound } from '../platform/errors.js';
import {
  type Database,
  type DriverStatement,
  findRow,
  keysSettle,
  namedStatement,
  runAfterLock,
  runDriverStatement,
  runRows,
  type Statement,
  StatementValues,
} from '../db/sql.js';
import { runForSession, type SessionScope } from '../viewer/session.js';
import { commentShownTo, likeWritten, type LikeWrite, postJson, type ShareWrite } from './posts.sql.js';
import {
  readerStatement,
  type ReaderStatement,
  readerWrite,
  runReaderWrite,
  SESSION_ROW,
  type WriteParts,
} from '../viewer/reader-statements.js';
import { runShared } from './shared-answers.js';
import { jsonValue } from '../trpc/json-text.js';
import { insertNotification } from '../viewer/notifications.sql.js';
import { noBlockBetween, unblocked, type Viewer, viewerById } from '../viewer/safety.sql.js';
import { tagsOf } from './tags.js';
import { attachableMedia, attachmentsJson, MEDIA_NOT_ATTACHABLE } from '../media/media.queries.js';
import type { Post } from './posts.schemas.js';
import { userSummaryJson } from '../viewer/user-summary.sql.js';
import {
  mentionedHandles,
  mentionWrites,
  POST_EDITS_LOCK,
  POST_MENTIONS,
  writtenMentionsJson,
} from './mentions.sql.js';
import type { UserSummary } from '../viewer/user-summary.schema.js';

/** Posts and their likes: read, write, answer; the likers of a post or comment. */

export const POST_NOT_FOUND = 'Post not found';

/** What a broken key means for this module's writes (keysSettle). */
export const POST_GONE = { foreign: () => notFound(POST_NOT_FOUND) };

export type JsonRow<T> = { json: T };

const POST_JSON = namedStatement(
  'post_json',
  `select ${postJson('p', { me: '$2', viewer: viewerById('$2') })} as json from posts p where p.id = $1`,
);

/** One Post with author, likers and comments (with theirs) as `viewerId` sees them: one statement; or 404. */
export async function getPostById(db: Database, id: number, viewerId: number): Promise<Post> {
  const row = await findRow<JsonRow<Post>>(db, POST_JSON, [id, viewerId]);
  if (!row) throw notFound(POST_NOT_FOUND);
  return row.json;
}

export const POST_SHOWN = namedStatement(
  'post_shown',
  `select 1 from posts p where p.id = $1 and ${noBlockBetween('p.author_id', '$2')}`,
);

/** 404 when there is no such post, or a block stands between its author and the reader. */
export async function assertPostShown(db: Database, id: number, viewerId: number): Promise<void> {
  if ((await runRows(db, POST_SHOWN, [id, viewerId])).length === 0) throw notFound(POST_NOT_FOUND);
}

const POST_AUTHOR = namedStatement(
  'post_author',
  `select author_id, ${noBlockBetween('author_id', '$2::int')} as shown from posts where id = $1`,
);

/**
 * Only a post's author may change or delete it: 404 when there is no such post (or a block hides
 * it from the caller), 403 when it is someone else's.
 */
export async function assertPostAuthor(db: Database, id: number, userId: number): Promise<void> {
  const post = await findRow<{ author_id: number; shown: boolean }>(db, POST_AUTHOR, [id, userId]);
  if (!post?.shown) throw notFound(POST_NOT_FOUND);
  if (post.author_id !== userId) throw forbidden('Only the author may change or delete this post');
}

/** A post's tags as its row holds them ($n: tagsOf's array): null for none. */
const tagsValue = (placeholder: string) => `nullif(${placeholder}::varchar(50)[], '{}')`;

/** A post's mention notifications, for the users of `users` (mentionWrites): the post is `target`. */
const postMentionNotes = (author: string) => (users: string) =>
  `select u.id, 'mention', ${author}, t.id, null::int from ${users} u, target t`;

/** The post's mentions relinked to the content's, in the statement that changes the post (`target`); the caller is $2, the handles `handles`. */
const relinkPostMentions = (handles: string) =>
  mentionWrites(POST_MENTIONS, handles, '$2::int', postMentionNotes('$2::int'), { edit: true });

/*
 * Every edit of a post takes this lock in a statement of its own before the edit's (runAfterLock),
 * so the edit reads what the one before it committed: its mentions, for the quota of notifications
 * (MENTIONS_NOTIFIED_MAX per post, ever) and the relinking; its images. The edit's statement reads
 * under a snapshot taken before its row locks wait, so those could not do. Not the post's row: an
 * edit with images locks them before the post, as PATCH /media/{id} does, and only edits wait here.
 */
const LOCK_POST_EDITS = namedStatement('post_edit_lock', `select pg_advisory_xact_lock(${POST_EDITS_LOCK}, $1::int)`);

// A statement, not a native update: the ORM writes an array as a literal in which a tag spelled null is NULL.
const UPDATE_POST = namedStatement(
  'post_update',
  `with target as (update posts p set title = $3, content = $4, tags = ${tagsValue('$5')} where p.id = $1 and p.author_id = $2 returning p.id),
    ${relinkPostMentions('$6')}
    select count(*)::int as updated from target`,
);

/**
 * Changes the post if `userId` wrote it, its tags re-derived (post_tags follows by trigger) and its
 * mentions relinked (the newly mentioned notified): one statement, once LOCK_POST_EDITS is held.
 * How many rows changed (0: none such, or not theirs).
 */
export async function updatePostAsAuthor(
  db: Database,
  id: number,
  userId: number,
  { title, content }: { title: string; content: string },
): Promise<number> {
  const [row] = await runAfterLock<{ updated: number }>(db, LOCK_POST_EDITS, [id], UPDATE_POST, [
    id,
    userId,
    title,
    content,
    tagsOf(title, content),
    mentionedHandles(content),
  ]);
  return row?.updated ?? 0;
}

/*
 * A post's text and images replaced, once LOCK_POST_EDITS is held: every upload it had or is given is locked first, in id order
 * (the order PATCH /media/{id} takes too: media, then the post), then the post is changed only when
 * each id of $5 is the caller's, ready, and attached to nothing or already to this post. New ones are
 * marked attached; the ones it drops become unattached, for the sweeper. A null answer: none changed.
 */
const UPDATE_POST_WITH_MEDIA = namedStatement(
  'post_update_with_media',
  `with locked as materialized (select md.* from media md
      where md.id = any($5::int[]) or (md.attached_to = 'post' and md.post_id = $1) order by md.id for update of md),
    m as (${attachableMedia('$5::int[]', '$2', 'locked', '$1')}),
    upd as (update posts p set title = $3, content = $4, tags = ${tagsValue('$7')},
        media = case when cardinality($5::int[]) > 0 then ${attachmentsJson('m', '$5::int[]', '$6::text')} end
      where p.id = $1 and p.author_id = $2 and (select count(*) from m) = cardinality($5::int[]) returning p.id),
    attached as (update media md set attached_to = 'post', post_id = upd.id from upd
      where md.id in (select id from m where attached_to is null)),
    dropped as (update media md set attached_to = null, post_id = null from upd
      where md.id in (select id from locked where attached_to = 'post' and post_id = $1 and id <> all($5::int[]))),
    target as (select id from upd),
    ${relinkPostMentions('$8')}
    select id from upd`,
);

/** Replaces the post's text and images if `userId` wrote it (the author was checked): false when some id does not qualify. */
export async function updatePostWithMediaAsAuthor(
  db: Database,
  id: number,
  userId: number,
  { title, content, mediaIds }: { title: string; content: string; mediaIds: number[] },
  mediaUrlBase: string,
): Promise<boolean> {
  const values = [
    id,
    userId,
    title,
    content,
    mediaIds,
    mediaUrlBase,
    tagsOf(title, content),
    mentionedHandles(content),
  ];
  return (await runAfterLock(db, LOCK_POST_EDITS, [id], UPDATE_POST_WITH_MEDIA, values)).length > 0;
}

const DELETE_POST = namedStatement(
  'post_delete',
  `delete from posts where id = $1 and author_id = $2 returning media is not null as "withMedia"`,
);

/**
 * Deletes the post (its comments, likes and uploads by ON DELETE CASCADE) if `userId` wrote it: null
 * when it did not, else whether it had images (their files are then to be deleted).
 */
export const deletePostAsAuthor = (db: Database, id: number, userId: number) =>
  findRow<{ withMedia: boolean }>(db, DELETE_POST, [id, userId]);

/**
 * An empty page is only an error when the cursor names no row the reader sees; only then is it
 * worth a lookup, so a page with rows stays one statement.
 */
export async function assertCursorShown(
  db: Database,
  shown: Statement,
  noun: 'post' | 'comment' | 'bookmarked post',
  before: number | undefined,
  viewerId: number,
): Promise<void> {
  if (before === undefined) return;
  if ((await runRows(db, shown, [before, viewerId])).length === 0) throw badRequest(`before names no ${noun}`);
}

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

export const QUOTED_POST_NOT_FOUND = 'Quoted post not found';

/** What a broken key means for a post's insert: the quoted post deleted meanwhile. */
const QUOTED_GONE = { foreign: () => notFound(QUOTED_POST_NOT_FOUND) };

/**
 * The post a new post quotes ($n), as a CTE `q`: when it exists and no block stands between its
 * author and the writer. The insert goes ahead only with it, and its author is notified in the same
 * statement.
 */
const quoted = (quoteOf: string) =>
  `q as (select qp.id, qp.author_id from posts qp, s where qp.id = ${quoteOf} and ${noBlockBetween('qp.author_id', 's.user_id')})`;
const quoteNoted = insertNotification(`select q.author_id, 'quote', ins.author_id, ins.id, null::int from q, ins`);

/** A new post's mentions, linked and notified in the statement that writes it (`ins`); the handles `handles`. */
const linkPostMentions = (handles: string) =>
  `target as (select ins.id from ins),
    ${mentionWrites(POST_MENTIONS, handles, '(select user_id from s)', postMentionNotes('(select user_id from s)'), { edit: false })}`;

/** What a new post has beside its text and tags: each is a part of its statement only when it does. */
interface NewPostParts {
  media: boolean;
  quote: boolean;
  mentions: boolean;
}

const createStatements = new Map<string, Statement>();

/**
 * The statement that inserts the caller's post and answers it as the API shows it. Values: the
 * session ($1, $2), title, content and tags, then the images' ids and URL base (`media`), the quoted
 * post (`quote`) and the mentioned handles (`mentions`), each only when the post has them.
 *
 * With images, their uploads are locked and the post written only when every one is the caller's,
 * ready and unattached, with their JSON on its row; they are marked attached in the same statement.
 * It answers the post's JSON (null with a session: an image did not qualify, or the quoted post is
 * not there) and whether the quoted post was found.
 */
function createPostStatement(parts: NewPostParts): Statement {
  const name = `post_create${parts.media ? '_with_media' : ''}${parts.quote ? '_quoting' : ''}${parts.mentions ? '_mentioning' : ''}`;
  let statement = createStatements.get(name);
  if (statement) return statement;
  let next = 5;
  const value = () => `$${++next}`;
  const [mediaIds, urlBase] = parts.media ? [`${value()}::int[]`, value()] : [];
  const quoteOf = parts.quote ? value() : undefined;
  const handles = parts.mentions ? value() : undefined;
  const columns = [
    'title',
    'content',
    'author_id',
    'tags',
    ...(mediaIds ? ['media'] : []),
    ...(quoteOf ? ['quote_of_id'] : []),
  ];
  const values = [
    '$3',
    '$4',
    's.user_id',
    tagsValue('$5'),
    ...(mediaIds ? [attachmentsJson('m', mediaIds, `${urlBase}::text`)] : []),
    ...(quoteOf ? [quoteOf] : []),
  ];
  const conditions = [
    mediaIds && `(select count(*) from m) = cardinality(${mediaIds})`,
    quoteOf && 'exists (select from q)',
  ].filter(Boolean);
  const ctes = [
    SESSION_ROW,
    quoteOf && quoted(quoteOf),
    mediaIds && `m as materialized (${attachableMedia(mediaIds, '(select user_id from s)')} for update of md)`,
    `ins as (insert into posts (${columns.join(', ')})
      select ${values.join(', ')} from s ${conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''} returning *)`,
    mediaIds &&
      `attached as (update media md set attached_to = 'post', post_id = ins.id from ins where md.id in (select id from m))`,
    quoteOf && `noted as (${quoteNoted})`,
    handles && linkPostMentions(handles),
  ].filter(Boolean);
  const answer = {
    me: 's.user_id',
    fresh: { quoting: quoteOf !== undefined },
    mentions: handles ? writtenMentionsJson() : `'[]'::json`,
  };
  statement = namedStatement(
    name,
    `with ${ctes.join(',\n    ')}
    select (select ${postJson('ins', answer)} from ins)::text, ${quoteOf ? 'exists (select from q)' : 'true'} from s`,
  );
  createStatements.set(name, statement);
  return statement;
}

/**
 * Inserts the caller's post (with its images, when `mediaIds` names some; quoting `quoteOf`, when
 * given), links and notifies its mentions, and answers it as the API shows it: one statement. 404
 * when the quoted post is not there for the caller (none, deleted, or across a block).
 */
export async function insertPostFor(
  scope: SessionScope,
  {
    title,
    content,
    mediaIds = [],
    quoteOf = null,
  }: { title: string; content: string; mediaIds?: number[]; quoteOf?: number | null },
  mediaUrlBase: string,
): Promise<Post> {
  const handles = mentionedHandles(content);
  const parts = { media: mediaIds.length > 0, quote: quoteOf !== null, mentions: handles.length > 0 };
  const values = [
    title,
    content,
    tagsOf(title, content),
    ...(parts.media ? [mediaIds, mediaUrlBase] : []),
    ...(parts.quote ? [quoteOf] : []),
    ...(parts.mentions ? [handles] : []),
  ];
  const [json, quoteFound] = await keysSettle(
    runForSession<[string | null, boolean]>(scope, createPostStatement(parts), values),
    QUOTED_GONE,
  );
  if (!quoteFound) throw notFound(QUOTED_POST_NOT_FOUND);
  if (json === null) throw badRequest(MEDIA_NOT_ATTACHABLE);
  return jsonValue<Post>(json, scope.jsonAsText);
}

/**
 * A write on post $3 that answers it (readerWrite): the post is `p`, unless a block stands between
 * its author and the caller: 404 (a repost of one's own post is fine).
 */
const postWrite = (name: string, ctes: string, answer: WriteParts['answer']): ReaderStatement =>
  readerWrite(name, 'p', {
    target: `select id, author_id from posts where id = $3 and ${noBlockBetween('author_id', '$2::int')}`,
    ctes,
    answer,
  });

// A statement sees neither its own write nor the counter its trigger moves: the answer adds them.
const likedPost = (viewer: Viewer | undefined, like: LikeWrite) =>
  `(select ${postJson('lp', { me: 's.user_id', viewer, like })} from posts lp where lp.id = $3)::text`;

const LIKE_POST = postWrite(
  'post_like',
  `done as (insert into post_likes (post_id, user_id) select p.id, s.user_id from p, s on conflict do nothing returning user_id),
    noted as (${insertNotification(`select p.author_id, 'post_like', done.user_id, p.id, null::int from p, done`)})`,
  (viewer) => likedPost(viewer, likeWritten('post_likes', 'lp', viewer, true)),
);

const UNLIKE_POST = postWrite(
  'post_unlike',
  `done as (delete from post_likes l using p, s where l.post_id = p.id and l.user_id = s.user_id returning l.user_id)`,
  (viewer) => likedPost(viewer, likeWritten('post_likes', 'lp', viewer, false)),
);

/**
 * Writes the caller's like, repost or bookmark of a post (or takes it back) and answers the post: one
 * statement (runReaderWrite). A double write: 400 `refused`; no such post: 404.
 */
const writeOnPost = (scope: SessionScope, statement: ReaderStatement, id: number, refused: string): Promise<Post> =>
  runReaderWrite<Post>(scope, statement, id, { missing: POST_NOT_FOUND, refused });

export const insertPostLikeFor = (scope: SessionScope, id: number) =>
  writeOnPost(scope, LIKE_POST, id, 'Post already liked');
export const deletePostLikeFor = (scope: SessionScope, id: number) =>
  writeOnPost(scope, UNLIKE_POST, id, 'Post not liked');

// As likedPost: the answer adds the statement's own repost or bookmark.
const sharedPost = (share: ShareWrite) => (viewer: Viewer | undefined) =>
  `(select ${postJson('lp', { me: 's.user_id', viewer, share })} from posts lp where lp.id = $3)::text`;

const REPOST_POST = postWrite(
  'post_repost',
  `done as (insert into reposts (post_id, user_id) select p.id, s.user_id from p, s on conflict do nothing returning user_id),
    noted as (${insertNotification(`select p.author_id, 'repost', done.user_id, p.id, null::int from p, done`)})`,
  sharedPost({ repostDelta: '+ 1', repostedByMe: true }),
);

const UNREPOST_POST = postWrite(
  'post_unrepost',
  `done as (delete from reposts r using p, s where r.post_id = p.id and r.user_id = s.user_id returning r.user_id)`,
  sharedPost({ repostDelta: '- 1', repostedByMe: false }),
);

export const insertRepostFor = (scope: SessionScope, id: number) =>
  writeOnPost(scope, REPOST_POST, id, 'Post already reposted');
export const deleteRepostFor = (scope: SessionScope, id: number) =>
  writeOnPost(scope, UNREPOST_POST, id, 'Post not reposted');

// No notification and no counter: a bookmark is the caller's alone.
const BOOKMARK_POST = postWrite(
  'post_bookmark',
  `done as (insert into bookmarks (user_id, post_id) select s.user_id, p.id from p, s on conflict do nothing returning post_id)`,
  sharedPost({ bookmarkedByMe: true }),
);

const UNBOOKMARK_POST = postWrite(
  'post_unbookmark',
  `done as (delete from bookmarks k using p, s where k.user_id = s.user_id and k.post_id = p.id returning k.post_id)`,
  sharedPost({ bookmarkedByMe: false }),
);

export const insertBookmarkFor = (scope: SessionScope, id: number) =>
  writeOnPost(scope, BOOKMARK_POST, id, 'Post already bookmarked');
export const deleteBookmarkFor = (scope: SessionScope, id: number) =>
  writeOnPost(scope, UNBOOKMARK_POST, id, 'Post not bookmarked');

/** A page of a post's or comment's likers (UserSummary by id, after the user `before` names): the likes list. */
export interface LikersPage {
  limit: number;
  before?: number;
}

/**
 * Who likes the post or comment `id`, as the reader `viewerId` sees them (by user id, a keyset page
 * off the likes' primary key): empty when there is no such thing or a block hides it from them.
 */
export function selectLikers(
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

// Every create statement made as the module loads, as every other named statement is (npm run db:statements).
for (const media of [false, true])
  for (const quote of [false, true])
    for (const mentions of [false, true]) createPostStatement({ media, quote, mentions });
