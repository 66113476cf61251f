import { z } from 'zod';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { Notification, NOTIFICATIONS_PAGE_DEFAULT, notificationsPageInput } from './notifications.schemas.js';
import { listNotificationsFor } from './notifications.queries.js';

export const listNotifications = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/notifications',
        tags: ['notifications'],
        summary: "The caller's notifications, newest first, a page at a time",
      },
      errors: { 400: 'Invalid limit or before' },
    })
    .input(notificationsPageInput)
    .output(z.array(Notification))
    .query(({ ctx, input }) =>
      listNotificationsFor(ctx, { limit: input?.limit ?? NOTIFICATIONS_PAGE_DEFAULT, before: input?.before }),
    ),
);
