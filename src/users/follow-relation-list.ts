import { z } from 'zod';
import { unpaged } from '../trpc/streamed-route.js';
import { wholeList } from '../trpc/large-answers.js';
import { byIdInput, pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { UserSummary } from './user-summary.schema.js';
import { assertUserExists, listFollowRelations } from './users.queries.js';

/** GET /users/{id}/followers and /users/{id}/followed: the same procedure, one side of the relation each. */
export function followRelationList(side: 'followers' | 'followed', summary: string) {
  return authedProcedure
    .meta({
      openapi: { method: 'GET', path: `/users/{id}/${side}`, tags: ['users'], summary },
      errors: { 400: 'Invalid ID, limit or before', 404: 'No user with that ID' },
    })
    .input(byIdInput.extend(pageInput.unwrap().shape))
    .output(z.array(UserSummary))
    .query(async ({ ctx, input: { id, ...page } }) => {
      const users =
        ctx.jsonAsText || !unpaged(page)
          ? await listFollowRelations(ctx.em, id, side, page)
          : await wholeList(ctx, ctx.user.userId, undefined, (limit) =>
              listFollowRelations(ctx.em, id, side, { limit }),
            );
      if (users.length === 0) await assertUserExists(ctx.em, id);
      return users;
    });
}
