import type { z } from 'zod';
import type { DriverStatement } from '../db/sql.js';
import type { Page } from './schemas.js';

/**
 * A JSON document in the order it is written: literal text, and the rows of statements, each
 * selecting one `json` column of JSON as text (`::text`), written one after another, comma-separated
 * (the elements of a JSON array), as PostgreSQL built them.
 */
export type DocumentPart = string | DriverStatement;

/**
 * The REST stream twin of a procedure (registered by the procedure's name in its domain's router
 * file, served at the procedure's REST path: see http.ts): the same input, the same JSON, streamed.
 */
export interface StreamedRoute<I = unknown> {
  /** The procedure's own input schema, read from the path and query as the REST adapter reads them; none: no input. */
  input?: z.ZodType<I>;
  /** Whether this input is streamed (say, no `limit` asked for); otherwise the procedure answers. Default: always. */
  streams?: (input: I) => boolean;
  /**
   * The document this input asks of the signed-in user `userId`. When its first statement yields no
   * row, the procedure answers instead (an empty list; no such user: a 404; a `before` naming nothing
   * the reader sees: a 400).
   */
  document: (input: I, userId: number) => DocumentPart[];
  /**
   * Answers up to this many bytes are built whole and sent at once, needing no stream slot (for
   * answers that are usually small); 0 (the default): a stream slot before anything else.
   */
  wholeUpTo?: number;
  /**
   * A public list (no token needed): every caller's stream shares the large-answer slots of one
   * user, 0 (no user has that id), as the procedure's whole answer over /trpc does.
   */
  anonymous?: true;
}

/** Unpaged lists that are usually short (users, follow relations, comments, events) are sent whole up to this size, needing no slot. */
export const LIST_SENT_WHOLE_UP_TO_BYTES = 256 * 1024;

/** A stream twin, typed by its input (routes of different inputs then sit in one record). */
export const streamedRoute = <I>(route: StreamedRoute<I>) => route as unknown as StreamedRoute;

/** A list input with `limit`: one page, built in one statement. */
export const paged = <P extends Page>(input: P | undefined): input is P & { limit: number } =>
  input?.limit !== undefined;

/** A list input without `limit`: the whole rest of the list (after `before` when given), streamed. */
export const unpaged = (input?: Page) => !paged(input);
