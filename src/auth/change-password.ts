import { authedProcedure } from './procedures.js';
import { changePasswordInput, StatusResult } from './auth.schemas.js';
import { updatePasswordRevokingOtherSessions } from './auth.queries.js';
import { confirmPassword } from './confirm-password.js';
import { withPasswords } from './passwords.js';

/**
 * Every other session of the user ends at once; the one making the change stays. Of two sessions
 * changing at once, the first to write wins and ends the other, which answers 401 (its session has ended).
 */
export const changePassword = authedProcedure
  .meta({
    openapi: { method: 'POST', path: '/auth/password', tags: ['auth'], summary: "Change one's password" },
    errors: {
      400: 'Current password wrong, new password too short or too long, or newPasswordValidation differs',
      429: 'Too many wrong passwords for this account or from this address; see Retry-After',
    },
  })
  .input(changePasswordInput)
  .output(StatusResult)
  .mutation(({ ctx, input }) =>
    withPasswords(ctx.services.config, ctx.clientAddress, async (passwords) => {
      await confirmPassword(ctx, input.currentPassword, passwords);
      const passwordHash = await passwords.hash(input.newPassword);
      await updatePasswordRevokingOtherSessions(ctx.user, passwordHash, ctx.em);
      return { status: 'success' as const };
    }),
  );
