import { notFound } from '../platform/errors.js';
import { type Page } from '../trpc/schemas.js';
import {
  type Database,
  type DriverStatement,
  findRow,
  keysSettle,
  namedStatement,
  runAfterLock,
  runDriverStatement,
  runRows,
  StatementValues,
} from '../db/sql.js';

import { commentJson, commentsBy, commentShownTo, commentsSelect, likeWritten, olderThan } from './posts.sql.js';
import { COMMENT_EDITS_LOCK, COMMENT_MENTIONS, mentionedHandles, mentionWrites } from './mentions.sql.js';
import { insertNotification } from '../viewer/notifications.sql.js';
import { noBlockBetween, unblocked, viewerById } from '../viewer/safety.sql.js';
import { readerWrite, runReaderWrite } from '../viewer/reader-statements.js';
import type { SessionScope } from '../viewer/session.js';
import type { Comment } from './posts.schemas.js';
import type { UserSummary } from '../viewer/user-summary.schema.js';
import {
  assertCursorShown,
  assertPostShown,
  type JsonRow,
  type LikersPage,
  POST_GONE,
  POST_NOT_FOUND,
  selectLikers,
} from './posts.queries.js';

/** Comments and their likes: read, write, answer; a post's comments and a user's. */

export const COMMENT_NOT_FOUND = 'Comment not found';

const COMMENT_EXISTS = namedStatement('comment_exists', 'select 1 from comments where id = $1');

/** The comment's mentions linked (relinked on an edit) in the statement that writes it (`target`: id, post_id); the author is $3. */
const commentMentions = (handles: string, edit: boolean) =>
  mentionWrites(
    COMMENT_MENTIONS,
    handles,
    '$3::int',
    (users) => `select u.id, 'mention', $3::int, t.post_id, t.id from ${users} u, target t`,
    { edit },
  );

// On a post whose author is on either side of a block with the commenter, nothing is inserted: 404.
const INSERT_COMMENT = namedStatement(
  'comment_insert',
  `with ins as (insert into comments (content, post_id, author_id) select $1, $2::int, $3::int
        where not exists (select from posts bp where bp.id = $2 and not ${noBlockBetween('bp.author_id', '$3::int')})
        returning id, post_id, author_id),
      noted as (${insertNotification(`select p.author_id, 'comment', ins.author_id, p.id, ins.id from ins join posts p on p.id = ins.post_id`)}),
      target as (select ins.id, ins.post_id from ins),
      ${commentMentions('$4', false)}
     select id from ins`,
);

/**
 * Writes a comment and, for the post's author, its notification, and links and notifies its
 * mentions: one statement. Its id; a post that does not exist fails on the foreign key: 404.
 */
export async function insertComment(db: Database, postId: number, authorId: number, content: string): Promise<number> {
  const values = [content, postId, authorId, mentionedHandles(content)];
  const [row] = await keysSettle(runRows<{ id: number }>(db, INSERT_COMMENT, values), POST_GONE);
  if (!row) throw notFound(POST_NOT_FOUND);
  return row.id;
}

/**
 * The caller's like of comment $3 written (`liked`) or taken back, and the comment answered
 * (readerWrite): the comment is `c`, unless a block stands between the caller and its author or
 * its post's author: 404.
 */
const commentLikeWrite = (name: string, ctes: string, liked: boolean) =>
  readerWrite(name, 'c', {
    target: `select bc.id, bc.author_id, bc.post_id from comments bc where bc.id = $3 and ${commentShownTo('bc', '$2::int')}`,
    ctes,
    // As a post's like (posts.queries.ts): the answer adds the statement's own write.
    answer: (viewer) =>
      `(select ${commentJson('lc', { me: 's.user_id', viewer, commentLike: likeWritten('comment_likes', 'lc', viewer, liked) })} from comments lc where lc.id = $3)::text`,
  });

const LIKE_COMMENT = commentLikeWrite(
  'comment_like',
  `done as (insert into comment_likes (comment_id, user_id) select c.id, s.user_id from c, s on conflict do nothing returning user_id),
    noted as (${insertNotification(`select c.author_id, 'comment_like', done.user_id, c.post_id, c.id from c, done`)})`,
  true,
);

const UNLIKE_COMMENT = commentLikeWrite(
  'comment_unlike',
  `done as (delete from comment_likes l using c, s where l.comment_id = c.id and l.user_id = s.user_id returning l.user_id)`,
  false,
);

/**
 * Likes a comment (its author notified) and answers it, or takes the like back: one statement
 * (runReaderWrite). A double like or an unlike of none: 400; a missing or hidden comment: 404.
 */
export const insertCommentLikeFor = (scope: SessionScope, id: number) =>
  runReaderWrite<Comment>(scope, LIKE_COMMENT, id, { missing: COMMENT_NOT_FOUND, refused: 'Comment already liked' });
export const deleteCommentLikeFor = (scope: SessionScope, id: number) =>
  runReaderWrite<Comment>(scope, UNLIKE_COMMENT, id, { missing: COMMENT_NOT_FOUND, refused: 'Comment not liked' });

const COMMENT_JSON = namedStatement(
  'comment_json',
  `select ${commentJson('c', { me: '$2', viewer: viewerById('$2') })} as json from comments c where c.id = $1 and ${commentShownTo('c', '$2::int')}`,
);

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

const COMMENT_SHOWN = namedStatement(
  'comment_shown',
  `select 1 from comments c where c.id = $1 and ${commentShownTo('c', '$2::int')}`,
);

/** 404 when there is no such comment, or a block hides it (or its post) from the reader. */
export async function assertCommentShown(db: Database, id: number, viewerId: number): Promise<void> {
  if ((await runRows(db, COMMENT_SHOWN, [id, viewerId])).length === 0) throw notFound(COMMENT_NOT_FOUND);
}

export async function assertCommentExists(db: Database, id: number): Promise<void> {
  if ((await runRows(db, COMMENT_EXISTS, [id])).length === 0) throw notFound(COMMENT_NOT_FOUND);
}

/**
 * A post's comments as the reader `viewerId` sees them (none of a post hidden from them by a
 * block), newest first, JSON as text, a keyset page when asked: the list's one statement
 * (list-post-comments.ts).
 */
export function selectCommentsOnPost(postId: number, viewerId: number, { limit, before }: Page): DriverStatement {
  const values = new StatementValues();
  const post = values.add(postId);
  const viewer = viewerById(values.add(viewerId));
  const shown = `${unblocked(viewer, 'c.author_id')} and ${unblocked(viewer, `(select cp.author_id from posts cp where cp.id = ${post})`)}`;
  const cursor = before === undefined ? '' : `and ${olderThan('c', 'comments', values.add(before), viewer)}`;
  const page = limit === undefined ? '' : `limit ${values.add(limit)}`;
  return {
    text: `select ${commentJson('c', { me: viewer.id, viewer })}::text as json from comments c where c.post_id = ${post} and ${shown} ${cursor}
     order by c.created_at desc, c.id desc ${page}`,
    values: values.values,
  };
}

/** For an empty list of a post's comments: 400 when `before` names no comment the reader sees, then 404 when the post is not shown. */
export async function assertCommentsShown(db: Database, postId: number, viewerId: number, before: number | undefined) {
  await assertCursorShown(db, COMMENT_SHOWN, 'comment', before, viewerId);
  await assertPostShown(db, postId, viewerId);
}

/** Every edit of a comment takes this lock first, as LOCK_POST_EDITS (posts.queries.ts) for a post's. */
const LOCK_COMMENT_EDITS = namedStatement(
  'comment_edit_lock',
  `select pg_advisory_xact_lock(${COMMENT_EDITS_LOCK}, $1::int)`,
);

const UPDATE_COMMENT = namedStatement(
  'comment_update',
  `with target as (update comments c set content = $1 where c.id = $2 and c.author_id = $3 returning c.id, c.post_id),
      ${commentMentions('$4', true)}
     select count(*)::int as updated from target`,
);

/**
 * Changes the comment if `userId` wrote it, and relinks its mentions (the newly mentioned
 * notified): one statement, once LOCK_COMMENT_EDITS is held. How many rows changed (0: none
 * such, or not theirs).
 */
export async function updateCommentAsAuthor(
  db: Database,
  id: number,
  userId: number,
  content: string,
): Promise<number> {
  const [row] = await runAfterLock<{ updated: number }>(db, LOCK_COMMENT_EDITS, [id], UPDATE_COMMENT, [
    content,
    id,
    userId,
    mentionedHandles(content),
  ]);
  return row?.updated ?? 0;
}

const DELETE_COMMENT_AS_AUTHOR = namedStatement(
  'comment_delete_as_author',
  `delete from comments c using posts p
     where c.id = $1 and p.id = c.post_id and (c.author_id = $2 or p.author_id = $2) returning c.id`,
);

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

/** A page of a comment's likers; 404 for a comment the reader cannot see. */
export async function listCommentLikers(db: Database, id: number, viewerId: number, page: LikersPage) {
  const rows = await runDriverStatement<JsonRow<UserSummary>>(db, selectLikers('comment_likes', id, viewerId, page));
  if (rows.length === 0) await assertCommentShown(db, id, viewerId);
  return rows.map((row) => row.json);
}

/**
 * A page of the comments `authorId` wrote, newest first, as the reader `viewerId` sees them: none
 * when a block stands between the two.
 */
export function selectCommentsBy(authorId: number, viewerId: number, { limit, before }: LikersPage): DriverStatement {
  const values = new StatementValues();
  const author = values.add(authorId);
  const viewer = viewerById(values.add(viewerId));
  const reader = { me: viewer.id, viewer };
  const cursor = before === undefined ? '' : `and ${olderThan('c', 'comments', values.add(before), viewer)}`;
  const comments = commentsSelect('c', `${commentsBy('c', author, reader)} ${cursor}`, reader, values.add(limit));
  return { text: `select row_to_json(r) as json from (${comments}) r`, values: values.values };
}

/** selectCommentsBy's page; none when a block stands between the two (the caller then answers 404). */
export async function listCommentsBy(
  db: Database,
  authorId: number,
  viewerId: number,
  page: LikersPage,
): Promise<Comment[]> {
  const { before } = page;
  const rows = await runDriverStatement<JsonRow<Comment>>(db, selectCommentsBy(authorId, viewerId, page));
  if (rows.length === 0) await assertCursorShown(db, COMMENT_SHOWN, 'comment', before, viewerId);
  return rows.map((row) => row.json);
}
