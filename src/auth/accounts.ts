import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { OrmContext } from '../trpc.js';
import { badRequest } from '../errors.js';
import { UserEntity } from '../users/user.entity.js';
import type { UserSummary } from '../users/user-summary.schema.js';
import { hashPassword } from './passwords.js';
import { reserve } from './rate-limits.js';

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

const USER_EXISTS = 'User already exists';

/** Creates an account; the unique key on the normalised email settles concurrent signups. */
export async function createAccount(ctx: OrmContext, account: NewAccount): Promise<UserSummary> {
  const { em, services } = ctx;
  const { config } = services;
  // Every attempt counts (the reservation is kept), so nobody mass-creates accounts from one address.
  await reserve(em, [
    {
      key: `signup-address:${ctx.clientAddress}`,
      max: config.SIGNUPS_PER_ADDRESS,
      windowSeconds: config.SIGNUP_WINDOW_SECONDS,
    },
  ]);
  // Skip the expensive hash for the common duplicate; the unique key still decides races.
  if ((await em.count(UserEntity, { email: account.email })) > 0) throw badRequest(USER_EXISTS);
  const passwordHash = await hashPassword(account.password, config);
  try {
    const id = await em.insert(UserEntity, {
      email: account.email,
      passwordHash,
      firstName: account.firstName,
      lastName: account.lastName,
    });
    return { id, firstName: account.firstName, lastName: account.lastName };
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw badRequest(USER_EXISTS);
    throw error;
  }
}
