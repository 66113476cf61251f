import { z } from 'zod';
import { idOutput } from '../trpc/schemas.js';
import { NAME_MAX_BYTES } from '../users/user.entity.js';

/** A user as every response shows one: never the email, never the password. */
export const UserSummary = z
  .object({
    id: idOutput,
    firstName: z.string(),
    lastName: z.string(),
  })
  .meta({ id: 'UserSummary' });

export type UserSummary = z.infer<typeof UserSummary>;

/** The most bytes of JSON of one UserSummary: `{"id":2147483647,"firstName":"…","lastName":"…"}`. */
export const SUMMARY_MAX_JSON_BYTES = 46 + 2 * NAME_MAX_BYTES;
