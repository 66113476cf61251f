import { byIdInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { UserWithRelations } from './users.schemas.js';
import { deleteFollow, getProfileFor } from './users.queries.js';

export const unfollowUser = withOutputBuiltBySql(
  authedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/users/{id}/follow', tags: ['users'], summary: 'Stop following a user' },
      errors: { 400: 'Invalid ID, or not followed', 404: 'No user with that ID' },
    })
    .input(byIdInput)
    .output(UserWithRelations)
    .mutation(async ({ ctx, input: { id } }) => {
      await deleteFollow(ctx.em, ctx.user.userId, id); // 404 when there is no such user, 400 when not followed
      return getProfileFor(ctx, id);
    }),
);
