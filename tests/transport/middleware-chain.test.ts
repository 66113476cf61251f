import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from '../../src/http/router.js';
import {
  proceduresOf,
  runsDirectly,
  withDirectMiddlewareChain,
  withOutputBuiltBySql,
} from '../../src/trpc/internals.js';

/**
 * Procedures run their middlewares through withDirectMiddlewareChain (src/trpc/trpc.ts), not tRPC's own
 * chain: the same middlewares must see the same options and give the same results and errors.
 */
function build() {
  const t = initTRPC.context<{ base: string }>().meta<{ name: string }>().create();
  const seen: unknown[] = [];
  const procedure = t.procedure
    .meta({ name: 'probe' })
    .use(async ({ ctx, meta, type, path, next }) => {
      seen.push(['outer', ctx, meta, type, path]);
      const result = await next({ ctx: { user: 'ada' } });
      seen.push(['outer saw', result.ok, result.ok ? undefined : result.error.code]);
      return result;
    })
    .use(async ({ ctx, input, getRawInput, next }) => {
      seen.push(['inner', ctx, input, await getRawInput()]);
      return next({ ctx: { role: 'admin' } });
    })
    .input(z.object({ n: z.number(), fail: z.enum(['no', 'trpc', 'plain']) }))
    .query(({ ctx, input }) => {
      if (input.fail === 'trpc') throw new TRPCError({ code: 'NOT_FOUND', message: 'none here' });
      if (input.fail === 'plain') throw new Error('boom');
      return { ctx, n: input.n * 2 };
    });
  return { t, procedure, seen };
}

async function outcome(direct: boolean, input: unknown) {
  const { t, procedure, seen } = build();
  const router = t.router({ probe: procedure });
  if (direct) withDirectMiddlewareChain(router);
  const caller = t.createCallerFactory(router)({ base: 'ctx' });
  const result = await caller.probe(input as never).then(
    (data) => ({ data }),
    (error: TRPCError) => ({ code: error.code, message: error.message, cause: error.cause?.constructor.name }),
  );
  return { result, seen };
}

describe('the direct middleware chain', () => {
  it.each([
    { n: 2, fail: 'no' },
    { n: 'two', fail: 'no' },
    { n: 2, fail: 'trpc' },
    { n: 2, fail: 'plain' },
  ])('gives what tRPC’s own chain gives: %o', async (input) => {
    const theirs = await outcome(false, input);
    const ours = await outcome(true, input);
    expect(ours).toEqual(theirs);
    expect(ours.seen.length).toBeGreaterThan(0);
  });

  it('refuses to drop output validation from a procedure the chain already holds (it would change nothing)', () => {
    expect(() => withOutputBuiltBySql(appRouter.posts.get)).toThrow(/before router\(\)/);
  });

  it('is what every procedure of the app runs, whichever way it is found', () => {
    const procedures = Object.entries(proceduresOf(appRouter));
    expect(procedures.length).toBeGreaterThan(30);
    for (const [path, procedure] of procedures) {
      expect(runsDirectly(procedure), path).toBe(true);
      // By key, as createCaller's proxy and the router's own keys reach it.
      const byKey = path
        .split('.')
        .reduce<unknown>((holder, key) => (holder as Record<string, unknown>)[key], appRouter);
      expect(byKey, path).toBe(procedure);
    }
  });
});
