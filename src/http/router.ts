import { authRouter } from '../auth/auth.router.js';
import { eventsRouter } from '../events/events.router.js';
import { liveRouter } from '../live/live.router.js';
import { mediaRouter } from '../media/media.router.js';
import { notificationsRouter } from '../notifications/notifications.router.js';
import { commentsRouter } from '../posts/comments.router.js';
import { postsRouter } from '../posts/posts.router.js';
import { tagsRouter } from '../posts/tags.router.js';
import { router } from '../trpc/trpc.js';
import { usersRouter } from '../users/users.router.js';

export const appRouter = router({
  auth: authRouter,
  posts: postsRouter,
  comments: commentsRouter,
  tags: tagsRouter,
  users: usersRouter,
  events: eventsRouter,
  notifications: notificationsRouter,
  live: liveRouter,
  media: mediaRouter,
});

/** The type TypeScript clients import (type-only) to get a fully typed tRPC client. */
export type AppRouter = typeof appRouter;
