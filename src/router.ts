import { authRouter } from './auth/auth.router.js';
import { eventsRouter } from './events/events.router.js';
import { postsRouter } from './posts/posts.router.js';
import { router } from './trpc.js';
import { usersRouter } from './users/users.router.js';

export const appRouter = router({
  auth: authRouter,
  posts: postsRouter,
  users: usersRouter,
  events: eventsRouter,
});

/** The type TypeScript clients import (type-only) to get a fully typed tRPC client. */
export type AppRouter = typeof appRouter;
