import { z } from 'zod';
import { jsonBytes, plainString, statusSuccess, text, timestamp } from '../trpc/schemas.js';
import { EMAIL_MAX, NAME_MAX, NAME_MAX_BYTES } from '../users/user.entity.js';
import { PASSWORD_MAX, PASSWORD_MIN } from './passwords.js';
import { handleInput } from '../viewer/handles.js';

/** A signup's handle: optional, a free one is derived from the name without it. */
const newHandle = handleInput.optional().meta({
  description:
    'The handle to take (3 to 30 of a-z, 0-9 and _, stored lower-case); without it, a free one is derived from the name',
  example: 'ada_lovelace',
});

/** Emails are trimmed and lower-cased before they are validated, stored or compared. */
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email().max(EMAIL_MAX))
  .meta({ description: 'An email address; compared case-insensitively', example: 'ada@example.com' });

export const newPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const signupInput = z
  .object({
    email,
    password: newPassword,
    passwordValidation: z.string(),
    firstName: text(NAME_MAX, NAME_MAX_BYTES),
    lastName: text(NAME_MAX, NAME_MAX_BYTES),
    handle: newHandle,
  })
  .refine((body) => body.password === body.passwordValidation, {
    path: ['passwordValidation'],
    message: 'must match password',
  });

export const loginInput = z.object({
  email: plainString().trim().toLowerCase().min(1).max(EMAIL_MAX),
  // Refused before any hashing when absurdly long.
  password: z.string().min(1).max(PASSWORD_MAX),
  longExpiration: z.boolean().optional().meta({ description: 'Keep the session for a long time (30 days by default)' }),
});

/** "Ada King Lovelace" → firstName "Ada", lastName "King Lovelace"; a single word leaves lastName empty. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** The event group's full name must split into what /auth/signup requires: both names, each within the column. */
const fullName = text(2 * NAME_MAX + 1, 2 * NAME_MAX_BYTES + 1)
  .superRefine((name, ctx) => {
    const { firstName, lastName } = splitName(name);
    if (!lastName) ctx.addIssue({ code: 'custom', message: 'must hold a first and a last name' });
    else if ([firstName, lastName].some((part) => part.length > NAME_MAX || jsonBytes(part) > NAME_MAX_BYTES))
      ctx.addIssue({
        code: 'custom',
        message: `must have a first and a last name of at most ${NAME_MAX} characters and ${NAME_MAX_BYTES} bytes as JSON each`,
      });
  })
  .meta({ description: 'Full name: first name, a space, last name (each at most 100 characters)' });

export const registerInput = z
  .object({
    email,
    name: fullName,
    password: newPassword,
    password_confirm: z.string(),
    handle: newHandle,
  })
  .refine((body) => body.password === body.password_confirm, {
    path: ['password_confirm'],
    message: 'must match password',
  });

const jwtToken = z.string().meta({ description: 'A JWT to send as `Authorization: Bearer <token>`' });

/** `token` for the social API's callers, `jwt` (the same token) for the event group's. */
export const LoginResult = z
  .object({ status: statusSuccess, token: jwtToken, jwt: jwtToken })
  .meta({ id: 'LoginResult' });

export const StatusResult = z.object({ status: statusSuccess }).meta({ id: 'StatusResult' });

export const changePasswordInput = z
  .object({
    // Refused before any hashing when absurdly long, as at login.
    currentPassword: z.string().min(1).max(PASSWORD_MAX),
    newPassword,
    newPasswordValidation: z.string(),
  })
  .refine((body) => body.newPassword === body.newPasswordValidation, {
    path: ['newPasswordValidation'],
    message: 'must match newPassword',
  });

export const passwordConfirmation = z.object({
  password: z.string().min(1).max(PASSWORD_MAX).meta({ description: "The caller's current password" }),
});

export const SessionInfo = z
  .object({
    id: z.uuid().meta({ description: "The session id (a token's `jti`)" }),
    createdAt: timestamp,
    expiresAt: timestamp,
    current: z.boolean().meta({ description: 'True for the session of the token making this request' }),
  })
  .meta({ id: 'Session' });
