import { z } from 'zod';
import { sessionProcedure } from '../auth/procedures.js';
import { CountResult } from './notifications.schemas.js';
import { countUnreadFor } from './notifications.queries.js';

export const countUnread = sessionProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/notifications/unread-count',
      tags: ['notifications'],
      summary: "How many of the caller's notifications are unread",
    },
  })
  .input(z.void())
  .output(CountResult)
  .query(async ({ ctx }) => ({ count: await countUnreadFor(ctx) }));
