import { sessionProcedure } from '../auth/procedures.js';
import { CountResult, markReadInput } from './notifications.schemas.js';
import { updateNotificationsReadFor } from './notifications.queries.js';

export const markRead = sessionProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/notifications/read',
      tags: ['notifications'],
      summary: "Mark the caller's notifications up to an id read",
    },
    errors: { 400: 'upTo is not a notification id' },
  })
  .input(markReadInput)
  .output(CountResult)
  .mutation(async ({ ctx, input }) => ({ count: await updateNotificationsReadFor(ctx, input.upTo) }));
