import { z } from 'zod';
import { publicProcedure } from '../trpc.js';
import { toEventRecord } from './event-access.js';
import { Event } from './event.entity.js';
import { EventRecord } from './events.schemas.js';

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
  .input(z.void())
  .output(z.array(EventRecord))
  .query(async ({ ctx }) => {
    const events = await ctx.em.find(Event, {}, { orderBy: { dateTime: 'desc', id: 'desc' } });
    return events.map(toEventRecord);
  });
