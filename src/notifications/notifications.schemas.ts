import { z } from 'zod';
import { idOutput, idParam, integerParam, timestamp } from '../trpc/schemas.js';
import { UserSummary } from '../viewer/user-summary.schema.js';
import { NOTIFICATION_TYPES } from './notification.entity.js';

export const Notification = z
  .object({
    id: idOutput,
    type: z.enum(NOTIFICATION_TYPES).meta({
      description:
        'post_like: the actor liked your post; comment_like: your comment; comment: the actor commented on your post; follow: the actor follows you; mention: the actor mentioned you in a post (or a comment on it); repost: the actor reposted your post; quote: the actor quoted your post (`post` is the quote)',
    }),
    createdAt: timestamp,
    actor: UserSummary,
    post: z.object({ id: idOutput, title: z.string() }).optional().meta({ description: 'The post it is about' }),
    comment: z
      .object({ id: idOutput })
      .optional()
      .meta({ description: 'The comment it is about (or the new comment)' }),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });

export type Notification = z.infer<typeof Notification>;

export const NOTIFICATIONS_PAGE_DEFAULT = 20;

export const notificationsPageInput = z
  .object({
    limit: integerParam(1, 100, {
      description: `Page size, 1 to 100 (default ${NOTIFICATIONS_PAGE_DEFAULT})`,
    }).optional(),
    before: idParam.optional().meta({ description: 'The id of the last notification of the previous page' }),
  })
  .optional();

export const markReadInput = z.object({
  upTo: idOutput.meta({ description: 'Marks this notification and every older one read' }),
});

export const CountResult = z.object({ count: z.int().min(0) });
