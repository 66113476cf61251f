import { notFound } from '../errors.js';
import { byIdInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { assertPostAuthor, readPost } from './post-access.js';
import { POST_NOT_FOUND } from './posts.queries.js';
import { PostEntity } from './post.entity.js';
import { Post, postBody } from './posts.schemas.js';

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
    const updated = await ctx.em.nativeUpdate(PostEntity, { id, author: ctx.user.userId }, { title, content });
    if (updated === 0) throw notFound(POST_NOT_FOUND); // deleted in the meantime
    return readPost(ctx.em, id);
  });
