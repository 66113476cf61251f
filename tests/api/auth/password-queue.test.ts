import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { HashQueue } from '../../../src/auth/passwords.js';
import { retryAfterOf } from '../../../src/platform/errors.js';
import { PASSWORD, useHarness } from '../../support/harness.js';

/** A hash that finishes when told to. */
function pending() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

const refused = (error: unknown) =>
  error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS' && retryAfterOf(error) === 1;

describe('the password-hash queue (unit)', () => {
  it('holds at most its size running plus ARGON2_QUEUE_MAX places, and ARGON2_QUEUE_PER_ADDRESS per address', async () => {
    const queue = new HashQueue(1, 2, 1);
    const entered = (address: string) => {
      try {
        return queue.enter(address);
      } catch (error) {
        return refused(error) ? 'refused' : String(error);
      }
    };
    const [a, b, c] = ['a', 'b', 'c'].map(entered);
    // One place per address.
    expect(entered('a')).toBe('refused');
    // Three places in all (one to run, two to wait): d, as new as the others (a has asked twice), takes
    // the place of the address that asked most, a's, which answers 429 when it comes to hash.
    const d = entered('d');
    expect(d).not.toBe('refused');
    await expect(queue.run(a as never, () => Promise.resolve())).rejects.toSatisfy(refused);
    for (const place of [b, c, d]) await queue.run(place as never, () => Promise.resolve());
  });

  it('gives the next turn to the address that asked for fewest hashes lately, not to the first in line', async () => {
    let now = 0;
    const queue = new HashQueue(1, 10, 10, () => now);
    const order: string[] = [];
    const hash = (address: string) => {
      const place = queue.enter(address);
      const hashing = pending();
      const ran = queue.run(place, async () => {
        order.push(address);
        await hashing.work();
      });
      return { finish: hashing.finish, done: ran.finally(() => queue.leave(place)) };
    };
    // The flooder has asked for many hashes lately.
    for (let i = 0; i < 5; i++) {
      const h = hash('flooder');
      h.finish();
      await h.done;
    }
    now += 1_000;
    const running = hash('flooder');
    const waiting = [hash('flooder'), hash('fresh')];
    running.finish();
    await running.done;
    expect(order.slice(-2)).toEqual(['flooder', 'fresh']);
    waiting[1]!.finish();
    waiting[0]!.finish();
    await Promise.all(waiting.map((w) => w.done));
    expect(order.slice(-3)).toEqual(['flooder', 'fresh', 'flooder']);
  });

  it('when full, a newcomer takes the place of a waiting request from an address that asked for more', async () => {
    const queue = new HashQueue(1, 1, 1);
    const a = pending();
    const running = queue.run(queue.enter('a'), a.work);
    // b has asked for hashes three times lately.
    for (let i = 0; i < 3; i++) queue.leave(queue.enter('b'));
    const waitingB = queue
      .run(queue.enter('b'), () => Promise.resolve('b ran'))
      .catch((error: unknown) => (refused(error) ? 'b refused' : String(error)));
    // Full (one running, one waiting): c, fresh, takes b's place; b answers 429.
    const c = queue.enter('c');
    expect(await waitingB).toBe('b refused');
    // b asks again at once: c, waiting, has asked for fewer; b is refused.
    expect(() => queue.enter('b')).toThrow(TRPCError);
    a.finish();
    await running;
    expect(await queue.run(c, () => Promise.resolve('c ran'))).toBe('c ran');
  });
});

describe('a login flood from many addresses', () => {
  const h = useHarness({
    TRUST_PROXY: 'loopback',
    ARGON2_MAX_CONCURRENT: '1',
    ARGON2_QUEUE_MAX: '4',
    ARGON2_QUEUE_PER_ADDRESS: '1',
    // Slow hashes, so the flood keeps the queue full.
    ARGON2_MEMORY_KIB: '8192',
    ARGON2_TIME_COST: '3',
  });

  it('is refused with 429 and Retry-After past the bound, while a fresh address logs in', async () => {
    const user = await h.user();
    const login = (address: string, email: string, password: string) =>
      h.request('POST', '/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': address } });
    const flood = (times: number) =>
      Array.from({ length: 40 }, (_, i) =>
        Array.from({ length: times }, () =>
          login(`198.51.100.${i + 1}`, `nobody-${randomUUID()}@example.com`, 'wrong password'),
        ),
      ).flat();
    // 40 addresses, each under every per-address rate limit: a first wave, then several at once each.
    const first = await Promise.all(flood(1));
    const second = flood(3);
    const real = await login('203.0.113.50', user.email, PASSWORD);
    const statuses = [...first, ...(await Promise.all(second))].map((res) => res.status);
    // A fresh address has asked for fewer hashes lately than any of them: it is served, never refused.
    expect(real.status).toBe(200);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const one = (await Promise.all(second)).find((res) => res.status === 429)!;
    expect(one.headers.get('retry-after')).toBe('1');
    expect(one.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
