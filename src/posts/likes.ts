import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { badRequest, notFound } from '../errors.js';

/**
 * Likes of posts and of comments follow one rule: the composite key settles a double like (400),
 * even between concurrent requests, and the foreign key a missing target (404).
 */
export async function addLike(insert: () => Promise<unknown>, messages: { liked: string; missing: string }) {
  try {
    await insert();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw badRequest(messages.liked);
    if (error instanceof ForeignKeyConstraintViolationException) throw notFound(messages.missing);
    throw error;
  }
}

/** Takes a like back; when there was none, 404 for a missing target (`assertExists`), else 400. */
export async function removeLike(remove: () => Promise<number>, assertExists: () => Promise<void>, notLiked: string) {
  if ((await remove()) > 0) return;
  await assertExists();
  throw badRequest(notLiked);
}
