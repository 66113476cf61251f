import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { missingPackages, request, startNode, up, type Topology } from '../../scripts/topology.js';
import { RAISED_ACCOUNT_LIMITS } from '../support/write-limits.js';
import { freePort } from '../../src/platform/ports.js';
import { SseReader } from '../support/sse.js';

/**
 * The scale-out topology (scripts/topology.ts): a primary, a streaming replica that replays 2 s
 * behind (recovery_min_apply_delay), two nodes on both, HAProxy in front. Skipped with a message
 * where the Debian packages are missing, except in CI.
 */
const off = process.env.TOPOLOGY_TESTS === 'off';
const missing = off ? 'TOPOLOGY_TESTS=off' : missingPackages();
if (missing && !off && process.env.CI) throw new Error(`replica system tests need: ${missing}`);
if (missing) console.warn(`skipped: replica system tests (${missing})`);

vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });
let topology: Topology;
beforeAll(async () => {
  if (missing) return;
  topology = await up({
    applyDelay: '2s',
    env: { LOG_LEVEL: 'info', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', ...RAISED_ACCOUNT_LIMITS },
  });
});
afterAll(async () => {
  await topology?.down();
});

const call = request;

async function account(base: string, name: string) {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const password = 'correct horse battery';
  const signup = await call(base, 'POST', '/auth/signup', undefined, {
    email,
    password,
    passwordValidation: password,
    firstName: name,
    lastName: 'Replica',
  });
  expect(signup.status).toBe(200);
  const login = await call(base, 'POST', '/auth/login', undefined, { email, password });
  expect(login.status).toBe(200);
  const token = login.body!.token as string;
  return { token, id: (await call(base, 'GET', '/users/me', token)).body!.id as number };
}

/** A number the replica answers. */
function onReplica(query: string): number {
  const { stdout } = spawnSync('/usr/lib/postgresql/15/bin/psql', [topology.databases.replica.url, '-Atc', query], {
    encoding: 'utf8',
  });
  return Number(stdout.trim());
}

/** Transactions the replica has committed (its statistics, flushed within about a second). */
const replicaTransactions = () => onReplica("select xact_commit from pg_stat_database where datname = 'postgres'");

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) {
  for (const deadline = Date.now() + timeoutMs; !(await condition());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(missing)('read replicas', () => {
  it("a user's writes on one node are read on the other at once, over a replica 2 s behind; a logout holds everywhere", async () => {
    const [a, b] = topology.nodes.map((node) => node.url) as [string, string];
    const author = await account(a, 'author');
    // The session: the token works on the other node at once.
    const me = await call(b, 'GET', '/users/me', author.token);
    expect(me.status).toBe(200);
    const other = await account(b, 'other');
    // Once the replica has both sessions, it may serve their reads: a write is then all it lacks.
    await until(
      () => onReplica(`select count(*) from sessions where user_id in (${author.id}, ${other.id})`) === 2,
      'the sessions on the replica',
    );

    // A post, read by its author on the other node at once.
    const post = await call(a, 'POST', '/posts', author.token, { title: 'fresh', content: 'written on a' });
    expect(post.status).toBe(201);
    const read = await call(b, 'GET', `/posts/${post.body!.id as number}`, author.token);
    expect(read.status).toBe(200);
    expect(read.body!.title).toBe('fresh');

    // A like, on b; seen on a.
    expect((await call(b, 'POST', `/posts/${post.body!.id as number}/like`, author.token)).status).toBe(200);
    const liked = await call(a, 'GET', `/posts/${post.body!.id as number}`, author.token);
    expect(liked.body!.likedBy).toEqual([expect.objectContaining({ id: author.id })]);

    // A follow, on a; the profile on b lists it.
    expect((await call(a, 'POST', `/users/${other.id}/follow`, author.token)).status).toBe(200);
    const profile = await call(b, 'GET', '/users/me', author.token);
    expect(profile.body!.followed).toEqual([expect.objectContaining({ id: other.id })]);
    const posts = await call(b, 'GET', '/posts?limit=5', author.token);
    expect(posts.status).toBe(200);

    // A logout on b: the token is refused on a, while the replica still has the session open.
    expect((await call(b, 'GET', '/auth/logout', author.token)).status).toBe(200);
    expect((await call(a, 'GET', '/users/me', author.token)).status).toBe(401);
    expect((await call(a, 'GET', `/posts/${post.body!.id as number}`, author.token)).status).toBe(401);
    expect((await call(b, 'GET', '/posts?limit=5', author.token)).status).toBe(401);
  });

  it('a block holds at once for the blocked user too, whose reads went to a replica 2 s behind', async () => {
    const [a, b] = topology.nodes.map((node) => node.url) as [string, string];
    const author = await account(a, 'blocker');
    const reader = await account(b, 'blocked');
    const post = await call(a, 'POST', '/posts', author.token, { title: 'before the block', content: 'c' });
    const id = post.body!.id as number;
    // The replica has the post and both sessions: the reader, who has not written since, reads there.
    await until(() => onReplica(`select count(*) from posts where id = ${id}`) === 1, 'the post on the replica');
    expect((await call(b, 'GET', `/posts/${id}`, reader.token)).status).toBe(200);

    expect((await call(a, 'POST', `/users/${reader.id}/block`, author.token)).status).toBe(200);
    // At once, on either node: the blocker's post and profile are gone for the blocked user.
    for (const node of [b, a]) {
      expect((await call(node, 'GET', `/posts/${id}`, reader.token)).status).toBe(404);
      expect((await call(node, 'GET', `/users/${author.id}`, reader.token)).status).toBe(404);
    }
  });

  it('reads of a user who has not written lately go to the replica, and to the primary while it is stopped', async () => {
    const [a, b] = topology.nodes.map((node) => node.url) as [string, string];
    const reader = await account(a, 'reader');
    const post = await call(a, 'POST', '/posts', reader.token, { title: 'to read', content: 'many times' });
    // Once the replica has replayed the reader's writes (2 s behind), their reads move there.
    await until(async () => {
      const before = replicaTransactions();
      for (let i = 0; i < 50; i++) await call(b, 'GET', `/posts/${post.body!.id as number}`, reader.token);
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // statistics are flushed within a second
      return replicaTransactions() - before >= 50;
    }, 'reads on the replica');

    // The replica stops: every read is still answered (by the primary), /readyz stays 200.
    topology.databases.replica.stop();
    for (const node of topology.nodes)
      await until(() => node.logs.includes('replica skipped: reads go elsewhere'), 'the replica skipped');
    for (let i = 0; i < 30; i++) {
      const base = i % 2 ? a : b;
      expect((await call(base, 'GET', `/posts/${post.body!.id as number}`, reader.token)).status).toBe(200);
      expect((await call(base, 'GET', '/readyz')).status).toBe(200);
    }
    // Logged once per node, not per request or per check.
    for (const node of topology.nodes)
      expect(node.logs.filter((line) => line === 'replica skipped: reads go elsewhere')).toHaveLength(1);

    // Back by itself once it answers and has caught up.
    topology.databases.replica.start();
    for (const node of topology.nodes) await until(() => node.logs.includes('replica takes reads'), 'the replica back');
    await until(async () => {
      const before = replicaTransactions();
      for (let i = 0; i < 50; i++) await call(a, 'GET', `/posts/${post.body!.id as number}`, reader.token);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return replicaTransactions() - before >= 50;
    }, 'reads on the replica again');
  });

  it('metrics: each pool by role, the replica lag, and reads served by the replica and the primary', async () => {
    const metricsPort = await freePort();
    const node = await startNode({
      DATABASE_URL: topology.databases.primary.url,
      DATABASE_REPLICA_URLS: topology.databases.replica.url,
      METRICS_PORT: String(metricsPort),
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      ...RAISED_ACCOUNT_LIMITS,
    });
    try {
      const reader = await account(node.url, 'metrics-reader');
      await until(async () => {
        for (let i = 0; i < 10; i++) await call(node.url, 'GET', '/posts?limit=5', reader.token);
        const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        return /db_reads_total\{role="replica",name="replica-1"\} [1-9]/.test(text);
      }, 'reads counted on the replica');
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(text).toMatch(/db_pool_connections_idle\{role="replica",name="replica-1"\} \d/);
      expect(text).toMatch(/db_pool_connections_idle\{role="primary",name="primary"\} \d/);
      expect(text).toMatch(/db_replica_lag_seconds\{name="replica-1"\} [\d.e+-]+/);
    } finally {
      await node.stop();
    }
  });

  it('a live stream through HAProxy, cut by a draining node, resumes on the other node by Last-Event-ID', async () => {
    const proxy = topology.proxy.url;
    const reader = await account(proxy, 'listener');
    const writer = await account(proxy, 'writer');
    expect((await call(proxy, 'POST', `/users/${writer.id}/follow`, reader.token)).status).toBe(200);
    // Two streams: HAProxy's leastconn puts one on each node.
    const open = (headers: Record<string, string> = {}) =>
      SseReader.open(`${proxy}/live/feed`, { authorization: `Bearer ${reader.token}`, ...headers });
    const streams = [await open(), await open()];
    for (const stream of streams) expect(stream.status).toBe(200);
    const first = await call(proxy, 'POST', '/posts', writer.token, { title: 'one', content: 'before the drain' });
    for (const stream of streams)
      await stream.until(() => stream.events.some((e) => e.data.includes('"one"')), 'the first post');

    // Requests keep coming through the proxy while one node drains: none fails.
    let failures = 0;
    let sent = 0;
    let draining = true;
    const traffic = (async () => {
      while (draining) {
        sent++;
        const r = await call(proxy, 'GET', `/posts/${first.body!.id as number}`, writer.token).catch(() => ({
          status: 0,
        }));
        if (r.status !== 200) failures++;
      }
    })();
    const node = topology.nodes[0]!;
    const drained = node.stop('SIGTERM');
    // The draining node ends the stream it holds; the other stream stays open.
    await until(() => streams.some((stream) => stream.done), 'a stream ended by the drain');
    await drained;
    draining = false;
    await traffic;
    expect(failures).toBe(0);
    expect(sent).toBeGreaterThan(0);
    const cut = streams.find((stream) => stream.done)!;
    const kept = streams.find((stream) => !stream.done)!;
    expect(kept).toBeDefined();
    const lastId = cut.events.at(-1)!.id!;

    // The client resumes through the proxy by Last-Event-ID, and misses nothing written meanwhile.
    await call(proxy, 'POST', '/posts', writer.token, { title: 'two', content: 'after the drain' });
    const resumed = await SseReader.open(`${proxy}/live/feed`, {
      authorization: `Bearer ${reader.token}`,
      'last-event-id': lastId,
    });
    expect(resumed.status).toBe(200);
    await resumed.until(
      () => resumed.events.some((e) => e.data.includes('"two"')),
      'the post written during the drain',
    );
    await kept.until(() => kept.events.some((e) => e.data.includes('"two"')), 'the post on the stream kept open');
    resumed.close();
    kept.close();
  });
});
