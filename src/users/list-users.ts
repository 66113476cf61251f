import { z } from 'zod';
import { unpaged } from '../trpc/streamed-route.js';
import { wholeList } from '../trpc/large-answers.js';
import { pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { UserSummary } from './user-summary.schema.js';
import { listUserSummaries } from './users.queries.js';

export const listUsers = authedProcedure
  .meta({ openapi: { method: 'GET', path: '/users', tags: ['users'], summary: 'All users, by id' } })
  .input(pageInput)
  .output(z.array(UserSummary))
  .query(({ ctx, input }) =>
    ctx.jsonAsText || !unpaged(input)
      ? listUserSummaries(ctx.em, input)
      : wholeList(ctx, ctx.user.userId, undefined, (limit) => listUserSummaries(ctx.em, { limit })),
  );
