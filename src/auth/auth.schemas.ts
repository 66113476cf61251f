import { z } from 'zod';
import { statusSuccess, text } from '../schemas.js';
import { PASSWORD_MAX, PASSWORD_MIN } from './passwords.js';

export const NAME_MAX = 100;

/** Emails are trimmed and lower-cased before they are validated, stored or compared. */
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email().max(254))
  .meta({ description: 'An email address; compared case-insensitively', example: 'ada@example.com' });

export const newPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const signupInput = z
  .object({
    email,
    password: newPassword,
    passwordValidation: z.string(),
    firstName: text(NAME_MAX),
    lastName: text(NAME_MAX),
  })
  .refine((body) => body.password === body.passwordValidation, {
    path: ['passwordValidation'],
    message: 'must match password',
  });

export const loginInput = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  // Refused before any hashing when absurdly long.
  password: z.string().min(1).max(PASSWORD_MAX),
  longExpiration: z.boolean().optional().meta({ description: 'Keep the session for a long time (30 days by default)' }),
});

export const registerInput = z
  .object({
    email,
    name: text(200).meta({ description: 'Full name; split at its first spaces into firstName and lastName' }),
    password: newPassword,
    password_confirm: z.string(),
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
