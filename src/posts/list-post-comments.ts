import { z } from 'zod';
import { unpaged } from '../json-stream.js';
import { wholeList } from '../large-answers.js';
import { byIdInput, pageInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { Comment } from './posts.schemas.js';
import { assertPostShown, listCommentsOnPost } from './posts.queries.js';

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
        ? await listCommentsOnPost(ctx.em, id, ctx.user.userId, page)
        : await wholeList(ctx, ctx.user.userId, undefined, (limit) =>
            listCommentsOnPost(ctx.em, id, ctx.user.userId, { limit }),
          );
    // Only an empty page needs the post looked up: no comments yet, or no post.
    if (comments.length === 0) await assertPostShown(ctx.em, id, ctx.user.userId);
    return comments;
  });
