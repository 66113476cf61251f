import { byIdInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { UserWithRelations } from './users.schemas.js';
import { readUserWithRelations } from './users.queries.js';

export const getUser = authedProcedure
  .meta({
    openapi: { method: 'GET', path: '/users/{id}', tags: ['users'], summary: "A user's profile" },
    errors: { 400: 'Invalid ID', 404: 'No user with that ID' },
  })
  .input(byIdInput)
  .output(UserWithRelations)
  .query(({ ctx, input }) => readUserWithRelations(ctx.em, input.id));
