import { z } from 'zod';
import { LIST_SENT_WHOLE_UP_TO_BYTES, streamedRoute, unpaged } from '../trpc/streamed-route.js';
import { wholeList } from '../trpc/large-answers.js';
import { pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { SUMMARY_MAX_JSON_BYTES, UserSummary } from '../viewer/user-summary.schema.js';
import { listUserSummaries, userSummariesDocument } from './users.queries.js';

/** A page is one statement; unpaged over REST, the list is streamed by its twin, streamUsers below. */
export const listUsers = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/users',
      tags: ['users'],
      summary: 'All users, by id (but those on either side of a block with the caller)',
    },
  })
  .input(pageInput)
  .output(z.array(UserSummary))
  .query(({ ctx, input }) =>
    unpaged(input)
      ? wholeList(ctx, ctx.user.userId, { itemMaxBytes: SUMMARY_MAX_JSON_BYTES }, (limit) =>
          listUserSummaries(ctx.em, ctx.user.userId, { ...input, limit }),
        )
      : listUserSummaries(ctx.em, ctx.user.userId, input),
  );

/** The REST stream twin of listUsers (json-stream.ts): every user (after `before` when given), whole while short. */
export const streamUsers = streamedRoute({
  input: pageInput,
  streams: unpaged,
  wholeUpTo: LIST_SENT_WHOLE_UP_TO_BYTES,
  document: (input, userId) => userSummariesDocument(userId, input?.before),
});
