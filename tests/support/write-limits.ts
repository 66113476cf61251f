import { WRITE_KINDS, writeLimitVariable } from '../../src/auth/write-limits.js';

/**
 * The suite's tests write many times as one user: every per-user write limit raised far above
 * what they write (still counted, so the counting runs in every test). Tests of the limits set
 * their own.
 */
export const RAISED_WRITE_LIMITS: Record<string, string> = {
  WRITES_PER_USER: '100000',
  WRITE_BYTES_PER_USER: '1000000000',
  ...Object.fromEntries(WRITE_KINDS.map((kind) => [writeLimitVariable(kind), '1000000/1h'])),
};

/**
 * The suite sends many requests at once from one address, as one user: the in-flight caps and the
 * password-hash queue's bounds out of the way. Their tests set their own.
 */
export const RAISED_CONCURRENCY_LIMITS: Record<string, string> = {
  MAX_IN_FLIGHT_PER_USER: '100000',
  MAX_IN_FLIGHT_PER_ADDRESS: '100000',
  STREAMS_PER_ADDRESS: '100000',
  ARGON2_QUEUE_MAX: '100000',
  ARGON2_QUEUE_PER_ADDRESS: '100000',
};

/** The suite signs up and logs in many accounts from one address: the account limits out of the way. */
export const RAISED_ACCOUNT_LIMITS: Record<string, string> = {
  LOGIN_FAILURES_PER_EMAIL: '1000',
  LOGIN_FAILURES_PER_ADDRESS: '100000',
  SIGNUPS_PER_ADDRESS: '100000',
  SIGNUPS_PER_NETWORK: '100000',
};
