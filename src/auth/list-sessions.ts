import { z } from 'zod';
import { authedProcedure } from './procedures.js';
import { SessionInfo } from './auth.schemas.js';
import { listLiveSessions } from './auth.queries.js';

export const listSessions = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/auth/sessions',
      tags: ['auth'],
      summary: "The caller's live sessions (logins not logged out or expired), newest first",
    },
  })
  .input(z.void())
  .output(z.array(SessionInfo))
  .query(({ ctx }) => listLiveSessions(ctx.em, ctx.user.userId, ctx.user.jti));
