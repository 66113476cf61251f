import { z } from 'zod';
import { InvalidInputError } from '../trpc/error-handling.js';
import { HANDLE_MAX, HANDLE_MIN } from '../users/user.entity.js';

/**
 * What a handle is: 3 to 30 of a-z, 0-9 and _, in either case as given (stored lower-case). Checked
 * before lower-casing, and for ASCII only: Unicode lower-cases some other characters into a-z (the
 * Kelvin sign into k), which would let a look-alike name another user's handle.
 */
export const HANDLE_PATTERN = new RegExp(`^[a-zA-Z0-9_]{${HANDLE_MIN},${HANDLE_MAX}}$`);

/** A handle as signup, PATCH /users/me and GET /users/by-handle/{handle} take it: trimmed and lower-cased, as stored. */
export const handleInput = z
  .string()
  .trim()
  .regex(HANDLE_PATTERN, `must be ${HANDLE_MIN} to ${HANDLE_MAX} characters of a-z, 0-9 and _`)
  .toLowerCase()
  .meta({
    description: `${HANDLE_MIN} to ${HANDLE_MAX} characters of a-z, 0-9 and _; compared and stored lower-case`,
    example: 'ada_lovelace',
  });

/** The handle `given` names, read as handleInput reads it (trimmed, lower-cased, as stored), or undefined when it is not a handle. */
export const handleOf = (given: string): string | undefined => {
  const read = handleInput.safeParse(given);
  return read.success ? read.data : undefined;
};

/** The handle's unique key: a write that breaks it asked for a handle someone has. */
export const HANDLE_KEY = 'users_handle_unique';

/** Whether `error` is a write's broken HANDLE_KEY (a pg driver error names its constraint). */
export const brokeHandleKey = (error: unknown): boolean =>
  (error as { code?: unknown; constraint?: unknown } | null)?.code === '23505' &&
  (error as { constraint?: unknown }).constraint === HANDLE_KEY;

/** A taken handle: a 400 naming the field, as a validation failure does. */
export const handleTaken = () => new InvalidInputError([{ path: 'handle', message: 'handle is taken' }]);
