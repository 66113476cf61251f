import { byIdInput } from '../trpc/schemas.js';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { UserWithRelations } from './users.schemas.js';
import { getProfileFor } from './users.queries.js';

/** One statement, bounded: previews of its lists with their counts (users.sql.ts). */
export const getUser = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: { method: 'GET', path: '/users/{id}', tags: ['users'], summary: "A user's profile" },
      errors: { 400: 'Invalid ID', 404: 'No user with that ID' },
    })
    .input(byIdInput)
    .output(UserWithRelations)
    .query(({ ctx, input }) => getProfileFor(ctx, input.id)),
);
