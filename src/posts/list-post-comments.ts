import { z } from 'zod';
import { unpaged } from '../trpc/streamed-route.js';
import { wholeList } from '../trpc/large-answers.js';
import { byIdInput, pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { Comment } from './posts.schemas.js';
import { assertPostExists, listCommentsOnPost } from './posts.queries.js';

export const listPostComments = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/posts/{id}/comments',
      tags: ['posts'],
      summary: "A post's comments, newest first",
    },
    errors: { 400: 'Invalid ID, limit or before', 404: 'No post with that ID' },
  })
  .input(byIdInput.extend(pageInput.unwrap().shape))
  .output(z.array(Comment))
  .query(async ({ ctx, input: { id, ...page } }) => {
    const comments =
      ctx.jsonAsText || !unpaged(page)
        ? await listCommentsOnPost(ctx.em, id, page)
        : await wholeList(ctx, ctx.user.userId, undefined, (limit) => listCommentsOnPost(ctx.em, id, { limit }));
    // Only an empty page needs the post looked up: no comments yet, or no post.
    if (comments.length === 0) await assertPostExists(ctx.em, id);
    return comments;
  });
