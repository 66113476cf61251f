import { z } from 'zod';
import { notFound } from '../platform/errors.js';
import { authedProcedure } from './procedures.js';
import { SESSION_NOT_FOUND, updateSessionRevoked } from './auth.queries.js';

/** Logs one of the caller's sessions out (another device, or this one). */
export const endSession = authedProcedure
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/auth/sessions/{id}',
      tags: ['auth'],
      summary: "End one of the caller's sessions",
    },
    successStatus: 204,
    errors: { 400: 'Invalid ID (not a session id)', 404: "Not one of the caller's live sessions" },
  })
  .input(
    z.object({
      id: z
        .uuid()
        .meta({ description: 'A session id from GET /auth/sessions', example: '0b5f2a9c-6d1e-4c3b-9a7f-2e8d4c6b1a90' }),
    }),
  )
  .output(z.void())
  .mutation(async ({ ctx, input: { id } }) => {
    // Another user's session answers as a missing one: its existence is not the caller's business.
    if (!(await updateSessionRevoked(ctx.em, ctx.user.userId, id))) throw notFound(SESSION_NOT_FOUND);
  });
