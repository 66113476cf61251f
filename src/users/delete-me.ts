import { z } from 'zod';
import { passwordConfirmation } from '../auth/auth.schemas.js';
import { confirmPassword, WRONG_PASSWORD } from '../auth/confirm-password.js';
import { withPasswords } from '../auth/passwords.js';
import { authedProcedure } from '../auth/procedures.js';
import { deleteGoneFilesSoon } from '../media/sweeper.js';
import { deleteUserFor } from './users.queries.js';

/**
 * Closes the caller's account. Every row that names the user (posts with their comments and likes,
 * comments, likes, follows both ways, events, sessions, uploads) goes with it by ON DELETE CASCADE:
 * one statement, so one transaction; the uploads' files are deleted once it committed. Its tokens stop working (their sessions are gone) and its email is
 * free to sign up again.
 */
export const deleteMe = authedProcedure
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/users/me',
      tags: ['users'],
      summary: "Delete one's own account and everything in it",
      description: 'The password goes in the JSON request body, never in the URL.',
    },
    deleteTakesBody: true,
    successStatus: 204,
    errors: {
      400: `${WRONG_PASSWORD}, or missing`,
      429: 'Too many wrong passwords for this account or from this address; see Retry-After',
    },
  })
  .input(passwordConfirmation)
  .output(z.void())
  .mutation(({ ctx, input }) =>
    withPasswords(ctx.services.config, ctx.clientAddress, async (passwords) => {
      await confirmPassword(ctx, input.password, passwords);
      await deleteUserFor(ctx);
      deleteGoneFilesSoon(ctx.services.orm, ctx.services.media, ctx.services.logger);
    }),
  );
