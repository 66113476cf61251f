import { byIdInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { readPost } from './post-access.js';
import { Post } from './posts.schemas.js';

export const getPost = authedProcedure
  .meta({
    openapi: { method: 'GET', path: '/posts/{id}', tags: ['posts'], summary: 'One post' },
    errors: { 400: 'Invalid ID', 404: 'No post with that ID' },
  })
  .input(byIdInput)
  .output(Post)
  .query(async ({ ctx, input }) => readPost(ctx.em, input.id));
