import { byIdInput } from '../trpc/schemas.js';
import { publicProcedure } from '../trpc/trpc.js';
import { EventRecord } from './events.schemas.js';
import { getEventById } from './events.queries.js';

export const getEvent = publicProcedure
  .meta({
    openapi: { method: 'GET', path: '/events/{id}', tags: ['events'], protect: false, summary: 'One event' },
    errors: { 400: 'Invalid ID', 404: 'No event with that ID' },
  })
  .input(byIdInput)
  .output(EventRecord)
  .query(({ ctx, input }) => getEventById(ctx.em, input.id));
