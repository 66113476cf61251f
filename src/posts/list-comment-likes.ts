import { z } from 'zod';
import { byIdInput, pagedOnlyInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { UserSummary } from '../viewer/user-summary.schema.js';
import { listCommentLikers } from './comments.queries.js';

/** Everyone who likes a comment, page by page (the Comment embeds the first 20): one statement a page. */
export const listCommentLikes = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/comments/{id}/likes',
      tags: ['comments'],
      summary: 'Who likes a comment, by user id',
    },
    errors: {
      400: 'Invalid ID, limit or before',
      404: 'No comment with that ID (or a block hides it or its post from the caller)',
    },
  })
  .input(byIdInput.extend(pagedOnlyInput.shape))
  .output(z.array(UserSummary))
  .query(({ ctx, input: { id, ...page } }) => listCommentLikers(ctx.em, id, ctx.user.userId, page));
