import type { EntityManager } from '@mikro-orm/postgresql';
import { forbidden, notFound } from '../errors.js';
import { PostEntity } from './post.entity.js';
import type { Post } from './posts.schemas.js';
import { findPost, POST_NOT_FOUND } from './posts.queries.js';

export async function assertPostExists(em: EntityManager, id: number): Promise<void> {
  if ((await em.count(PostEntity, { id })) === 0) throw notFound(POST_NOT_FOUND);
}

/** Only a post's author may change or delete it. */
export async function assertPostAuthor(em: EntityManager, id: number, userId: number): Promise<void> {
  const post = await em.findOne(PostEntity, { id }, { fields: ['author'] });
  if (!post) throw notFound(POST_NOT_FOUND);
  if (post.author.id !== userId) throw forbidden('Only the author may change or delete this post');
}

/** The Post as the API returns it, or 404. */
export async function readPost(em: EntityManager, id: number): Promise<Post> {
  const post = await findPost(em, id);
  if (!post) throw notFound(POST_NOT_FOUND);
  return post;
}
