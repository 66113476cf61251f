import { z } from 'zod';
import { unpaged } from '../json-stream.js';
import { wholeList } from '../large-answers.js';
import { pageInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { UserSummary } from './user-summary.schema.js';
import { listUserSummaries } from './users.queries.js';

export const listUsers = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/users',
      tags: ['users'],
      summary: 'All users, by id (but those on either side of a block with the caller)',
    },
  })
  .input(pageInput)
  .output(z.array(UserSummary))
  .query(({ ctx, input }) =>
    ctx.jsonAsText || !unpaged(input)
      ? listUserSummaries(ctx.em, ctx.user.userId, input)
      : wholeList(ctx, ctx.user.userId, undefined, (limit) => listUserSummaries(ctx.em, ctx.user.userId, { limit })),
  );
