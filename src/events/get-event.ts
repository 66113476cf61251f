import { byIdInput } from '../schemas.js';
import { publicProcedure } from '../trpc.js';
import { findEventOr404, toEventRecord } from './event-access.js';
import { EventRecord } from './events.schemas.js';

export const getEvent = publicProcedure
  .meta({
    openapi: { method: 'GET', path: '/events/{id}', tags: ['events'], protect: false, summary: 'One event' },
    errors: { 400: 'Invalid ID', 404: 'No event with that ID' },
  })
  .input(byIdInput)
  .output(EventRecord)
  .query(async ({ ctx, input }) => toEventRecord(await findEventOr404(ctx.em, input.id)));
