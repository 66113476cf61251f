import { streamedRoute } from '../trpc/streamed-route.js';
import { LARGE_ANSWERS_PER_USER } from '../trpc/large-answers.js';
import { byIdInput } from '../trpc/schemas.js';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { UserWithRelations } from './users.schemas.js';
import {
  PROFILE_SENT_WHOLE_UP_TO_BYTES,
  profileDocument,
  getWholeProfileFor,
  findSmallProfileTextFor,
} from './users.queries.js';

/** One statement; over REST the profile is sent by its stream twin, streamUser below. */
export const getUser = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: { method: 'GET', path: '/users/{id}', tags: ['users'], summary: "A user's profile" },
      errors: { 400: 'Invalid ID', 404: 'No user with that ID', 429: LARGE_ANSWERS_PER_USER },
    })
    .input(byIdInput)
    .output(UserWithRelations)
    .query(({ ctx, input }) => getWholeProfileFor(ctx, input.id)),
);

/** The REST stream twin of getUser (json-stream.ts): a small profile is built whole, a large one streamed. */
export const streamUser = streamedRoute({
  input: byIdInput,
  whole: (scope, { id }) => findSmallProfileTextFor(scope, id),
  wholeUpTo: PROFILE_SENT_WHOLE_UP_TO_BYTES,
  document: ({ id }) => profileDocument(id),
});
