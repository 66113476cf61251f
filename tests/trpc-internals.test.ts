import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  getErrorShape,
  getTRPCErrorFromUnknown,
  middlewareMarker,
  procedureDefOf,
  proceduresOf,
  routerConfigOf,
  runsDirectly,
  withDirectMiddlewareChain,
  withOutputBuiltBySql,
  type DefaultErrorShape,
} from '../src/trpc/internals.js';

/**
 * Each of tRPC's internals that src/trpc/internals.ts relies on (its header numbers them), checked
 * on a router of tRPC's own making: a tRPC upgrade that changes one fails here, by name.
 */
function build() {
  const t = initTRPC
    .meta<{ name: string }>()
    .create({ errorFormatter: ({ shape }) => ({ ...shape, formatted: true }) });
  const probe = t.procedure
    .meta({ name: 'probe' })
    .input(z.object({ n: z.number() }))
    .output(z.object({ n: z.number() }))
    .query(({ input }) => ({ n: input.n }));
  const router = t.router({ nested: t.router({ probe }), top: probe });
  return { t, probe, router };
}

describe("tRPC's internals", () => {
  it('1. getTRPCErrorFromUnknown wraps a plain error as a 500 and keeps a TRPCError as it is', () => {
    const plain = new Error('boom');
    const wrapped = getTRPCErrorFromUnknown(plain);
    expect(wrapped).toBeInstanceOf(TRPCError);
    expect(wrapped.code).toBe('INTERNAL_SERVER_ERROR');
    expect(wrapped.cause).toBe(plain);
    const own = new TRPCError({ code: 'NOT_FOUND', message: 'none' });
    expect(getTRPCErrorFromUnknown(own)).toBe(own);
  });

  it("2. middlewareMarker brands a middleware's failed result in tRPC's own chain", async () => {
    const { t } = build();
    let seen: unknown;
    const failing = t.procedure
      .use(async ({ next }) => {
        seen = await next();
        return seen as never;
      })
      .query(() => {
        throw new TRPCError({ code: 'NOT_FOUND', message: 'none' });
      });
    const caller = t.createCallerFactory(t.router({ failing }))({});
    await expect(caller.failing()).rejects.toThrow('none');
    expect(seen).toMatchObject({ ok: false, marker: middlewareMarker });
  });

  it("3. getErrorShape gives the formatter's shape, with the HTTP status", () => {
    const { router } = build();
    const shape = getErrorShape({
      config: routerConfigOf(router),
      error: new TRPCError({ code: 'NOT_FOUND', message: 'none' }),
      type: 'query',
      path: 'top',
      input: undefined,
      ctx: {},
    }) as { message: string; formatted?: boolean; data: { httpStatus: number; code: string } };
    expect(shape).toMatchObject({ message: 'none', formatted: true, data: { httpStatus: 404, code: 'NOT_FOUND' } });
  });

  it('4. DefaultErrorShape has the message, code and data formatError reads', () => {
    expectTypeOf<DefaultErrorShape>().toHaveProperty('message').toEqualTypeOf<string>();
    expectTypeOf<DefaultErrorShape>().toHaveProperty('code');
    expectTypeOf<DefaultErrorShape['data']>().toHaveProperty('httpStatus').toEqualTypeOf<number>();
  });

  it('5. router._def.procedures is flat by dotted path and _def.record nested, both written by withDirectMiddlewareChain', async () => {
    const { t, probe, router } = build();
    expect(Object.keys(proceduresOf(router)).sort()).toEqual(['nested.probe', 'top']);
    expect(proceduresOf(router)['nested.probe']).toBe(probe);
    const record = router._def.record as { nested: { probe: unknown }; top: unknown };
    expect(record.nested.probe).toBe(probe);
    withDirectMiddlewareChain(router);
    const direct = proceduresOf(router)['nested.probe'];
    expect(runsDirectly(direct)).toBe(true);
    expect(record.nested.probe).toBe(direct);
    expect(runsDirectly(record.top)).toBe(true);
    const caller = t.createCallerFactory(router)({});
    expect(await caller.nested.probe({ n: 2 })).toEqual({ n: 2 });
  });

  it('6. router._def._config holds the root config getErrorShape needs (its errorFormatter)', () => {
    const { router } = build();
    expect(typeof routerConfigOf(router).errorFormatter).toBe('function');
  });

  it("7. procedure._def holds middlewares (the output parser marked _type 'output'), meta and type", async () => {
    const { t, probe } = build();
    const def = procedureDefOf<{ name: string }>(probe);
    expect(def).toMatchObject({ meta: { name: 'probe' }, type: 'query' });
    const middlewares = (probe._def as unknown as { middlewares: { _type?: string }[] }).middlewares;
    expect(middlewares.filter((middleware) => middleware._type === 'output')).toHaveLength(1);
    withOutputBuiltBySql(probe);
    expect(middlewares.length - (probe._def as unknown as { middlewares: unknown[] }).middlewares.length).toBe(1);
    // Without its output parser the procedure answers what the resolver returned, unchecked.
    const loose = t.procedure.output(z.object({ n: z.number() })).query(() => ({ n: 'not a number' }) as never);
    withOutputBuiltBySql(loose);
    const caller = t.createCallerFactory(t.router({ loose }))({});
    expect(await caller.loose()).toEqual({ n: 'not a number' });
  });
});
