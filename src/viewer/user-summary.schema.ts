import { z } from 'zod';
import { idOutput } from '../trpc/schemas.js';
import { HANDLE_MAX, MEDIA_URL_MAX, NAME_MAX_BYTES } from '../users/user.entity.js';

/** A user as every response shows one: never the email, never the password. */
export const UserSummary = z
  .object({
    id: idOutput,
    firstName: z.string(),
    lastName: z.string(),
    avatarUrl: z
      .string()
      .nullable()
      .meta({ description: 'The avatar, 400×400 (PUT /users/me/avatar); null without one' }),
    handle: z.string().meta({
      description:
        'Unique, lower-case, 3 to 30 of a-z, 0-9 and _: `@handle` mentions the user (GET /users/by-handle/{handle})',
      example: 'ada_lovelace',
    }),
  })
  .meta({ id: 'UserSummary' });

export type UserSummary = z.infer<typeof UserSummary>;

/**
 * The most bytes of JSON of one UserSummary:
 * `{"id":2147483647,"firstName":"…","lastName":"…","avatarUrl":"…","handle":"…"}`; a URL needs no JSON
 * escape (MEDIA_PUBLIC_URL is printable ASCII without quotes or backslashes, a key is base64url), nor
 * does a handle.
 */
export const SUMMARY_MAX_JSON_BYTES = 46 + 2 * NAME_MAX_BYTES + 15 + MEDIA_URL_MAX + 12 + HANDLE_MAX;
