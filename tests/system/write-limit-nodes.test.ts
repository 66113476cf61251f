import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RAISED_ACCOUNT_LIMITS } from '../support/write-limits.js';
import { missingPackages, request, up, type Topology } from '../../scripts/topology.js';

/**
 * The per-user write limit across two real Feedline processes on one database, as deployed: both
 * nodes through PgBouncer in transaction mode, with a streaming replica configured. The count lives
 * on the primary, so a user who alternates between the nodes gets the limit once, not once per node.
 * Skipped with a message where the Debian packages are missing, except in CI.
 */
const off = process.env.TOPOLOGY_TESTS === 'off';
const missing = off ? 'TOPOLOGY_TESTS=off' : missingPackages({ pgbouncer: true });
if (missing && !off && process.env.CI) throw new Error(`write-limit system tests need: ${missing}`);
if (missing) console.warn(`skipped: write limits across nodes (${missing})`);

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });
const LIMIT = 6;
let topology: Topology;
beforeAll(async () => {
  if (missing) return;
  topology = await up({
    pgbouncer: true,
    env: {
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      ...RAISED_ACCOUNT_LIMITS,
      // A day's window: a window that rolled over mid-test would start the count again.
      WRITES_PER_USER: String(LIMIT),
      WRITE_WINDOW_SECONDS: '86400',
    },
  });
});
afterAll(async () => {
  await topology?.down();
});

async function account(base: string) {
  const email = `writer-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const password = 'correct horse battery';
  const signup = await request(base, 'POST', '/auth/signup', undefined, {
    email,
    password,
    passwordValidation: password,
    firstName: 'Write',
    lastName: 'Limit',
  });
  expect(signup.status).toBe(200);
  const login = await request(base, 'POST', '/auth/login', undefined, { email, password });
  expect(login.status).toBe(200);
  return login.body!.token as string;
}

/** A post by REST or by /trpc, on the node given. */
function write(base: string, token: string, i: number) {
  const body = { title: `t${i}`, content: 'across nodes' };
  return i % 4 < 2
    ? request(base, 'POST', '/posts', token, body)
    : request(base, 'POST', '/trpc/posts.create', token, body);
}

const accepted = (status: number) => status === 200 || status === 201;

describe.skipIf(missing)('the per-user write limit across two nodes', () => {
  it(`WRITES_PER_USER=${LIMIT}: alternating between the nodes, exactly ${LIMIT} writes, then 429 with Retry-After on both`, async () => {
    const [a, b] = topology.nodes.map((node) => node.url) as [string, string];
    const token = await account(a);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await write(i % 2 ? b : a, token, i)).status);
    expect(statuses.every(accepted), statuses.join(' ')).toBe(true);
    // Both nodes, both transports: the window is full for the user everywhere.
    for (let i = LIMIT; i < LIMIT + 4; i++) {
      const refused = await write(i % 2 ? b : a, token, i);
      expect(refused.status, JSON.stringify(refused.body)).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      // A sliding window may need the rest of this window and part of the next (rate-limits.ts,
      // retryAfterSeconds): past one day just after midnight UTC, never past two.
      expect(retryAfter).toBeLessThanOrEqual(2 * 86_400);
    }
  });

  it(`writes at once on both nodes: exactly ${LIMIT} accepted, the rest 429, never a 5xx`, async () => {
    const [a, b] = topology.nodes.map((node) => node.url) as [string, string];
    const token = await account(b);
    const statuses = (
      await Promise.all(Array.from({ length: 4 * LIMIT }, (_, i) => write(i % 2 ? b : a, token, i)))
    ).map((res) => res.status);
    expect(statuses.filter(accepted), statuses.join(' ')).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3 * LIMIT);
  });
});
