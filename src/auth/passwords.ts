import argon2 from 'argon2';
import type { Env } from '../config.js';

/** The hashing settings, from the configuration. */
export type HashSettings = Pick<Env, 'ARGON2_MEMORY_KIB' | 'ARGON2_TIME_COST' | 'ARGON2_PARALLELISM'>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

function hashOptions(config: HashSettings) {
  return {
    type: argon2.argon2id,
    memoryCost: config.ARGON2_MEMORY_KIB,
    timeCost: config.ARGON2_TIME_COST,
    parallelism: config.ARGON2_PARALLELISM,
  };
}

export function hashPassword(password: string, config: HashSettings): Promise<string> {
  return argon2.hash(password, hashOptions(config));
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. With no user, it verifies against a dummy hash of the
 * same parameters, so an unknown email costs what a wrong password costs.
 */
export async function verifyPassword(
  hash: string | undefined,
  password: string,
  config: HashSettings,
): Promise<boolean> {
  dummyHash ??= hashPassword('feedline-dummy-password', config);
  const ok = await argon2.verify(hash ?? (await dummyHash), password).catch(() => false);
  return ok && hash !== undefined;
}

/** True when a hash was made with other parameters than the configured ones: rehash on login. */
export function needsRehash(hash: string, config: HashSettings): boolean {
  const { memoryCost, timeCost, parallelism } = hashOptions(config);
  return argon2.needsRehash(hash, { memoryCost, timeCost, parallelism });
}
