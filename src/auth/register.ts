import { publicProcedure } from '../trpc/trpc.js';
import { UserSummary } from '../viewer/user-summary.schema.js';
import { createAccount } from './accounts.js';
import { registerInput, splitName } from './auth.schemas.js';

/** The event group's signup: the same accounts and rules as /auth/signup. */
export const register = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/register',
      tags: ['auth'],
      protect: false,
      summary: 'Create an account (event group)',
    },
    successStatus: 201,
    errors: {
      400: 'Invalid input, password_confirm differs, the user already exists, or the handle is taken',
      429: 'Too many signups from this address; see Retry-After',
    },
  })
  .input(registerInput)
  .output(UserSummary)
  .mutation(({ ctx, input }) =>
    createAccount(ctx, {
      email: input.email,
      password: input.password,
      ...splitName(input.name),
      handle: input.handle,
    }),
  );
