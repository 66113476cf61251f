import { notFound } from '../platform/errors.js';
import { byIdInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { assertOwnUserId } from './event-access.js';
import { EventRecord, eventBody } from './events.schemas.js';
import { assertEventOwner, EVENT_NOT_FOUND, updateEventAsOwner } from './events.queries.js';

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
  .mutation(async ({ ctx, input: { id, UserId, ...fields } }) => {
    assertOwnUserId(UserId, ctx.user.userId);
    // Only the owner's row matches; when none does, tell a missing event from someone else's.
    const event = await updateEventAsOwner(ctx.em, id, ctx.user.userId, fields);
    if (event) return event;
    await assertEventOwner(ctx.em, id, ctx.user.userId); // 404 or 403
    throw notFound(EVENT_NOT_FOUND); // owned, yet not updated: deleted in the meantime
  });
