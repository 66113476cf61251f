import { z } from 'zod';
import { Comment } from '../posts/posts.schemas.js';
import { listCommentsBy } from '../posts/comments.queries.js';
import { byIdInput, pagedOnlyInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { assertUserShown } from './users.queries.js';

/** A user's comments, newest first, page by page (the profile embeds the 20 newest): one statement a page. */
export const listUserComments = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/users/{id}/comments',
      tags: ['users'],
      summary: "A user's comments, newest first",
    },
    errors: {
      400: 'Invalid ID, limit or before',
      404: 'No user with that ID (or a block between them and the caller)',
    },
  })
  .input(byIdInput.extend(pagedOnlyInput.shape))
  .output(z.array(Comment))
  .query(async ({ ctx, input: { id, ...page } }) => {
    const comments = await listCommentsBy(ctx.em, id, ctx.user.userId, page);
    // Only an empty page needs the user looked up: no comments yet, or no user.
    if (comments.length === 0) await assertUserShown(ctx.em, id, ctx.user.userId);
    return comments;
  });
