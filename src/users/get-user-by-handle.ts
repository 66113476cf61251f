import { z } from 'zod';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { handleInput } from '../viewer/handles.js';
import { UserWithRelations } from './users.schemas.js';
import { getProfileByHandleFor } from './users.queries.js';

/** GET /users/{id}'s answer, found by handle: one statement, bounded (users.sql.ts). */
export const getUserByHandle = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/by-handle/{handle}',
        tags: ['users'],
        summary: "A user's profile, by handle",
      },
      errors: { 400: 'Not a handle', 404: 'No user with that handle' },
    })
    .input(z.object({ handle: handleInput }))
    .output(UserWithRelations)
    .query(({ ctx, input }) => getProfileByHandleFor(ctx, input.handle)),
);
