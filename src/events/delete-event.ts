import { z } from 'zod';
import { byIdInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { findOwnEvent } from './event-access.js';

export const deleteEvent = authedProcedure
  .meta({
    openapi: { method: 'DELETE', path: '/events/{id}', tags: ['events'], summary: "Delete one's own event" },
    successStatus: 204,
    errors: { 400: 'Invalid ID', 403: 'The caller is not the owner', 404: 'No event with that ID' },
  })
  .input(byIdInput)
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    const event = await findOwnEvent(ctx.em, input.id, ctx.caller.userId);
    await ctx.em.remove(event).flush();
  });
