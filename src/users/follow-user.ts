import { badRequest } from '../platform/errors.js';
import { byIdInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { UserWithRelations } from './users.schemas.js';
import { getProfileFor, insertFollow } from './users.queries.js';

/** Answers with the followed user's profile, so a client can refresh it. */
export const followUser = withOutputBuiltBySql(
  authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/users/{id}/follow', tags: ['users'], summary: 'Follow a user' },
      errors: { 400: 'Invalid ID, the caller themself, or already followed', 404: 'No user with that ID' },
    })
    .input(byIdInput)
    .output(UserWithRelations)
    .mutation(async ({ ctx, input: { id } }) => {
      if (id === ctx.user.userId) throw badRequest('You cannot follow yourself');
      await insertFollow(ctx.em, ctx.user.userId, id); // 400 when already followed, 404 when there is no such user
      return getProfileFor(ctx, id);
    }),
);
