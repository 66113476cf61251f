import type { TRPCProcedureBuilder, TRPCUnsetMarker } from '@trpc/server';
import { z } from 'zod';
import { withOutputBuiltBySql } from './internals.js';
import { wholeList, type SlotHolder } from './large-answers.js';
import { LIST_SENT_WHOLE_UP_TO_BYTES, paged, type DocumentPart, type ListStream } from './list-stream.js';
import type { Page } from './schemas.js';
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
 * A list, declared once: defineList builds from it the procedure (a page, or the whole list
 * bounded: /trpc and createCaller) and the stream REST sends for it unpaged (json-stream.ts, found
 * through the procedure's meta). `page`, `whole` and `document` read the same rows in the same
 * order; tests/transport/stream.test.ts holds REST's bytes to the procedure's.
 */
export interface ListDeclaration<Ctx, S extends z.ZodType<Page | undefined>, T> {
  /** Documented at GET `openapi.path`. */
  openapi: Omit<NonNullable<AppMeta['openapi']>, 'method'>;
  errors?: AppMeta['errors'];
  input: S;
  item: z.ZodType<T>;
  /** One page (`limit` given): its one statement. */
  page: (ctx: Ctx, input: z.output<S> & { limit: number }) => Promise<T[]>;
  /**
   * The whole list over /trpc and createCaller: at most `limit` items and, for items of no
   * `itemMaxBytes`, the first past `maxBytes` bytes of JSON at most (wholeList says what is too many).
   */
  whole: (ctx: Ctx, input: z.output<S>, bounds: { limit: number; maxBytes: number }) => Promise<T[]>;
  /** The whole list as REST streams it, for the reader `userId` (0 for an anonymous list). */
  document: (input: z.output<S>, userId: number) => DocumentPart[];
  /** What an empty answer may mean instead (no such user: a 404): asked only then. */
  whenEmpty?: (ctx: Ctx, input: z.output<S>) => Promise<void>;
  /**
   * Items that can be large (posts): every unpaged answer takes a large-answer slot before anything
   * else, its session check included, on every transport. Otherwise an answer is sent whole up to
   * LIST_SENT_WHOLE_UP_TO_BYTES (REST) or SMALL_LIST_ITEMS items (/trpc) without one.
   */
  large?: true;
  /** The most bytes of JSON of one item, for lists of small items (see wholeList). */
  itemMaxBytes?: number;
  /** No caller needed: the large-answer slots are shared per client address. */
  anonymous?: true;
  /** Items are JSON that PostgreSQL built (withOutputBuiltBySql): not validated again, and sent over REST as text. */
  builtBySql?: true;
}

/** The list's procedure, its REST stream in its meta (`list`). */
export function defineList<Ctx extends object, S extends z.ZodType<Page | undefined>, T>(
  base: ListBase<Ctx>,
  list: ListDeclaration<Context & Ctx, S, T>,
) {
  const { large, anonymous = false, itemMaxBytes, page, whole, whenEmpty } = list;
  const stream: ListStream = {
    input: list.input,
    document: list.document as ListStream['document'],
    wholeUpTo: large ? 0 : LIST_SENT_WHOLE_UP_TO_BYTES,
    anonymous,
  };
  const streamedAt = large ? `GET ${list.openapi.path}` : undefined;
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
      const input = parsed as z.output<S>;
      const items = paged<Page>(input)
        ? await page(ctx, input)
        : await wholeList(ctx, slotHolder(ctx, anonymous), { streamedAt, itemMaxBytes }, (limit, maxBytes) =>
            whole(ctx, input, { limit, maxBytes }),
          );
      if (whenEmpty && items.length === 0) await whenEmpty(ctx, input);
      return items;
    });
  return list.builtBySql ? withOutputBuiltBySql(procedure) : procedure;
}

/** Whose large-answer slots a whole list takes: the caller's, or an anonymous caller's address's. */
const slotHolder = (ctx: Context & { user?: { userId: number } }, anonymous: boolean): SlotHolder =>
  anonymous || !ctx.user ? `address:${ctx.clientAddress}` : ctx.user.userId;
