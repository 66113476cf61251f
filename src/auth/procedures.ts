import { TRPCError } from '@trpc/server';
import { SESSION_ENDED } from '../viewer/session.js';
import { unauthorized as unauthorizedError } from '../platform/errors.js';
import { inBatchGate, normalized, procedure, type AppServices, type Context } from '../trpc/trpc.js';
import { assertSessionOpen } from './auth.queries.js';
import { authenticate, type SessionUser } from './authenticate.js';
import { WriteLimits, type CountedWrite } from './write-limits.js';

/*
 * The procedure builders that need a signed-in caller: they authenticate (auth's job), so they live
 * here rather than in src/trpc, which imports no domain. publicProcedure is in src/trpc/trpc.ts.
 */

const writeLimits = new WeakMap<AppServices, WriteLimits>();
/** One set of write limits per app (a test process may run several). */
function writeLimitsOf(services: AppServices): WriteLimits {
  let limits = writeLimits.get(services);
  if (!limits) writeLimits.set(services, (limits = new WriteLimits(services.config)));
  return limits;
}

/**
 * A procedure with a signed-in caller (see authenticate); every write (each mutation a caller
 * makes) counts against a per-user limit, so one account cannot grow the data, and every read of
 * it, without bound. `call` runs the rest of the procedure as that caller.
 */
async function asSignedIn<R extends { ok: true } | { ok: false; error: TRPCError }>(
  { ctx, type, path, getRawInput }: { ctx: Context; type: string; path: string; getRawInput: () => Promise<unknown> },
  sessionNow: boolean,
  call: (user: SessionUser) => Promise<R>,
): Promise<R> {
  const { orm, reads } = ctx.services;
  let user: SessionUser | undefined;
  let counted: CountedWrite | undefined;
  let unauthorized = false;
  try {
    const routed = reads !== undefined && type === 'query';
    const limits = type === 'mutation' && ctx.services.config.WRITE_LIMITS ? writeLimitsOf(ctx.services) : undefined;
    // The write's count checks the session too: no statement of its own for that.
    user = await authenticate(ctx.services, ctx.token, { sessionNow: sessionNow && !limits && !routed });
    if (limits) counted = await limits.take(orm, user, path, sizeOf(await getRawInput()));
    const caller = user;
    const result = routed ? await reads.asReader(caller, () => call(caller)) : await call(user);
    if (result === 'ended') throw unauthorizedError(SESSION_ENDED);
    if (result.ok) {
      // Its user's next reads, on any node, go where this write is visible.
      if (reads && type === 'mutation') await reads.recordWrite(user.userId);
      return result;
    }
    if (
      type === 'mutation'
        ? mayBeSessionEnded(result.error)
        : result.error.code === 'BAD_REQUEST' && !user.sessionChecked
    )
      await assertSessionOpen(orm, user);
    unauthorized = result.error.code === 'UNAUTHORIZED';
    throw result.error;
  } catch (error) {
    unauthorized ||= error instanceof TRPCError && error.code === 'UNAUTHORIZED';
    throw normalized(error);
  } finally {
    // A token whose session has ended uses none of its user's writes.
    if (unauthorized && counted) await counted.giveBack().catch(() => undefined);
  }
}

/**
 * A write that failed on what it names (404, 400) or on a foreign key may have lost a race with
 * its own account's deletion or its session's end: then it answers 401, checked after the fact.
 */
const mayBeSessionEnded = ({ code, cause }: TRPCError): boolean =>
  code === 'NOT_FOUND' ||
  code === 'BAD_REQUEST' ||
  (code === 'INTERNAL_SERVER_ERROR' && (cause as { code?: unknown } | undefined)?.code === '23503');

/** The bytes of a write's input, as JSON: what it can add to its author's data. */
const sizeOf = (input: unknown): number => (input === undefined ? 0 : Buffer.byteLength(JSON.stringify(input)));

/**
 * A caller with a valid token, whose session the procedure's own statements check (they read
 * `from OPEN_SESSION`, see sql.ts): one round trip per request, and no ORM work. Input refused
 * before any statement ran still answers 401 first when the session has ended, as on every route.
 */
export const sessionProcedure = procedure.use((opts) =>
  inBatchGate(opts.ctx, opts.type, () => asSignedIn(opts, false, (user) => opts.next({ ctx: { user } }))),
);

/** A caller with a valid token and an open session, checked (one statement) before the procedure runs. */
export const authedProcedure = procedure.use((opts) =>
  inBatchGate(opts.ctx, opts.type, () =>
    asSignedIn(opts, true, (user) => opts.next({ ctx: { user, em: opts.ctx.services.orm.em.fork() } })),
  ),
);
