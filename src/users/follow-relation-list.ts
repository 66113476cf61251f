import { z } from 'zod';
import { LIST_SENT_WHOLE_UP_TO_BYTES, streamedRoute, unpaged } from '../trpc/streamed-route.js';
import { wholeList } from '../trpc/large-answers.js';
import { byIdInput, pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { SUMMARY_MAX_JSON_BYTES, UserSummary } from '../viewer/user-summary.schema.js';
import { assertUserShown, followRelationsDocument, listFollowRelations, type FollowSide } from './users.queries.js';

const input = byIdInput.extend(pageInput.unwrap().shape);

/**
 * GET /users/{id}/followers and /users/{id}/followed: the same procedure, one side of the relation
 * each. Unpaged over REST, the list is streamed by its twin, followRelationStream.
 */
export function followRelationList(side: FollowSide, summary: string) {
  return authedProcedure
    .meta({
      openapi: { method: 'GET', path: `/users/{id}/${side}`, tags: ['users'], summary },
      errors: {
        400: 'Invalid ID, limit or before',
        404: 'No user with that ID (or a block between them and the caller)',
      },
    })
    .input(input)
    .output(z.array(UserSummary))
    .query(async ({ ctx, input: { id, ...page } }) => {
      const users = unpaged(page)
        ? await wholeList(ctx, ctx.user.userId, { itemMaxBytes: SUMMARY_MAX_JSON_BYTES }, (limit) =>
            listFollowRelations(ctx.em, id, side, ctx.user.userId, { ...page, limit }),
          )
        : await listFollowRelations(ctx.em, id, side, ctx.user.userId, page);
      if (users.length === 0) await assertUserShown(ctx.em, id, ctx.user.userId);
      return users;
    });
}

/** The REST stream twin of a follow relation list (json-stream.ts); none: the procedure answers [] or 404. */
export const followRelationStream = (side: FollowSide) =>
  streamedRoute({
    input,
    streams: unpaged,
    wholeUpTo: LIST_SENT_WHOLE_UP_TO_BYTES,
    document: ({ id, before }, userId) => followRelationsDocument(id, side, userId, before),
  });
