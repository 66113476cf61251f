import { z } from 'zod';
import { pageInput } from '../schemas.js';
import { publicProcedure } from '../trpc.js';
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
  .query(({ ctx, input }) => listEventRecords(ctx.em, input));
