import argon2 from 'argon2';
import type { Env } from '../platform/config.js';
import { Gate } from '../platform/gate.js';

/** The hashing settings, from the configuration. */
export type HashSettings = Pick<
  Env,
  'ARGON2_MEMORY_KIB' | 'ARGON2_TIME_COST' | 'ARGON2_PARALLELISM' | 'ARGON2_MAX_CONCURRENT'
>;

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

/**
 * Argon2 is built to eat memory and CPU. Unbounded, a login flood fills libuv's threadpool and
 * starves every other request; a small queue keeps the rest of the service answering. One queue
 * per process, sized by its configuration (the same for every call).
 */
let gate: Gate | undefined;
const limited = <T>(max: number, work: () => Promise<T>): Promise<T> => (gate ??= new Gate(max)).run(work);

export function hashPassword(password: string, config: HashSettings): Promise<string> {
  return limited(config.ARGON2_MAX_CONCURRENT, () => argon2.hash(password, hashOptions(config)));
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
  const against = hash ?? (await dummyHash);
  const ok = await limited(config.ARGON2_MAX_CONCURRENT, () => argon2.verify(against, password)).catch(() => false);
  return ok && hash !== undefined;
}

/** True when a hash was made with other parameters than the configured ones: rehash on login. */
export function needsRehash(hash: string, config: HashSettings): boolean {
  const { memoryCost, timeCost, parallelism } = hashOptions(config);
  return argon2.needsRehash(hash, { memoryCost, timeCost, parallelism });
}
