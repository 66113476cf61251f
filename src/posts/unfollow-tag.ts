import { z } from 'zod';
import { authedProcedure } from '../auth/procedures.js';
import { byTagInput } from './posts.schemas.js';
import { deleteTagFollow } from './tags.queries.js';

export const unfollowTag = authedProcedure
  .meta({
    openapi: { method: 'DELETE', path: '/tags/{tag}/follow', tags: ['posts'], summary: 'Unfollow a tag' },
    successStatus: 204,
    errors: { 400: 'Invalid tag, or not followed' },
  })
  .input(byTagInput)
  .output(z.void())
  .mutation(({ ctx, input: { tag } }) => deleteTagFollow(ctx.em, ctx.user.userId, tag));
