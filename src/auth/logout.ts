import { z } from 'zod';
import { authedProcedure } from '../trpc.js';
import { StatusResult } from './auth.schemas.js';
import { Session } from './session.entity.js';

/** Ends this token's session for good; the user's other sessions stay open. */
export const logout = authedProcedure
  .meta({ openapi: { method: 'GET', path: '/auth/logout', tags: ['auth'], summary: 'End the current session' } })
  .input(z.void())
  .output(StatusResult)
  .query(async ({ ctx }) => {
    await ctx.em.nativeUpdate(Session, { jti: ctx.caller.jti }, { revokedAt: new Date() });
    return { status: 'success' as const };
  });
