import type { OrmContext } from '../trpc/trpc.js';
import type { UserSummary } from '../viewer/user-summary.schema.js';
import { assertAccountFree, insertUser } from './auth.queries.js';
import { withPasswords, type Passwords } from './passwords.js';
import { networkOf, reserve } from './rate-limits.js';

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Without one, a free handle is derived from the name. */
  handle?: string | undefined;
}

/** Creates an account; the unique key on the normalised email settles concurrent signups. */
export function createAccount(ctx: OrmContext, account: NewAccount): Promise<UserSummary> {
  // A place among the password hashes first: a refused signup costs no statement.
  return withPasswords(ctx.services.config, ctx.clientAddress, (passwords) => create(ctx, account, passwords));
}

async function create(ctx: OrmContext, account: NewAccount, passwords: Passwords): Promise<UserSummary> {
  const { em, services } = ctx;
  const { config } = services;
  // Every attempt counts (the reservation is kept), so nobody mass-creates accounts from one address,
  // nor from the addresses of one network (a /24, a /64) that one customer usually holds.
  await reserve(em, [
    {
      key: `signup-address:${ctx.clientAddress}`,
      kind: 'signup-address',
      max: config.SIGNUPS_PER_ADDRESS,
      windowSeconds: config.SIGNUP_WINDOW_SECONDS,
    },
    {
      key: `signup-network:${networkOf(ctx.clientAddress)}`,
      kind: 'signup-network',
      max: config.SIGNUPS_PER_NETWORK,
      windowSeconds: config.SIGNUP_WINDOW_SECONDS,
    },
  ]);
  // Skip the expensive hash for the common duplicates; the unique keys still decide races.
  const { email, firstName, lastName } = account;
  const handle = account.handle ?? null;
  await assertAccountFree(em, email, handle);
  const passwordHash = await passwords.hash(account.password);
  return insertUser(em, { email, passwordHash, firstName, lastName, handle });
}
