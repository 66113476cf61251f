import type { z } from 'zod';
import type { DriverStatement } from '../db/sql.js';

/**
 * A JSON document in the order it is written: literal text, and the rows of statements, each
 * selecting one `json` column of JSON as text (`::text`), written one after another, comma-separated
 * (the elements of a JSON array), as PostgreSQL built them.
 */
export type DocumentPart = string | DriverStatement;

/**
 * How REST streams a list unpaged (http/json-stream.ts), as defineList (lists.ts) puts it in the
 * procedure's meta: the REST handler finds it there, so a list has no route of its own.
 */
export interface ListStream {
  /** The procedure's own input schema: REST input is parsed once, with it. */
  input: z.ZodType;
  /**
   * The document this input asks of the signed-in user `userId`. When its first statement yields no
   * row, the procedure answers instead (an empty list; no such user: a 404; a `before` naming nothing
   * the reader sees: a 400).
   */
  document: (input: unknown, userId: number) => DocumentPart[];
  /**
   * Answers up to this many bytes are built whole and sent at once, needing no stream slot (for
   * answers that are usually small); 0: a stream slot before anything else.
   */
  wholeUpTo: number;
  /**
   * A public list (no token needed): every caller from one address shares that address's
   * large-answer slots, as the procedure's whole answer over /trpc does.
   */
  anonymous: boolean;
}

/** Unpaged lists that are usually short (users, follow relations, comments, events) are sent whole up to this size, needing no slot. */
export const LIST_SENT_WHOLE_UP_TO_BYTES = 256 * 1024;

/** A list's input: a page (`limit`) after the item `before` names (an id, or a key of the list's own, a tag). */
export interface ListPage {
  limit?: number;
  before?: number | string;
}

/** A list input with `limit`: one page, built in one statement. */
export const paged = <P extends ListPage>(input: P | undefined): input is P & { limit: number } =>
  input?.limit !== undefined;

/**
 * Whether REST input (before parsing) asks for a page: a non-empty `limit`, valid or not, is the
 * procedure's to answer, so a page costs no parse but the procedure's.
 */
export const asksForPage = (raw: Record<string, unknown> | undefined) => raw?.limit !== undefined;
