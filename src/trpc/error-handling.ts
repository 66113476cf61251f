import { ConnectionException, LockWaitTimeoutException } from '@mikro-orm/core';
import { TRPCError, type TRPCDefaultErrorShape } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import {
  INTERNAL_SERVER_ERROR,
  PAYLOAD_TOO_LARGE,
  SERVICE_UNAVAILABLE,
  STATUS_CODE,
  type ApiErrorBody,
} from '../platform/errors.js';
import { retryAfterOf } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { toIssues, validationMessage, type ApiIssue } from '../platform/validation-messages.js';

/*
 * How an error becomes an answer. A request passes these stages in order (the steps of createApp
 * in http.ts), and each failure is shaped where it happens:
 *
 *   1. Express middlewares (steps 1-5): body cap (413), JSON parser and depth limit (400); what
 *      they throw lands in httpErrorHandler.
 *   2. The adapter, /trpc (step 6) or REST (step 9: 404, 405 with Allow, 415 before any
 *      procedure), builds the context and calls the procedure.
 *   3. The procedure's middlewares, outermost first (trpc.ts): normalizeError, which on the way
 *      out turns a Zod failure into an InvalidInputError (its message worded once) and a lost
 *      database into a 503; the session checks (401) and the write limit (429); then the input
 *      schema (Zod, worded by validation-messages.ts).
 *   4. The procedure and its queries throw the vocabulary of errors.ts (400, 403, 404).
 *   5. formatError, tRPC's error formatter, writes the shape both adapters send: message, code,
 *      issues, and nothing internal on a 5xx. The adapters' onError logs internals (http.ts).
 *   6. On REST, rest.ts answers that shape as the documented `{ message, code, issues? }`.
 *   7. httpErrorHandler (step 10) answers what failed before any procedure ran, in the same body.
 */

/** Input that failed its schema: the readable message, and the issues field by field. */
export class InvalidInputError extends TRPCError {
  constructor(readonly issues: ApiIssue[]) {
    super({ code: 'BAD_REQUEST', message: validationMessage(issues) });
  }
}

/**
 * Errors a procedure's result carries are normalised here, so createCaller, /trpc and REST see
 * the same thing: validation failures get a readable message, a lost database is a 503.
 */
export function normalizeError(error: TRPCError): TRPCError {
  if (error.code === 'BAD_REQUEST' && error.cause instanceof ZodError)
    return new InvalidInputError(toIssues(error.cause));
  if (error.code === 'INTERNAL_SERVER_ERROR' && isDatabaseUnavailable(error.cause)) {
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE.message, cause: error.cause });
  }
  return error;
}

/**
 * The tRPC error formatter, for /trpc and (through rest.ts) REST alike: a clear message,
 * validation issues, never a stack, and no internals on a 5xx.
 */
export function formatError({ shape, error }: { shape: TRPCDefaultErrorShape; error: TRPCError }) {
  const { httpStatus } = shape.data;
  return {
    message: answeredMessage(error, httpStatus),
    code: shape.code,
    data: {
      code: shape.data.code,
      httpStatus,
      path: shape.data.path,
      ...(error instanceof InvalidInputError && { issues: error.issues }),
    },
  };
}

/**
 * A REST error answer, `{ message, code, issues? }` with its status: what formatError gives /trpc,
 * in the documented body.
 */
export function restErrorAnswer(error: TRPCError): { status: number; body: ApiErrorBody } {
  const status = getHTTPStatusCodeFromError(error);
  return {
    status,
    body: {
      message: answeredMessage(error, status), // a validation failure's message is worded once, by normalizeError
      code: error.code,
      ...(error instanceof InvalidInputError && { issues: error.issues }),
    },
  };
}

/** An error's message as answered: a 5xx says nothing internal. */
const answeredMessage = (error: TRPCError, httpStatus: number): string =>
  httpStatus < 500 ? error.message : (httpStatus === 503 ? SERVICE_UNAVAILABLE : INTERNAL_SERVER_ERROR).message;

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * A lost or overloaded database, wherever in the cause chain it shows: SQLSTATE class 08
 * (connection) but 08P01, 57P01-57P03 (shutdown, crash, cannot connect now), 57014 (statement timeout),
 * 25006 (a write reached a standby: the primary moved during a failover or switchover), socket errors, the pool giving up on a connection, or the client-side query deadline passing.
 */
export function isDatabaseUnavailable(cause: unknown): boolean {
  for (let error = cause, depth = 0; error instanceof Error && depth < 5; error = error.cause, depth++) {
    if (error instanceof ConnectionException || error instanceof LockWaitTimeoutException) return true;
    const { code } = error as { code?: unknown };
    // 08P01 (protocol violation) comes from what a request sent, not from a database that is away.
    if (
      typeof code === 'string' &&
      (/^08(?!P01)|^57P0[1-3]$|^57014$|^25006$/.test(code) || UNAVAILABLE_CODES.has(code))
    )
      return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Knex: Timeout acquiring|Query read timeout/i.test(
        error.message,
      )
    )
      return true;
  }
  return false;
}

/**
 * Database outages are logged at error level with their cause, once per incident rather than once
 * per request: the first failure opens an incident, the next query that succeeds closes it.
 */
export class OutageLog {
  private open = false;
  constructor(private readonly logger: Logger) {}

  failed(cause: unknown): void {
    if (this.open) return;
    this.open = true;
    this.logger.error({ err: cause }, 'database unavailable: answering 503 until it is back');
  }

  succeeded(): void {
    if (!this.open) return;
    this.open = false;
    this.logger.info('database available again');
  }
}

/** Errors raised before a procedure runs (body parser, unknown routes): always JSON, never a stack. */
export const httpErrorHandler =
  (outages: OutageLog): ErrorRequestHandler =>
  (error: unknown, req, res, _next) => {
    if (isDatabaseUnavailable(error)) {
      outages.failed(error);
      res.status(503).json(SERVICE_UNAVAILABLE);
      return;
    }
    // What body-parser and Express put on their errors.
    const {
      status: declared,
      type,
      message: detail,
    } = (error ?? {}) as { status?: unknown; type?: unknown; message?: unknown };
    const status = typeof declared === 'number' && declared >= 400 && declared < 500 ? declared : 500;
    const message =
      status === 413
        ? PAYLOAD_TOO_LARGE.message
        : status === 400 && type === 'entity.parse.failed'
          ? 'Malformed JSON body'
          : status < 500 && typeof detail === 'string'
            ? detail
            : status < 500
              ? 'Bad request'
              : INTERNAL_SERVER_ERROR.message;
    if (status >= 500) req.log?.error({ err: error }, 'unhandled error');
    res
      .status(status)
      .json({ message, code: STATUS_CODE[status] ?? INTERNAL_SERVER_ERROR.code } satisfies ApiErrorBody);
  };

const NO_HEADERS: Record<string, string> = Object.freeze({});

/** The headers an error answer carries, on every transport: Retry-After for a 429, and a 401's challenge. */
export function errorHeaders(errors: TRPCError[]): Record<string, string> {
  if (errors.length === 0) return NO_HEADERS;
  const retryAfter = retryAfterOf(errors[0]);
  return {
    ...(retryAfter !== undefined && { 'Retry-After': String(retryAfter) }),
    ...(errors.some((error) => error.code === 'UNAUTHORIZED') && { 'WWW-Authenticate': 'Bearer' }),
  };
}
