import { z } from 'zod';
import { authedProcedure } from '../trpc.js';
import { UserWithRelations } from './users.schemas.js';
import { readUserWithRelations } from './users.queries.js';

export const getMe = authedProcedure
  .meta({ openapi: { method: 'GET', path: '/users/me', tags: ['users'], summary: "The caller's own profile" } })
  .input(z.void())
  .output(UserWithRelations)
  .query(({ ctx }) => readUserWithRelations(ctx.em, ctx.caller.userId));
