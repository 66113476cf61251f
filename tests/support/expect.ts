import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import type { ApiResponse } from './harness.js';

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
