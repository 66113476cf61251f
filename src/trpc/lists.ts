import type { TRPCProcedureBuilder, TRPCUnsetMarker } from '@trpc/server';
import { z } from 'zod';
import { withOutputBuiltBySql } from './internals.js';
import { wholeList, type SlotHolder } from './large-answers.js';
import { LIST_SENT_WHOLE_UP_TO_BYTES, paged, type ListPage, type ListStream } from './list-stream.js';
import { JsonText } from './json-text.js';
import { ANSWER_MAX_BYTES } from './schemas.js';
import { type DriverStatement, runDriverStatement, upToBytes } from '../db/sql.js';
import type { AppMeta, Context } from './trpc.js';

/** A procedure builder of this app, before its meta, input and output (publicProcedure, authedProcedure, ...). */
type ListBase<Ctx> = TRPCProcedureBuilder<
  Context,
  AppMeta,
  Ctx,
  TRPCUnsetMarker,
  TRPCUnsetMarker,
  TRPCUnsetMarker,
  TRPCUnsetMarker,
  false
>;

/**
 * A list, declared once by its statement (`rows`): defineList derives from it one page (`limit`
 * given), the whole list bounded (wholeList: /trpc and createCaller) and the document REST streams
 * unpaged (json-stream.ts, found through the procedure's meta). All read the same rows in the same
 * order; tests/transport/stream.test.ts holds REST's bytes to the procedure's.
 */
export interface ListDeclaration<Ctx, S extends z.ZodType<ListPage | undefined>, T> {
  /** Documented at GET `openapi.path`. */
  openapi: Omit<NonNullable<AppMeta['openapi']>, 'method'>;
  errors?: AppMeta['errors'];
  input: S;
  item: z.ZodType<T>;
  /**
   * The list's statement: rows of one `json` column of JSON as text, in the list's order, as the
   * reader `readerId` (0 for an anonymous list) sees them, after `before`, at most `limit` when given.
   */
  rows: (input: ListInput<S>, readerId: number) => DriverStatement;
  /** A page that takes another path than `rows` (a hot page, its session check in its statement); `fromRows` is the derived one. */
  page?: (ctx: Ctx, input: ListInput<S> & { limit: number }, fromRows: () => Promise<T[]>) => Promise<T[]>;
  /** For a procedure that has not checked the session (sessionProcedure): the check, before `rows` runs (in the slot when large). */
  checkSession?: (ctx: Ctx) => Promise<void>;
  /** What an empty answer may mean instead (a `before` naming nothing: a 400; no such user: a 404): asked only then. */
  whenEmpty?: (ctx: Ctx, input: ListInput<S>) => Promise<void>;
  /**
   * Items that can be large (posts): a page holds at most ANSWER_MAX_BYTES of them, and every
   * unpaged answer takes a large-answer slot before anything else, its session check included, on
   * every transport. Otherwise an answer is sent whole up to LIST_SENT_WHOLE_UP_TO_BYTES (REST) or
   * SMALL_LIST_ITEMS items (/trpc) without one.
   */
  large?: true;
  /** The most bytes of JSON of one item, for lists of small items (see wholeList): their whole list needs no byte bound in SQL. */
  itemMaxBytes?: number;
  /** No caller needed: the large-answer slots are shared per client address. */
  anonymous?: true;
  /** Items are JSON that PostgreSQL built (withOutputBuiltBySql): not validated again, and sent over REST as text. */
  builtBySql?: true;
}

/** A list's input, present (an optional input left out is `{}`). */
export type ListInput<S extends z.ZodType<ListPage | undefined>> = NonNullable<z.output<S>>;

/** A page's statement: of large items, only as many as fit in ANSWER_MAX_BYTES. */
export const pageStatement = (rows: DriverStatement, { large }: { large?: true }): DriverStatement =>
  large ? upToBytes(rows, ANSWER_MAX_BYTES) : rows;

/** The whole list's statement for wholeList: items of no itemMaxBytes up to `maxBytes` of JSON, and the first past them. */
export const wholeStatement = (
  rows: DriverStatement,
  maxBytes: number,
  { itemMaxBytes }: { itemMaxBytes?: number },
): DriverStatement => (itemMaxBytes === undefined ? upToBytes(rows, maxBytes, { andTheFirstPast: true }) : rows);

/** The list's procedure, its REST stream in its meta (`list`). */
export function defineList<Ctx extends object, S extends z.ZodType<ListPage | undefined>, T>(
  base: ListBase<Ctx>,
  list: ListDeclaration<Context & Ctx, S, T>,
) {
  const { rows, large, anonymous = false, itemMaxBytes, page, checkSession, whenEmpty } = list;
  const stream: ListStream = {
    input: list.input,
    document: (input, userId) => ['[', rows((input ?? {}) as ListInput<S>, userId), ']'],
    wholeUpTo: large ? 0 : LIST_SENT_WHOLE_UP_TO_BYTES,
    anonymous,
  };
  const streamedAt = large ? `GET ${list.openapi.path}` : undefined;
  const read = async (ctx: Context & Ctx, statement: DriverStatement): Promise<T[]> => {
    await checkSession?.(ctx);
    const found = await runDriverStatement<{ json: string }>(ctx.services.orm, statement);
    return found.map((row) => JSON.parse(row.json) as T);
  };
  const procedure = base
    .meta({
      openapi: { ...list.openapi, method: 'GET' },
      ...(list.errors && { errors: list.errors }),
      list: stream,
    })
    .input(list.input)
    .output(z.array(list.item))
    .query(async ({ ctx: given, input: parsed }) => {
      const ctx = given as Context & Ctx;
      const input = (parsed ?? {}) as ListInput<S>;
      const readerId = anonymous ? 0 : (ctx as { user?: { userId: number } }).user!.userId;
      let items: T[];
      if (paged<ListPage>(input)) {
        const fromRows = () => read(ctx, pageStatement(rows(input, readerId), list));
        items = page ? await page(ctx, input, fromRows) : await fromRows();
      } else {
        items = await wholeList(ctx, slotHolder(ctx, anonymous), { streamedAt, itemMaxBytes }, (limit, maxBytes) =>
          read(ctx, wholeStatement(rows({ ...input, limit }, readerId), maxBytes, list)),
        );
      }
      if (whenEmpty && isEmpty(items)) await whenEmpty(ctx, input);
      return items;
    });
  return list.builtBySql ? withOutputBuiltBySql(procedure) : procedure;
}

/** Whether an answer holds no item: a page of PostgreSQL's JSON kept as text (JsonText) too. */
const isEmpty = (items: unknown) =>
  items instanceof JsonText ? items.text === '[]' : (items as unknown[]).length === 0;

/** Whose large-answer slots a whole list takes: the caller's, or an anonymous caller's address's. */
const slotHolder = (ctx: Context & { user?: { userId: number } }, anonymous: boolean): SlotHolder =>
  anonymous || !ctx.user ? `address:${ctx.clientAddress}` : ctx.user.userId;
