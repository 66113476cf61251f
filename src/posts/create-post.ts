import { z } from 'zod';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { mediaIds } from '../media/media.schemas.js';
import { Post, postBody, quoteOfInput } from './posts.schemas.js';
import { insertPostFor } from './posts.queries.js';

export const createPost = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: { method: 'POST', path: '/posts', tags: ['posts'], summary: 'Write a post' },
      successStatus: 201,
      errors: {
        400: "Title and content are required; mediaIds must name the caller's own ready, unattached uploads",
        404: 'quoteOf names no post the caller can see',
      },
    })
    .input(z.object({ ...postBody, mediaIds: mediaIds.optional(), quoteOf: quoteOfInput }))
    .output(Post)
    .mutation(({ ctx, input }) => insertPostFor(ctx, input, ctx.services.media.urlBase)),
);
