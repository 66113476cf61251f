import { z } from 'zod';
import { unpaged } from '../trpc/streamed-route.js';
import { wholeList } from '../trpc/large-answers.js';
import { pageInput } from '../trpc/schemas.js';
import { publicProcedure } from '../trpc/trpc.js';
import { EventRecord } from './events.schemas.js';
import { listEventRecords } from './events.queries.js';

export const listEvents = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/events',
      tags: ['events'],
      protect: false,
      summary: 'All events, latest dateTime first',
    },
  })
  .input(pageInput)
  .output(z.array(EventRecord))
  .query(({ ctx, input }) =>
    ctx.jsonAsText || !unpaged(input)
      ? listEventRecords(ctx.em, input)
      : // Anonymous callers share one user's large-answer slots (user 0: no user has that id).
        wholeList(ctx, 0, undefined, (limit) => listEventRecords(ctx.em, { limit })),
  );
