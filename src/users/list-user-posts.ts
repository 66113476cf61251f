import { z } from 'zod';
import { Post } from '../posts/posts.schemas.js';
import { listPostsMatching, postListDocument } from '../posts/post-lists.queries.js';
import { paged, streamedRoute, unpaged } from '../trpc/streamed-route.js';
import { LARGE_ANSWERS_PER_USER, wholeList } from '../trpc/large-answers.js';
import { byIdInput, pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { assertUserShown } from './users.queries.js';

const input = byIdInput.extend(pageInput.unwrap().shape);

/** A page is one statement; unpaged over REST, the list is streamed by its twin, streamUserPosts below. */
export const listUserPosts = authedProcedure
  .meta({
    openapi: { method: 'GET', path: '/users/{id}/posts', tags: ['users'], summary: "A user's posts, newest first" },
    errors: { 400: 'Invalid ID, limit or before', 404: 'No user with that ID', 429: LARGE_ANSWERS_PER_USER },
  })
  .input(input)
  .output(z.array(Post))
  .query(async ({ ctx, input: { id, ...page } }) => {
    // Unpaged, REST streams the list (streamUserPosts below): it comes here when its first statement found no row.
    const posts = paged(page)
      ? await listPostsMatching(ctx.em, { ...page, viewerId: ctx.user.userId, authorId: id })
      : await wholeList(ctx, ctx.user.userId, { streamedAt: 'GET /users/{id}/posts' }, (limit, maxBytes) =>
          listPostsMatching(ctx.em, { ...page, viewerId: ctx.user.userId, authorId: id, limit, maxBytes }),
        );
    // Only an empty page needs the user looked up: no posts yet, or no user.
    if (posts.length === 0) await assertUserShown(ctx.em, id, ctx.user.userId);
    return posts;
  });

/** The REST stream twin of listUserPosts (json-stream.ts): all the user's posts, from `before` when given. */
export const streamUserPosts = streamedRoute({
  input,
  streams: unpaged,
  document: ({ id, before }, userId) => postListDocument({ viewerId: userId, authorId: id, before }),
});
