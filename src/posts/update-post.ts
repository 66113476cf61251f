import { badRequest, notFound } from '../platform/errors.js';
import { byIdInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { MEDIA_NOT_ATTACHABLE } from '../media/media.queries.js';
import { mediaIds } from '../media/media.schemas.js';
import { Post, postBody } from './posts.schemas.js';
import {
  assertPostAuthor,
  getPostById,
  POST_NOT_FOUND,
  updatePostAsAuthor,
  updatePostWithMediaAsAuthor,
} from './posts.queries.js';

export const updatePost = authedProcedure
  .meta({
    openapi: { method: 'PATCH', path: '/posts/{id}', tags: ['posts'], summary: "Edit one's own post" },
    errors: {
      400: "Invalid ID, or title and content missing; mediaIds must name the caller's own ready uploads, unattached or already this post's",
      403: 'The caller is not the author',
      404: 'No post with that ID',
    },
  })
  .input(byIdInput.extend({ ...postBody, mediaIds: mediaIds.optional() }))
  .output(Post)
  .mutation(async ({ ctx, input: { id, title, content, mediaIds } }) => {
    await assertPostAuthor(ctx.em, id, ctx.user.userId);
    if (mediaIds === undefined) {
      const updated = await updatePostAsAuthor(ctx.em, id, ctx.user.userId, { title, content });
      if (updated === 0) throw notFound(POST_NOT_FOUND); // deleted in the meantime
    } else {
      const base = ctx.services.media.urlBase;
      if (!(await updatePostWithMediaAsAuthor(ctx.em, id, ctx.user.userId, { title, content, mediaIds }, base))) {
        await assertPostAuthor(ctx.em, id, ctx.user.userId); // deleted in the meantime: 404
        throw badRequest(MEDIA_NOT_ATTACHABLE);
      }
    }
    return getPostById(ctx.em, id, ctx.user.userId);
  });
