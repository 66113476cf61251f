import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../errors.js';
import { CommentEntity } from './comment.entity.js';
import type { Comment } from './posts.schemas.js';
import { findComment } from './posts.queries.js';

export const COMMENT_NOT_FOUND = 'Comment not found';

export async function assertCommentExists(em: EntityManager, id: number): Promise<void> {
  if ((await em.count(CommentEntity, { id })) === 0) throw notFound(COMMENT_NOT_FOUND);
}

/** The Comment as the API returns it, or 404. */
export async function readComment(em: EntityManager, id: number): Promise<Comment> {
  const comment = await findComment(em, id);
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  return comment;
}
