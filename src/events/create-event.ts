import { z } from 'zod';
import { authedProcedure } from '../trpc.js';
import { assertOwnUserId, toEventRecord } from './event-access.js';
import { Event } from './event.entity.js';
import { EventRecord, eventBody } from './events.schemas.js';

export const createEvent = authedProcedure
  .meta({
    openapi: { method: 'POST', path: '/events', tags: ['events'], summary: 'Create an event owned by the caller' },
    successStatus: 201,
    errors: { 400: 'Invalid event', 403: 'UserId names another user' },
  })
  .input(z.object(eventBody))
  .output(EventRecord)
  .mutation(async ({ ctx, input: { UserId, dateTime, ...fields } }) => {
    assertOwnUserId(UserId, ctx.caller.userId);
    const event = ctx.em.create(Event, {
      ...fields,
      dateTime: new Date(dateTime),
      owner: ctx.caller.userId,
      createdAt: new Date(),
    });
    await ctx.em.flush();
    return toEventRecord(event);
  });
