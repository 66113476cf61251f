import { z } from 'zod';
import { byIdInput, pagedOnlyInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { UserSummary } from '../viewer/user-summary.schema.js';
import { listPostLikers } from './posts.queries.js';

/** Everyone who likes a post, page by page (the Post embeds the first 20): one statement a page. */
export const listPostLikes = authedProcedure
  .meta({
    openapi: { method: 'GET', path: '/posts/{id}/likes', tags: ['posts'], summary: 'Who likes a post, by user id' },
    errors: {
      400: 'Invalid ID, limit or before',
      404: 'No post with that ID (or its author and the caller are on either side of a block)',
    },
  })
  .input(byIdInput.extend(pagedOnlyInput.shape))
  .output(z.array(UserSummary))
  .query(({ ctx, input: { id, ...page } }) => listPostLikers(ctx.em, id, ctx.user.userId, page));
