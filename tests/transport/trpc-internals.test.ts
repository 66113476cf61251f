import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  middlewareMarker,
  procedureDefOf,
  proceduresOf,
  runsDirectly,
  withDirectMiddlewareChain,
  withOutputBuiltBySql,
  type ProcedureInput,
} from '../../src/trpc/internals.js';

/**
 * Each of tRPC's internals that src/trpc/internals.ts relies on (its header numbers them), checked
 * on a router of tRPC's own making: a tRPC upgrade that changes one fails here, by name.
 */
function build() {
  const t = initTRPC.meta<{ name: string }>().create();
  const probe = t.procedure
    .meta({ name: 'probe' })
    .input(z.object({ n: z.number() }))
    .output(z.object({ n: z.number() }))
    .query(({ input }) => ({ n: input.n }));
  const router = t.router({ nested: t.router({ probe }), top: probe });
  return { t, probe, router };
}

describe("tRPC's internals", () => {
  it("1. middlewareMarker brands a middleware's failed result in tRPC's own chain", async () => {
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

  it('2. router._def.procedures is flat by dotted path and _def.record nested, both written by withDirectMiddlewareChain', async () => {
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

  it("3. procedure._def holds middlewares (the output parser marked _type 'output'), meta, type and the input type", async () => {
    const { t, probe } = build();
    const def = procedureDefOf<{ name: string }>(probe);
    expect(def).toMatchObject({ meta: { name: 'probe' }, type: 'query' });
    expectTypeOf<ProcedureInput<typeof probe>>().toEqualTypeOf<{ n: number }>();
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
