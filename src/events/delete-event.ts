import { z } from 'zod';
import { byIdInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { findOwnEvent } from './event-access.js';

export const deleteEvent = authedProcedure
  .meta({
    openapi: { method: 'DELETE', path: '/events/{id}', tags: ['events'], summary: "Delete one's own event" },
    successStatus: 204,
  })
  .input(byIdInput)
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    const event = await findOwnEvent(ctx.em, input.id, ctx.caller.userId);
    await ctx.em.remove(event).flush();
  });
