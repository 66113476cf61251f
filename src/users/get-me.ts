import { z } from 'zod';
import { streamedRoute } from '../trpc/streamed-route.js';
import { LARGE_ANSWERS_PER_USER } from '../trpc/large-answers.js';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { UserWithRelations } from './users.schemas.js';
import {
  PROFILE_SENT_WHOLE_UP_TO_BYTES,
  profileDocument,
  getWholeProfileFor,
  findSmallProfileTextFor,
} from './users.queries.js';

/** One statement; over REST the profile is sent by its stream twin, streamMe below. */
export const getMe = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: { method: 'GET', path: '/users/me', tags: ['users'], summary: "The caller's own profile" },
      errors: { 429: LARGE_ANSWERS_PER_USER },
    })
    .input(z.void())
    .output(UserWithRelations)
    .query(({ ctx }) => getWholeProfileFor(ctx, undefined)),
);

/** The REST stream twin of getMe (json-stream.ts): a small profile is built whole, a large one streamed. */
export const streamMe = streamedRoute({
  whole: (scope) => findSmallProfileTextFor(scope, scope.user.userId),
  wholeUpTo: PROFILE_SENT_WHOLE_UP_TO_BYTES,
  document: (_input, userId) => profileDocument(userId),
});
