import { z } from 'zod';
import { idOutput } from '../trpc/schemas.js';

/** A user as every response shows one: never the email, never the password. */
export const UserSummary = z
  .object({
    id: idOutput,
    firstName: z.string(),
    lastName: z.string(),
  })
  .meta({ id: 'UserSummary' });

export type UserSummary = z.infer<typeof UserSummary>;
