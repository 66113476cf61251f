import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { verifyAccessToken } from '../auth/tokens.js';
import { errorHeaders, restErrorAnswer } from '../trpc/error-handling.js';

/*
 * What the gates that run before a request's body is read share (in-flight.ts, upload-gate.ts):
 * who the caller is without the database, which /trpc procedures it calls, and how to refuse it.
 */

/** The /trpc procedures a request calls (a batch's, comma-separated), or undefined for any other path. */
export function trpcPaths(req: IncomingMessage & { path: string }): string[] | undefined {
  if (!req.path.startsWith('/trpc/')) return undefined;
  try {
    return decodeURIComponent(req.path.slice('/trpc/'.length)).split(',');
  } catch {
    return [''];
  }
}

/** The token's user, its signature and expiry verified in memory; undefined when it does not verify. */
export function verifiedUserId(token: string | null, secret: string): number | undefined {
  if (!token) return undefined;
  try {
    return verifyAccessToken(token, secret).userId;
  } catch {
    return undefined;
  }
}

/**
 * A refusal in the transport's error format, its body unread: REST's `{ message, code }`, or tRPC's
 * error (one per call of a batch), with the headers every error answer carries (Retry-After, a 401's
 * challenge). A 5xx names nothing internal, as everywhere.
 */
export function answerEarly(res: ServerResponse, error: TRPCError, paths: string[] | undefined, batch: boolean): void {
  const { status, body } = restErrorAnswer(error);
  const trpcError = (path?: string) => ({
    error: {
      message: body.message,
      code: TRPC_ERROR_CODES_BY_KEY[error.code],
      data: { code: error.code, httpStatus: status, path },
    },
  });
  const text = JSON.stringify(paths ? (batch ? paths.map(trpcError) : trpcError(paths[0])) : body);
  res.writeHead(status, {
    ...errorHeaders([error]),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
