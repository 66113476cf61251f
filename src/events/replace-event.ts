import { byIdInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { assertOwnUserId, findOwnEvent, toEventRecord } from './event-access.js';
import { EventRecord, eventBody } from './events.schemas.js';

/**
 * Replaces every field of an event. The spec's sample sends no token, but an anonymous replace
 * would let anyone rewrite anyone's event: the owner's token is required.
 */
export const replaceEvent = authedProcedure
  .meta({
    openapi: { method: 'PUT', path: '/events/{id}', tags: ['events'], summary: "Replace one's own event" },
    errors: {
      400: 'Invalid ID or invalid event',
      403: 'The caller is not the owner, or UserId names another user',
      404: 'No event with that ID',
    },
  })
  .input(byIdInput.extend(eventBody))
  .output(EventRecord)
  .mutation(async ({ ctx, input: { id, UserId, dateTime, ...fields } }) => {
    assertOwnUserId(UserId, ctx.user.userId);
    const event = await findOwnEvent(ctx.em, id, ctx.user.userId);
    ctx.em.assign(event, { ...fields, dateTime: new Date(dateTime) });
    await ctx.em.flush();
    return toEventRecord(event);
  });
