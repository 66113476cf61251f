import { z } from 'zod';
import { byIdInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { assertEventOwner, deleteEventAsOwner } from './events.queries.js';

/** The delete itself decides: of concurrent deletes exactly one removes the row; the others learn why. */
export const deleteEvent = authedProcedure
  .meta({
    openapi: { method: 'DELETE', path: '/events/{id}', tags: ['events'], summary: "Delete one's own event" },
    successStatus: 204,
    errors: { 400: 'Invalid ID', 403: 'The caller is not the owner', 404: 'No event with that ID' },
  })
  .input(byIdInput)
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    const deleted = await deleteEventAsOwner(ctx.em, input.id, ctx.user.userId);
    if (deleted === 0) await assertEventOwner(ctx.em, input.id, ctx.user.userId); // 404 or 403
  });
