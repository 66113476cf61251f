import { z } from 'zod';
import { isoTimestamp, jsonArray, jsonFragment, jsonObject } from '../db/sql.js';
import { unblocked, type Viewer } from '../users/safety.sql.js';
import { userSummaryColumns, usersArray } from '../users/user-summary.sql.js';
import { Comment, Post } from './posts.schemas.js';

/** The Post and Comment shapes built in PostgreSQL (see src/db/sql.ts, "SQL fragments"). */
const authorJson = (row: string) =>
  jsonObject(`select ${userSummaryColumns(`${row}_a`)} from users ${row}_a where ${row}_a.id = ${row}.author_id`);

/*
 * `v`, where a fragment takes it, is the reader (users/safety.sql.ts): likers and comments by
 * users on either side of a block with them are left out. Without it, nobody is.
 */

const commentColumns = (
  c: string,
  v?: Viewer,
) => `${c}.id, ${c}.content, ${isoTimestamp(`${c}.created_at`)} as "createdAt",
  ${authorJson(c)} as "createdBy",
  ${usersArray(`${c}_lu`, `from comment_likes ${c}_l join users ${c}_lu on ${c}_lu.id = ${c}_l.user_id where ${c}_l.comment_id = ${c}.id and ${unblocked(v, `${c}_l.user_id`)}`, `${c}_l.user_id`)} as "likedBy"`;

export const commentJson = jsonFragment(Comment, (c: string, v?: Viewer) =>
  jsonObject(`select ${commentColumns(c, v)}`),
);

/** Comment rows newest first (ties by id), as every list in the API. */
export const commentsSelect = (c: string, where: string, v?: Viewer) =>
  `select ${commentColumns(c, v)} from comments ${c} where ${where} and ${unblocked(v, `${c}.author_id`)} order by ${c}.created_at desc, ${c}.id desc`;

export const commentsArray = jsonFragment(z.array(Comment), (c: string, where: string, v?: Viewer) =>
  jsonArray(commentsSelect(c, where, v)),
);

/**
 * `likedBy` and `comments` replace their subqueries where a write's own rows are not visible to its
 * statement, or cannot exist yet (EMPTY_LIST: a post's likes and comments, in the statement that
 * writes the post).
 */
const postColumns = (p: string, likedBy?: string, comments?: string, v?: Viewer) => `${p}.id, ${p}.title, ${p}.content,
  ${isoTimestamp(`${p}.created_at`)} as "createdAt", ${authorJson(p)} as "createdBy",
  ${likedBy ?? usersArray(`${p}_lu`, `from post_likes ${p}_l join users ${p}_lu on ${p}_lu.id = ${p}_l.user_id where ${p}_l.post_id = ${p}.id and ${unblocked(v, `${p}_l.user_id`)}`, `${p}_l.user_id`)} as "likedBy",
  ${comments ?? commentsArray(`${p}_c`, `${p}_c.post_id = ${p}.id`, v)} as comments`;

export const postJson = jsonFragment(Post, (p: string, likedBy?: string, comments?: string, v?: Viewer) =>
  jsonObject(`select ${postColumns(p, likedBy, comments, v)}`),
);

/** Post rows newest first (ties by id), those of `posts` that `where` keeps. */
export const postsSelect = (p: string, where: string, v?: Viewer) =>
  `select ${postColumns(p, undefined, undefined, v)} from posts ${p} where ${where} order by ${p}.created_at desc, ${p}.id desc`;

/**
 * A JSON array of the posts rows `orderedSource` (a subselect) yields, in its order: it sorts its
 * rows itself (newest first), before their JSON is built: sorted here instead, PostgreSQL would
 * carry every post's JSON through the sort.
 */
export const postsArray = jsonFragment(z.array(Post), (p: string, orderedSource: string, v?: Viewer) =>
  jsonArray(`select ${postColumns(p, undefined, undefined, v)} from ${orderedSource} ${p}`),
);
