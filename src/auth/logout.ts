import { z } from 'zod';
import { authedProcedure } from './procedures.js';
import { StatusResult } from './auth.schemas.js';
import { updateSessionRevoked, updateSessionsRevoked } from './auth.queries.js';

/** `true` from typed clients, or `true`/`false` as a URL query sends them; nothing else. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true')
  .meta({
    description: 'End every session of the caller, this one included',
    // Documented as what it is in a URL: a boolean.
    override: ({ jsonSchema }) => {
      delete jsonSchema.anyOf;
      jsonSchema.type = 'boolean';
    },
  });

/** Ends this token's session for good; with `all`, every session of the user, this one included. */
export const logout = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/auth/logout',
      tags: ['auth'],
      summary: 'End the current session, or with ?all=true every session of the caller',
    },
    errors: { 400: 'all is neither true nor false' },
  })
  .input(z.object({ all: flag.optional() }).optional())
  .output(StatusResult)
  .query(async ({ ctx, input }) => {
    if (input?.all) await updateSessionsRevoked(ctx.em, ctx.user.userId);
    else await updateSessionRevoked(ctx.em, ctx.user.userId, ctx.user.jti);
    return { status: 'success' as const };
  });
