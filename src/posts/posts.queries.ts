import type { EntityManager } from '@mikro-orm/postgresql';
import { commentJson, postJson } from '../sql.js';
import type { Comment, Post } from './posts.schemas.js';

type JsonRow<T> = { json: T };

/** One Post with author, likers and comments (with theirs): one statement. */
export async function findPost(em: EntityManager, id: number): Promise<Post | null> {
  const [row] = await em.execute<JsonRow<Post>[]>(`select ${postJson('p')} as json from posts p where p.id = ?`, [id]);
  return row?.json ?? null;
}

/** Posts newest first, all of them or only those by users `followerId` follows: one statement. */
export async function listPosts(em: EntityManager, filter: { followerId?: number } = {}): Promise<Post[]> {
  const where =
    filter.followerId === undefined
      ? ''
      : 'where p.author_id in (select f.followed_id from follows f where f.follower_id = ?)';
  const params = filter.followerId === undefined ? [] : [filter.followerId];
  const rows = await em.execute<JsonRow<Post>[]>(
    `select ${postJson('p')} as json from posts p ${where} order by p.created_at desc, p.id desc`,
    params,
  );
  return rows.map((row) => row.json);
}

export async function findComment(em: EntityManager, id: number): Promise<Comment | null> {
  const [row] = await em.execute<JsonRow<Comment>[]>(
    `select ${commentJson('c')} as json from comments c where c.id = ?`,
    [id],
  );
  return row?.json ?? null;
}
