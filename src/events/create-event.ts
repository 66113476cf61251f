import { z } from 'zod';
import { authedProcedure } from '../trpc.js';
import { assertOwnUserId, toEventRecord } from './event-access.js';
import { EventEntity } from './event.entity.js';
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
    assertOwnUserId(UserId, ctx.user.userId);
    const event = ctx.em.create(EventEntity, {
      ...fields,
      dateTime: new Date(dateTime),
      owner: ctx.user.userId,
      createdAt: new Date(),
    });
    await ctx.em.flush();
    return toEventRecord(event);
  });
