import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import type { ApiResponse, TestUser } from './harness.js';

/** What every test of the API shares: expected shapes, odd ids, and the checks of error answers. */

/** A user as posts, comments and lists show them: id and names, nothing that identifies a login. */
export const summary = (user: TestUser) => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  avatarUrl: null,
  handle: user.handle,
});

/** ISO 8601 UTC with milliseconds, as the API writes every timestamp. */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A well-formed id that no row has. */
export const MISSING_ID = 2_000_000_000;

/** `{id}` path segments that are not ids (a word, a fraction, a sign, zero, beyond int4, a blank): each is 400 "Invalid ID". */
export const INVALID_IDS = ['abc', '1.5', '-3', '0', '1e3', '99999999999', '2147483648', '%20'];

/** A procedure call that fails with the given tRPC code (and message, when given). */
export async function expectTrpcError(call: Promise<unknown>, code: TRPCError['code'], message?: string | RegExp) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected a ${code} error`).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code).toBe(code);
  if (message !== undefined) expect((error as TRPCError).message).toMatch(message);
}

/** A REST error response: the status, the `{ message, code }` body, and nothing internal. */
export function expectApiError(res: ApiResponse, status: number, code: string, message?: string | RegExp) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toMatchObject({ message: expect.any(String), code });
  if (message !== undefined) expect(res.body.message).toMatch(message);
  expect(res.text).not.toMatch(/stack|node_modules|\.ts:\d+/);
}

/** Nothing that identifies a login (email, password, hash) appears in a response. */
export function expectNoSecrets(text: string, ...secrets: string[]) {
  expect(text).not.toMatch(/"email"|password|passwordHash|\$argon2/i);
  for (const secret of secrets) expect(text).not.toContain(secret);
}
