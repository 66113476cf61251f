import { TRPCError } from '@trpc/server';
import { countRateLimited, type RateLimitKind } from './metrics.js';
import type { ApiIssue } from './validation-messages.js';

/**
 * The error vocabulary: what a procedure throws, and what a client reads. How errors travel from
 * there to an HTTP answer is error-handling.ts; how validation failures are worded is
 * validation-messages.ts.
 */

export const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
export const unauthorized = (message = 'Authentication required') => new TRPCError({ code: 'UNAUTHORIZED', message });
export const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });
export const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });
/** Well-formed input that cannot be answered as asked (say, an answer too large to build whole). */
export const unprocessable = (message: string) => new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message });
/** The service cannot answer now; a retry later may succeed. */
export const unavailable = (message: string) => new TRPCError({ code: 'SERVICE_UNAVAILABLE', message });

/** The REST error body: `{ message, code, issues? }`. */
export interface ApiErrorBody {
  message: string;
  code: string;
  issues?: ApiIssue[];
}

/** The `code` of an error body, by HTTP status. */
export const STATUS_CODE: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
};

export const PAYLOAD_TOO_LARGE: ApiErrorBody = {
  message: 'Request body too large (limit 1 MB)',
  code: 'PAYLOAD_TOO_LARGE',
};

/** All a client learns of a 5xx: never its internals. */
export const INTERNAL_SERVER_ERROR: ApiErrorBody = {
  message: 'Internal server error',
  code: 'INTERNAL_SERVER_ERROR',
};

export const SERVICE_UNAVAILABLE: ApiErrorBody = {
  message: 'Service temporarily unavailable',
  code: 'SERVICE_UNAVAILABLE',
};

/** Thrown as the cause of a 429, so the HTTP layer can send Retry-After. */
export class RateLimited extends Error {
  override name = 'RateLimited';
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts; retry in ${retryAfterSeconds} seconds`);
  }
}

export function retryAfterOf(error: unknown): number | undefined {
  return error instanceof TRPCError && error.cause instanceof RateLimited ? error.cause.retryAfterSeconds : undefined;
}

/** A 429 from the limit `kind`, counted in rate_limit_rejections_total; the message says when, unless given. */
export function tooMany(retryAfter: number, kind: RateLimitKind, message?: string): TRPCError {
  countRateLimited(kind);
  const cause = new RateLimited(retryAfter);
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message: message ?? cause.message, cause });
}
