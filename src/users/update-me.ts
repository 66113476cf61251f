import { z } from 'zod';
import { NAME_MAX, NAME_MAX_BYTES } from './user.entity.js';
import { text } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { UserSummary } from '../viewer/user-summary.schema.js';
import { handleInput } from '../viewer/handles.js';
import { updateUserProfile } from './users.queries.js';

export const updateMeInput = z
  .object({
    firstName: text(NAME_MAX, NAME_MAX_BYTES).optional(),
    lastName: text(NAME_MAX, NAME_MAX_BYTES).optional(),
    handle: handleInput.optional(),
  })
  .refine((body) => body.firstName !== undefined || body.lastName !== undefined || body.handle !== undefined, {
    message: 'must name firstName, lastName or handle',
  });

export const updateMe = authedProcedure
  .meta({
    openapi: { method: 'PATCH', path: '/users/me', tags: ['users'], summary: "Change one's own name or handle" },
    errors: {
      400: 'None of firstName, lastName and handle given, one is blank, too long or malformed, or the handle is taken',
    },
  })
  .input(updateMeInput)
  .output(UserSummary)
  .mutation(({ ctx, input }) => updateUserProfile(ctx.em, ctx.user.userId, input));
