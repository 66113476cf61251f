import { defineList } from '../trpc/lists.js';
import { pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { SUMMARY_MAX_JSON_BYTES, UserSummary } from '../viewer/user-summary.schema.js';
import { selectUserSummaries } from './users.queries.js';

/** Every user by id (but those on either side of a block with the caller). */
export const listUsers = defineList(authedProcedure, {
  openapi: {
    path: '/users',
    tags: ['users'],
    summary: 'All users, by id (but those on either side of a block with the caller)',
  },
  input: pageInput,
  item: UserSummary,
  itemMaxBytes: SUMMARY_MAX_JSON_BYTES,
  rows: (input, userId) => selectUserSummaries(userId, input),
});
