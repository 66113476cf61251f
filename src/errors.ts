import { ConnectionException, LockWaitTimeoutException } from '@mikro-orm/core';
import { TRPCError } from '@trpc/server';
import type { DefaultErrorShape } from '@trpc/server/unstable-core-do-not-import';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';

/** One error vocabulary for every procedure. */
export const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
export const unauthorized = (message = 'Authentication required') => new TRPCError({ code: 'UNAUTHORIZED', message });
export const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });
export const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });

export const INVALID_ID = 'Invalid ID';

export interface ApiIssue {
  path: string;
  message: string;
}

/** The REST error body: `{ message, code, issues? }`. */
export interface ApiErrorBody {
  message: string;
  code: string;
  issues?: ApiIssue[];
}

/** Field-level issues of a Zod validation failure; each message names its field. */
export function toIssues(error: ZodError): ApiIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    if (path === 'id') return { path, message: INVALID_ID };
    const message = issue.message === INVALID_ID ? 'must be a positive integer id' : issue.message;
    return { path, message: `${path || 'input'} ${message}` };
  });
}

/** A human message for a validation failure: an invalid `{id}` is always exactly "Invalid ID". */
export function validationMessage(issues: ApiIssue[]): string {
  if (issues.some((issue) => issue.path === 'id')) return INVALID_ID;
  return issues.map((issue) => issue.message).join('; ') || 'Invalid input';
}

function inputIssues(error: TRPCError): ApiIssue[] | undefined {
  return error.code === 'BAD_REQUEST' && error.cause instanceof ZodError ? toIssues(error.cause) : undefined;
}

/**
 * The tRPC error formatter, for /trpc and (through restErrorBodies) REST alike: a clear message,
 * validation issues, never a stack, and no internals on a 5xx.
 */
export function formatError({ shape, error }: { shape: DefaultErrorShape; error: TRPCError }) {
  const issues = inputIssues(error);
  // Every procedure's errors pass normalizeError first, so validation messages are readable already.
  const message =
    shape.data.httpStatus >= 500 ? (STATUS_MESSAGE[shape.data.httpStatus] ?? 'Internal server error') : error.message;
  return {
    message,
    code: shape.code,
    data: {
      code: shape.data.code,
      httpStatus: shape.data.httpStatus,
      path: shape.data.path,
      ...(issues && { issues }),
    },
  };
}

const STATUS_MESSAGE: Record<number, string> = {
  500: 'Internal server error',
  503: 'Service temporarily unavailable',
};

/**
 * Errors a procedure's result carries are normalised here, so createCaller, /trpc and REST see
 * the same thing: validation failures get a readable message, a lost database is a 503.
 */
export function normalizeError(error: TRPCError): TRPCError {
  const issues = inputIssues(error);
  if (issues) return new TRPCError({ code: 'BAD_REQUEST', message: validationMessage(issues), cause: error.cause });
  if (error.code === 'INTERNAL_SERVER_ERROR' && isDatabaseUnavailable(error.cause)) {
    return new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Service temporarily unavailable',
      cause: error.cause,
    });
  }
  return error;
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * A lost or overloaded database, wherever in the cause chain it shows: SQLSTATE class 08
 * (connection), 57P01-57P03 (shutdown, crash, cannot connect now), 57014 (statement timeout),
 * socket errors, or the pool giving up on a connection.
 */
export function isDatabaseUnavailable(cause: unknown): boolean {
  for (let error = cause, depth = 0; error instanceof Error && depth < 5; error = error.cause, depth++) {
    if (error instanceof ConnectionException || error instanceof LockWaitTimeoutException) return true;
    const code = String((error as { code?: unknown }).code ?? '');
    if (/^08|^57P0[1-3]$|^57014$/.test(code) || UNAVAILABLE_CODES.has(code)) return true;
    if (/Connection terminated|timeout exceeded when trying to connect|Knex: Timeout acquiring/i.test(error.message))
      return true;
  }
  return false;
}

const STATUS_CODE: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * trpc-to-openapi writes its own error body (tRPC's shape plus a generic "Input validation failed");
 * rewrite it on the way out into the documented `{ message, code, issues? }`, taken from the
 * shape our errorFormatter produced.
 */
export const restErrorBodies: RequestHandler = (_req, res, next) => {
  const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (res.statusCode >= 400 && typeof chunk === 'string') {
      const shape = JSON.parse(chunk) as { message?: string; code?: string; data?: { issues?: ApiIssue[] } };
      const issues = shape.data?.issues;
      const body: ApiErrorBody = {
        message: issues ? validationMessage(issues) : (shape.message ?? 'Error'),
        code: shape.code ?? STATUS_CODE[res.statusCode] ?? 'INTERNAL_SERVER_ERROR',
        ...(issues && { issues }),
      };
      chunk = JSON.stringify(body);
      res.setHeader('Content-Length', Buffer.byteLength(chunk as string));
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
  next();
};

/** Errors raised before a procedure runs (body parser, unknown routes): always JSON, never a stack. */
export const httpErrorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (isDatabaseUnavailable(error)) {
    res
      .status(503)
      .json({ message: 'Service temporarily unavailable', code: 'SERVICE_UNAVAILABLE' } satisfies ApiErrorBody);
    return;
  }
  const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
  const message =
    status === 413
      ? 'Request body too large (limit 1 MB)'
      : status === 400 && error?.type === 'entity.parse.failed'
        ? 'Malformed JSON body'
        : status < 500
          ? String(error?.message ?? 'Bad request')
          : 'Internal server error';
  if (status >= 500) req.log?.error({ err: error }, 'unhandled error');
  res.status(status).json({ message, code: STATUS_CODE[status] ?? 'INTERNAL_SERVER_ERROR' } satisfies ApiErrorBody);
};
