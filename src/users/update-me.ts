import { z } from 'zod';
import { NAME_MAX, NAME_MAX_BYTES } from './user.entity.js';
import { text } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { UserSummary } from '../viewer/user-summary.schema.js';
import { updateUserNames } from './users.queries.js';

export const updateMeInput = z
  .object({ firstName: text(NAME_MAX, NAME_MAX_BYTES).optional(), lastName: text(NAME_MAX, NAME_MAX_BYTES).optional() })
  .refine((body) => body.firstName !== undefined || body.lastName !== undefined, {
    message: 'must name firstName, lastName or both',
  });

export const updateMe = authedProcedure
  .meta({
    openapi: { method: 'PATCH', path: '/users/me', tags: ['users'], summary: "Change one's own name" },
    errors: { 400: 'Neither firstName nor lastName given, or one is blank or too long' },
  })
  .input(updateMeInput)
  .output(UserSummary)
  .mutation(({ ctx, input }) => updateUserNames(ctx.em, ctx.user.userId, input));
