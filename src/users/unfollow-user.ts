import { badRequest } from '../errors.js';
import { byIdInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { FollowEntity } from './follow.entity.js';
import { UserWithRelations } from './users.schemas.js';
import { assertUserExists, readUserWithRelations } from './users.queries.js';

export const unfollowUser = authedProcedure
  .meta({
    openapi: { method: 'DELETE', path: '/users/{id}/follow', tags: ['users'], summary: 'Stop following a user' },
    errors: { 400: 'Invalid ID, or not followed', 404: 'No user with that ID' },
  })
  .input(byIdInput)
  .output(UserWithRelations)
  .mutation(async ({ ctx, input: { id } }) => {
    const removed = await ctx.em.nativeDelete(FollowEntity, { follower: ctx.user.userId, followed: id });
    if (removed === 0) {
      await assertUserExists(ctx.em, id);
      throw badRequest('Not following this user');
    }
    return readUserWithRelations(ctx.em, id);
  });
