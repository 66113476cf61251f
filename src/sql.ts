/**
 * SQL fragments that build the API's JSON shapes inside PostgreSQL, so that a read of any size is
 * one statement (no N+1) and Node only passes the JSON through. Each takes the alias of the row it
 * describes; inner aliases are prefixed with it so fragments nest without clashing.
 */

/** ISO 8601 UTC with milliseconds, as Date.prototype.toISOString writes it. */
export const isoTimestamp = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const userSummaryJson = (u: string) =>
  `json_build_object('id', ${u}.id, 'firstName', ${u}.first_name, 'lastName', ${u}.last_name)`;

/** A JSON array of UserSummary from `from` (which must join "users" as `u`), ordered by user id. */
const usersArray = (u: string, fromWhere: string) =>
  `coalesce((select json_agg(${userSummaryJson(u)} order by ${u}.id) ${fromWhere}), '[]'::json)`;

export const commentJson = (c: string) => `json_build_object(
  'id', ${c}.id,
  'content', ${c}.content,
  'createdAt', ${isoTimestamp(`${c}.created_at`)},
  'createdBy', (select ${userSummaryJson(`${c}_a`)} from users ${c}_a where ${c}_a.id = ${c}.author_id),
  'likedBy', ${usersArray(`${c}_lu`, `from comment_likes ${c}_l join users ${c}_lu on ${c}_lu.id = ${c}_l.user_id where ${c}_l.comment_id = ${c}.id`)}
)`;

/** Comments newest first (ties by id), as every list in the API. */
export const commentsArray = (c: string, where: string) =>
  `coalesce((select json_agg(${commentJson(c)} order by ${c}.created_at desc, ${c}.id desc) from comments ${c} where ${where}), '[]'::json)`;

export const postJson = (p: string) => `json_build_object(
  'id', ${p}.id,
  'title', ${p}.title,
  'content', ${p}.content,
  'createdAt', ${isoTimestamp(`${p}.created_at`)},
  'createdBy', (select ${userSummaryJson(`${p}_a`)} from users ${p}_a where ${p}_a.id = ${p}.author_id),
  'likedBy', ${usersArray(`${p}_lu`, `from post_likes ${p}_l join users ${p}_lu on ${p}_lu.id = ${p}_l.user_id where ${p}_l.post_id = ${p}.id`)},
  'comments', ${commentsArray(`${p}_c`, `${p}_c.post_id = ${p}.id`)}
)`;

export const postsArray = (p: string, where: string) =>
  `coalesce((select json_agg(${postJson(p)} order by ${p}.created_at desc, ${p}.id desc) from posts ${p} where ${where}), '[]'::json)`;

export const userWithRelationsJson = (u: string) => `json_build_object(
  'id', ${u}.id,
  'firstName', ${u}.first_name,
  'lastName', ${u}.last_name,
  'posts', ${postsArray(`${u}_p`, `${u}_p.author_id = ${u}.id`)},
  'comments', ${commentsArray(`${u}_c`, `${u}_c.author_id = ${u}.id`)},
  'followed', ${usersArray(`${u}_fd`, `from follows ${u}_f1 join users ${u}_fd on ${u}_fd.id = ${u}_f1.followed_id where ${u}_f1.follower_id = ${u}.id`)},
  'followers', ${usersArray(`${u}_fr`, `from follows ${u}_f2 join users ${u}_fr on ${u}_fr.id = ${u}_f2.follower_id where ${u}_f2.followed_id = ${u}.id`)}
)`;
