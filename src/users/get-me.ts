import { z } from 'zod';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { UserWithRelations } from './users.schemas.js';
import { getProfileFor } from './users.queries.js';

/** One statement, bounded: previews of its lists with their counts (users.sql.ts). */
export const getMe = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: { method: 'GET', path: '/users/me', tags: ['users'], summary: "The caller's own profile" },
    })
    .input(z.void())
    .output(UserWithRelations)
    .query(({ ctx }) => getProfileFor(ctx, undefined)),
);
