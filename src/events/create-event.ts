import { z } from 'zod';
import { authedProcedure } from '../auth/procedures.js';
import { assertOwnUserId } from './event-access.js';
import { EventRecord, eventBody } from './events.schemas.js';
import { insertEvent } from './events.queries.js';

export const createEvent = authedProcedure
  .meta({
    openapi: { method: 'POST', path: '/events', tags: ['events'], summary: 'Create an event owned by the caller' },
    successStatus: 201,
    errors: { 400: 'Invalid event', 403: 'UserId names another user' },
  })
  .input(z.object(eventBody))
  .output(EventRecord)
  .mutation(async ({ ctx, input: { UserId, ...fields } }) => {
    assertOwnUserId(UserId, ctx.user.userId);
    return insertEvent(ctx.em, ctx.user.userId, fields);
  });
