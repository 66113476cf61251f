import { z } from 'zod';
import { LIST_SENT_WHOLE_UP_TO_BYTES, streamedRoute, unpaged } from '../trpc/streamed-route.js';
import { wholeList } from '../trpc/large-answers.js';
import { byIdInput, pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { Comment } from './posts.schemas.js';
import { assertPostShown } from './posts.queries.js';
import { listCommentsOnPost, postCommentsDocument } from './comments.queries.js';

const input = byIdInput.extend(pageInput.unwrap().shape);

/** A page is one statement; unpaged over REST, the list is streamed by its twin, streamPostComments below. */
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
  .input(input)
  .output(z.array(Comment))
  .query(async ({ ctx, input: { id, ...page } }) => {
    const comments = unpaged(page)
      ? await wholeList(ctx, ctx.user.userId, {}, (limit, maxBytes) =>
          listCommentsOnPost(ctx.em, id, ctx.user.userId, { ...page, limit, maxBytes }),
        )
      : await listCommentsOnPost(ctx.em, id, ctx.user.userId, page);
    // Only an empty page needs the post looked up: no comments yet, or no post.
    if (comments.length === 0) await assertPostShown(ctx.em, id, ctx.user.userId);
    return comments;
  });

/** The REST stream twin of listPostComments (json-stream.ts); none: the procedure answers [] or 404. */
export const streamPostComments = streamedRoute({
  input,
  streams: unpaged,
  wholeUpTo: LIST_SENT_WHOLE_UP_TO_BYTES,
  document: ({ id, before }, userId) => postCommentsDocument(id, userId, before),
});
