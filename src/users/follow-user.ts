import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { badRequest, notFound } from '../errors.js';
import { byIdInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { UserWithRelations } from './users.schemas.js';
import { insertFollow, readUserWithRelations, USER_NOT_FOUND } from './users.queries.js';

/** Answers with the followed user's profile, so a client can refresh it. */
export const followUser = authedProcedure
  .meta({
    openapi: { method: 'POST', path: '/users/{id}/follow', tags: ['users'], summary: 'Follow a user' },
    errors: { 400: 'Invalid ID, the caller themself, or already followed', 404: 'No user with that ID' },
  })
  .input(byIdInput)
  .output(UserWithRelations)
  .mutation(async ({ ctx, input: { id } }) => {
    if (id === ctx.user.userId) throw badRequest('You cannot follow yourself');
    try {
      await insertFollow(ctx.em, ctx.user.userId, id);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw badRequest('Already following this user');
      if (error instanceof ForeignKeyConstraintViolationException) throw notFound(USER_NOT_FOUND);
      throw error;
    }
    return readUserWithRelations(ctx.em, id);
  });
