import { notFound } from '../platform/errors.js';
import { byIdInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { Post, postBody } from './posts.schemas.js';
import { assertPostAuthor, getPostById, POST_NOT_FOUND, updatePostAsAuthor } from './posts.queries.js';

export const updatePost = authedProcedure
  .meta({
    openapi: { method: 'PATCH', path: '/posts/{id}', tags: ['posts'], summary: "Edit one's own post" },
    errors: {
      400: 'Invalid ID, or title and content missing',
      403: 'The caller is not the author',
      404: 'No post with that ID',
    },
  })
  .input(byIdInput.extend(postBody))
  .output(Post)
  .mutation(async ({ ctx, input: { id, title, content } }) => {
    await assertPostAuthor(ctx.em, id, ctx.user.userId);
    const updated = await updatePostAsAuthor(ctx.em, id, ctx.user.userId, { title, content });
    if (updated === 0) throw notFound(POST_NOT_FOUND); // deleted in the meantime
    return getPostById(ctx.em, id);
  });
