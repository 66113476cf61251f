import { defineList } from '../trpc/lists.js';
import { byIdInput, pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { SUMMARY_MAX_JSON_BYTES, UserSummary } from '../viewer/user-summary.schema.js';
import { assertUserShown, selectFollowRelations, type FollowSide } from './users.queries.js';

/** GET /users/{id}/followers and /users/{id}/followed: the same list, one side of the relation each. */
export const followRelationList = (side: FollowSide, summary: string) =>
  defineList(authedProcedure, {
    openapi: { path: `/users/{id}/${side}`, tags: ['users'], summary },
    errors: {
      400: 'Invalid ID, limit or before',
      404: 'No user with that ID (or a block between them and the caller)',
    },
    input: byIdInput.extend(pageInput.unwrap().shape),
    item: UserSummary,
    itemMaxBytes: SUMMARY_MAX_JSON_BYTES,
    rows: ({ id, ...page }, userId) => selectFollowRelations(id, side, userId, page),
    whenEmpty: (ctx, { id }) => assertUserShown(ctx.em, id, ctx.user.userId),
  });
