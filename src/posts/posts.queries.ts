import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest } from '../errors.js';
import type { Page } from '../schemas.js';
import { commentJson, postJson } from '../sql.js';
import { Post as PostEntity } from './post.entity.js';
import type { Comment, Post } from './posts.schemas.js';

type JsonRow<T> = { json: T };

/** One Post with author, likers and comments (with theirs): one statement. */
export async function findPost(em: EntityManager, id: number): Promise<Post | null> {
  const [row] = await em.execute<JsonRow<Post>[]>(`select ${postJson('p')} as json from posts p where p.id = ?`, [id]);
  return row?.json ?? null;
}

export type PostFilter = { followerId?: number } & Page;

/**
 * The statement behind every post list: newest first (ties by id), all posts or only those by users
 * `followerId` follows, a keyset page when `limit`/`before` are given, so page 1,000 costs what
 * page 1 costs.
 */
export function postListQuery({ followerId, limit, before }: PostFilter = {}) {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (followerId !== undefined) {
    conditions.push('p.author_id in (select f.followed_id from follows f where f.follower_id = ?)');
    params.push(followerId);
  }
  if (before !== undefined) {
    conditions.push('(p.created_at, p.id) < (select b.created_at, b.id from posts b where b.id = ?)');
    params.push(before);
  }
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
  const page = limit === undefined ? '' : 'limit ?';
  if (limit !== undefined) params.push(limit);
  const sql = `select ${postJson('p')} as json from posts p ${where} order by p.created_at desc, p.id desc ${page}`;
  return { sql, params };
}

/** A list of posts (see postListQuery): one statement. */
export async function listPosts(em: EntityManager, filter: PostFilter = {}) {
  const { sql, params } = postListQuery(filter);
  const rows = await em.execute<JsonRow<Post>[]>(sql, params);
  const { before } = filter;
  // An empty page is only an error when the cursor names no post (only then is it worth a lookup).
  if (rows.length === 0 && before !== undefined && (await em.count(PostEntity, { id: before })) === 0) {
    throw badRequest('before names no post');
  }
  return rows.map((row) => row.json);
}

export async function findComment(em: EntityManager, id: number): Promise<Comment | null> {
  const [row] = await em.execute<JsonRow<Comment>[]>(
    `select ${commentJson('c')} as json from comments c where c.id = ?`,
    [id],
  );
  return row?.json ?? null;
}
