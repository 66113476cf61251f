import { publicProcedure } from '../trpc/trpc.js';
import { UserSummary } from '../viewer/user-summary.schema.js';
import { createAccount } from './accounts.js';
import { signupInput } from './auth.schemas.js';

export const signup = publicProcedure
  .meta({
    openapi: { method: 'POST', path: '/auth/signup', tags: ['auth'], protect: false, summary: 'Create an account' },
    errors: {
      400: 'Invalid input, the user already exists, or the handle is taken',
      429: 'Too many signups from this address; see Retry-After',
    },
  })
  .input(signupInput)
  .output(UserSummary)
  .mutation(({ ctx, input }) => createAccount(ctx, input));
