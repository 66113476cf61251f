/**
 * npm run bench:attack: what unbounded answers, floods of concurrent requests, logins and signups cost everyone else. A database of its own with
 * --posts posts of about 2 KB of JSON each (one author) and one profile of about 7.6 MB; one
 * Feedline process; --attackers signed-in users, each sending one large request after another
 * for --duration seconds (unpaged /trpc batches of every list, GET and POST, huge limits,
 * batches of 20 users.get of the large profile, the REST streams of the whole list and of a
 * search, lists from a cursor without a limit on both transports, the poison post: 49,500 comments
 * of 7,500 bytes, 371 MB, newest of all); one more user keeps 200
 * GET /posts?limit=20 in progress at once; 100 addresses send failed logins as fast as they are
 * answered, and 20 more addresses sign up as fast, while another user sends GET /posts?limit=1 and
 * POST /posts, and from 2 s on logs in every half second, each time from another address (people
 * logging in). The service trusts its
 * loopback proxy (TRUST_PROXY), so each sender names its address in X-Forwarded-For (documentation
 * ranges; all traffic goes to the loopback). Prints that user's p50/p99, the floods' answers, the
 * process's peak RSS, the most requests waiting for a pool connection, the worst event-loop lag, and
 * the load average. Then 50 users read a popular post (8,884 likes, 6,539 comments) in a closed loop
 * while that user reads another post: its p99 against the 50 ms goal. Exits 1 when that user saw a failure (a 5xx, a 429, or no answer), the peak RSS
 * grew past --max-rss-growth MB, or the process exited: bounded memory and pool time, and the
 * well-behaved user served, are the check; latency is reported.
 * Everything it starts or creates is stopped and removed, passed or failed.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { SEED_PASSWORD } from '../scripts/seed.js';
import { startNode, type Node } from '../scripts/topology.js';
import { withPasswords } from '../src/auth/passwords.js';
import { loadDotEnv, parseEnv } from '../src/platform/config.js';
import { initORM } from '../src/db/db.js';
import { freePort } from '../src/platform/ports.js';
import { benchDatabase } from './standalone.js';
import { commandLine } from '../scripts/command-line.js';

const USAGE = `npm run bench:attack -- [--posts 150000] [--attackers 10] [--duration 30] [--max-rss-growth 256] [--phases attack,popular]`;
const PHASES = ['attack', 'popular'];

/** The floods: one user's requests at once, addresses sending failed logins, addresses signing up. */
const CONCURRENT_REQUESTS = 200;
const LOGIN_FLOOD_ADDRESSES = 100;
const SIGNUP_FLOOD_ADDRESSES = 20;
/** Where each sender says it is (X-Forwarded-For): documentation ranges, never a real target. */
const VICTIM_ADDRESS = '203.0.113.7';
const attackerAddress = (i: number) => `198.51.100.${i + 1}`;
const CONCURRENT_FLOOD_ADDRESS = '198.51.100.200';
const loginFloodAddress = (i: number) => `192.0.2.${i + 1}`;
const signupFloodAddress = (i: number) => `198.51.100.${101 + i}`;
const personAddress = (i: number) => `203.0.113.${10 + (i % 240)}`;

/** The poison post: 165 accounts' 300 comments each, every one as large as a comment may be (2,500 CJK characters). */
const POISON_ACCOUNTS = 165;
const POISON_COMMENTS_EACH = 300;
/** The popular post, as genuinely popular as the issue's, and its readers in a closed loop. */
const POPULAR_LIKES = 8_884;
const POPULAR_COMMENTS = 6_539;
const POPULAR_READERS = 50;
const readerAddress = (i: number) => `192.0.2.${150 + i}`;

/** Content per bulk post: about 2 KB of JSON each, as the attack on 158k posts (351 MB) saw. */
const POST_CONTENT_CHARS = 2_000;
/** Posts of the large profile's author: a profile of about 7.6 MB. */
const PROFILE_POSTS = 3_600;

interface Sample {
  ms: number;
  status: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function summary(samples: Sample[]): string {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const statuses = new Map<number, number>();
  for (const { status } of samples) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const counts = [...statuses].map(([status, n]) => `${status}×${n}`).join(' ');
  return `n=${ms.length} p50=${percentile(ms, 50).toFixed(0)} ms p99=${percentile(ms, 99).toFixed(0)} ms max=${(ms.at(-1) ?? NaN).toFixed(0)} ms [${counts}]`;
}

/** One request, its body read (and dropped) to the end: its status, time and bytes. */
async function timed(url: string, init: RequestInit): Promise<Sample & { bytes: number }> {
  const start = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(120_000) });
    let bytes = 0;
    for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).byteLength;
    return { ms: performance.now() - start, status: response.status, bytes };
  } catch {
    return { ms: performance.now() - start, status: 0, bytes: 0 };
  }
}

/**
 * A person's client in a worker thread: GET `url` every 50 ms until `until`, timed there. The same
 * request and body reading as `timed`, away from the load generator's event loop.
 */
function otherUser(url: string, headers: Record<string, string>, until: number): Promise<Sample[]> {
  const worker = new Worker(
    `const { parentPort, workerData: { url, headers, until } } = require('node:worker_threads');
    (async () => {
      const samples = [];
      while (Date.now() < until) {
        const start = performance.now();
        try {
          const response = await fetch(url, { headers, signal: AbortSignal.timeout(120000) });
          for await (const chunk of response.body ?? []) void chunk;
          samples.push({ ms: performance.now() - start, status: response.status });
        } catch {
          samples.push({ ms: performance.now() - start, status: 0 });
        }
        await new Promise((done) => setTimeout(done, 50));
      }
      parentPort.postMessage(samples);
    })();`,
    { eval: true, workerData: { url, headers, until } },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', (samples: Sample[]) => void worker.terminate().then(() => resolve(samples)));
    worker.once('error', reject);
  });
}

async function seedData(url: string, posts: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hash = await withPasswords(parseEnv(process.env), 'seed', (passwords) => passwords.hash(SEED_PASSWORD));
    const { rows } = await client.query<{ id: number; email: string }>(
      `insert into users (email, password_hash, first_name, last_name)
       select 'attack-' || g || '@bench.feedline.dev', $1, 'Bench', 'User ' || g from generate_series(1, 20) g
       returning id, email`,
      [hash],
    );
    const [bulk, profile, victim, ...attackers] = rows;
    await client.query(
      `insert into posts (title, content, author_id, created_at)
       select 'bulk post ' || g, repeat('lorem ipsum ', $2 / 12), $1, now() - g * interval '1 second'
       from generate_series(1, $3) g`,
      [bulk!.id, POST_CONTENT_CHARS, posts],
    );
    await client.query(
      `insert into posts (title, content, author_id, created_at)
       select 'profile post ' || g, repeat('dolor sit amet ', $2 / 15), $1, now() - g * interval '1 second'
       from generate_series(1, $3) g`,
      [profile!.id, POST_CONTENT_CHARS, PROFILE_POSTS],
    );
    await client.query(`insert into follows (follower_id, followed_id) select u.id, $1 from users u where u.id <> $1`, [
      bulk!.id,
    ]);
    // The crowd: the poison post's commenters and the popular post's likers and readers.
    const { rows: crowd } = await client.query<{ id: number; email: string }>(
      `insert into users (email, password_hash, first_name, last_name)
       select 'crowd-' || g || '@bench.feedline.dev', $1, 'Crowd', 'Member ' || g from generate_series(1, $2) g
       returning id, email`,
      [hash, POPULAR_LIKES],
    );
    const crowdIds = crowd.map((user) => user.id);
    const { rows: popular } = await client.query<{ id: number }>(
      `insert into posts (title, content, author_id, created_at) values ('popular', 'everyone likes this', $1, now() - interval '1 hour')
       returning id`,
      [profile!.id],
    );
    await client.query(`insert into post_likes (post_id, user_id) select $1, unnest($2::int[])`, [
      popular[0]!.id,
      crowdIds,
    ]);
    await client.query(
      `insert into comments (post_id, author_id, content) select $1, u, 'nice one ' || u from unnest($2::int[]) u`,
      [popular[0]!.id, crowdIds.slice(0, POPULAR_COMMENTS)],
    );
    // The poison post, newest of all: every home page holds it.
    const { rows: poison } = await client.query<{ id: number }>(
      `insert into posts (title, content, author_id, created_at) values ('poison', 'read me', $1, now()) returning id`,
      [victim!.id],
    );
    await client.query(
      `insert into comments (post_id, author_id, content)
       select $1, u, repeat('字', 2500) from unnest($2::int[]) u, generate_series(1, $3)`,
      [poison[0]!.id, crowdIds.slice(0, POISON_ACCOUNTS), POISON_COMMENTS_EACH],
    );
    await client.query('analyze');
    const { rows: newest } = await client.query<{ id: number }>(
      'select id from posts order by created_at desc, id desc limit 1',
    );
    return {
      bulk: bulk!,
      profile: profile!,
      victim: victim!,
      attackers,
      newest: newest[0]!.id,
      popular: popular[0]!.id,
      poison: poison[0]!.id,
      plain: (await client.query<{ id: number }>('select min(id) as id from posts where author_id = $1', [bulk!.id]))
        .rows[0]!.id,
      readers: crowd.slice(0, POPULAR_READERS),
    };
  } finally {
    await client.end();
  }
}

const from = (address: string) => ({ 'x-forwarded-for': address });
const json = { 'content-type': 'application/json' };

async function login(base: string, email: string, address: string): Promise<string> {
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { ...json, ...from(address) },
    body: JSON.stringify({ email, password: SEED_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** The attacks, one after another per attacker: every unbounded shape the issue names. */
function attacks(base: string, ids: { bulk: number; profile: number; newest: number; poison: number }) {
  const batch = (calls: [string, unknown][]) => {
    const paths = calls.map(([path]) => path).join(',');
    const input = Object.fromEntries(calls.map(([, value], i) => [i, value]));
    return { paths, input };
  };
  const get = (calls: [string, unknown][]) => {
    const { paths, input } = batch(calls);
    return { url: `${base}/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`, init: {} };
  };
  const post = (calls: [string, unknown][]) => {
    const { paths, input } = batch(calls);
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) };
    return { url: `${base}/trpc/${paths}?batch=1`, init };
  };
  const times = <T>(n: number, value: T) => Array.from({ length: n }, () => value);
  const lists: [string, unknown][] = [
    ['posts.list', {}],
    ['posts.followed', {}],
    ['posts.list', { q: 'bulk' }],
    ['users.list', {}],
    ['users.posts', { id: ids.bulk }],
    ['users.followers', { id: ids.bulk }],
    ['posts.comments', { id: ids.bulk }],
    ['events.list', {}],
    ['notifications.list', { limit: 100 }],
    ['users.followed', { id: ids.bulk }],
  ];
  return [
    { name: 'GET /trpc posts.list×10 {}', ...get(times(10, ['posts.list', {}])) },
    { name: 'GET /trpc lists×10 {}', ...get(lists) },
    { name: 'POST /trpc posts.list×10 {}', ...post(times(10, ['posts.list', {}])) },
    { name: 'GET /trpc users.get×20 (7.6 MB)', ...get(times(20, ['users.get', { id: ids.profile }])) },
    { name: 'GET /trpc posts.list limit 10^9', ...get(times(10, ['posts.list', { limit: 1e9 }])) },
    // A cursor without a limit is the rest of the list: as large as the list.
    { name: 'GET /trpc posts.list×10 {before}', ...get(times(10, ['posts.list', { before: ids.newest }])) },
    { name: 'GET /posts?before= (REST stream)', url: `${base}/posts?before=${ids.newest}`, init: {} },
    { name: 'GET /posts/followed?before= (REST stream)', url: `${base}/posts/followed?before=${ids.newest}`, init: {} },
    { name: 'GET /posts (REST stream)', url: `${base}/posts`, init: {} },
    { name: 'GET /posts?q=bulk (REST stream)', url: `${base}/posts?q=bulk`, init: {} },
    { name: `GET /users/${ids.profile} (REST stream)`, url: `${base}/users/${ids.profile}`, init: {} },
    { name: 'GET /posts/{poison} (49,500 comments, 371 MB)', url: `${base}/posts/${ids.poison}`, init: {} },
    { name: 'GET /trpc posts.get×20 {poison}', ...get(times(20, ['posts.get', { id: ids.poison }])) },
  ];
}

async function scrape(metricsUrl: string): Promise<Map<string, number>> {
  const text = await fetch(metricsUrl).then(
    (r) => r.text(),
    () => '',
  );
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(\w+)(?:\{[^}]*role="primary"[^}]*\}|\{[^}]*\})? ([\d.eE+-]+)$/.exec(line);
    if (match) values.set(match[1]!, Math.max(values.get(match[1]!) ?? 0, Number(match[2])));
  }
  return values;
}

/** CPU seconds (user and system) a process has used, from /proc. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/** CPU seconds of every PostgreSQL server process on the machine. */
const postgresCpuSeconds = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .reduce((sum, pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres') ? sum + cpuSeconds(Number(pid)) : sum;
      } catch {
        return sum; // gone meanwhile
      }
    }, 0);

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const hwmMb = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

async function main(): Promise<number> {
  const { values } = commandLine(USAGE, {
    posts: { type: 'string', default: '150000' },
    attackers: { type: 'string', default: '10' },
    duration: { type: 'string', default: '30' },
    'max-rss-growth': { type: 'string', default: '256' },
    phases: { type: 'string', default: PHASES.join(',') },
  });
  const posts = Number(values.posts);
  const attackerCount = Number(values.attackers);
  const durationMs = Number(values.duration) * 1000;
  const maxGrowth = Number(values['max-rss-growth']);
  const phases = values.phases.split(',');
  if (
    ![posts, attackerCount, durationMs, maxGrowth].every((n) => n > 0) ||
    attackerCount > 16 ||
    phases.some((phase) => !PHASES.includes(phase))
  ) {
    console.error(
      `--posts, --duration, --max-rss-growth positive; --attackers 1 to 16; --phases of ${PHASES.join(', ')}\n${USAGE}`,
    );
    return 2;
  }
  loadDotEnv();
  const database = await benchDatabase();
  let node: Node | undefined;
  try {
    await (await initORM({ clientUrl: database.url })).close(); // migrate
    const seedStart = performance.now();
    const ids = await seedData(database.url, posts);
    console.log(
      `seeded ${posts.toLocaleString('en')} posts in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
    );
    const metricsPort = await freePort();
    node = await startNode({
      DATABASE_URL: database.url,
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'warn',
      // The victim writes as fast as it is answered: limits raised past its pace, but on (WRITE_LIMITS=off
      // would lift the in-flight caps the floods meet).
      WRITES_PER_USER: '1000000000',
      WRITE_BYTES_PER_USER: '1000000000',
      WRITE_LIMIT_POSTS: '1000000/1h',
      // The senders are told apart by X-Forwarded-For, as behind a load balancer.
      TRUST_PROXY: 'loopback',
    });
    const pid = node.child.pid!;
    const base = node.url;
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const victimToken = await login(base, ids.victim.email, VICTIM_ADDRESS);
    const attackerTokens = await Promise.all(
      ids.attackers.slice(0, attackerCount).map((u, i) => login(base, u.email, attackerAddress(i))),
    );
    const flooderToken = await login(base, ids.attackers[16]!.email, CONCURRENT_FLOOD_ADDRESS);
    const idle = rssMb(pid);
    const loadBefore = loadavg();
    console.log(
      `process ${pid} ready, RSS ${idle.toFixed(0)} MB; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
    );

    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const victimHeaders = { ...auth(victimToken), ...from(VICTIM_ADDRESS) };
    // Without the attack phase, its loops end at once and it prints nothing.
    const attackPhase = phases.includes('attack');
    const until = Date.now() + (attackPhase ? durationMs : 0);
    const reads: Sample[] = [];
    const writes: Sample[] = [];
    const logins: Sample[] = [];
    const floods = { concurrent: [] as Sample[], logins: [] as Sample[], signups: [] as Sample[] };
    const attackSamples = new Map<string, (Sample & { bytes: number })[]>();
    let peakRss = idle;
    let peakWaiting = 0;
    let peakInUse = 0;
    let peakLagMs = 0;
    const sampler = (async () => {
      while (Date.now() < until) {
        peakRss = Math.max(peakRss, rssMb(pid));
        const metrics = await scrape(metricsUrl);
        peakWaiting = Math.max(peakWaiting, metrics.get('db_pool_acquires_waiting') ?? 0);
        peakInUse = Math.max(peakInUse, metrics.get('db_pool_connections_in_use') ?? 0);
        peakLagMs = Math.max(peakLagMs, (metrics.get('nodejs_eventloop_lag_max_seconds') ?? 0) * 1000);
        await new Promise((done) => setTimeout(done, 200));
      }
    })();
    const victim = async (samples: Sample[], request: () => Promise<Sample>) => {
      while (Date.now() < until) {
        samples.push(await request());
        await new Promise((done) => setTimeout(done, 50)); // a person's client, not a load generator
      }
    };
    const kinds = attacks(base, { bulk: ids.bulk.id, profile: ids.profile.id, newest: ids.newest, poison: ids.poison });
    const attacker = async (token: string, index: number) => {
      for (let i = index; Date.now() < until; i++) {
        const kind = kinds[i % kinds.length]!;
        const headers = {
          ...(kind.init as { headers?: object }).headers,
          ...auth(token),
          ...from(attackerAddress(index)),
        };
        const sample = await timed(kind.url, { ...kind.init, headers });
        (attackSamples.get(kind.name) ?? attackSamples.set(kind.name, []).get(kind.name)!).push(sample);
      }
    };
    const flood = async (samples: Sample[], send: (i: number) => Promise<Sample>) => {
      for (let i = 0; Date.now() < until; i++) samples.push(await send(i));
    };
    const wrongLogin = (address: string) => () =>
      timed(`${base}/auth/login`, {
        method: 'POST',
        headers: { ...json, ...from(address) },
        body: JSON.stringify({ email: `nobody-${randomUUID()}@bench.feedline.dev`, password: 'not the password' }),
      });
    const signup = (address: string) => () => {
      const email = `flood-${randomUUID()}@bench.feedline.dev`;
      const body = {
        email,
        password: 'flood password',
        passwordValidation: 'flood password',
        firstName: 'F',
        lastName: 'L',
      };
      return timed(`${base}/auth/signup`, {
        method: 'POST',
        headers: { ...json, ...from(address) },
        body: JSON.stringify(body),
      });
    };
    await Promise.all([
      sampler,
      victim(reads, () => timed(`${base}/posts?limit=1`, { headers: victimHeaders })),
      victim(writes, () =>
        timed(`${base}/posts`, {
          method: 'POST',
          headers: { ...victimHeaders, ...json },
          body: JSON.stringify({ title: 'still here', content: 'written during the attack' }),
        }),
      ),
      // People logging in now and then, each from an address of its own, once the floods are under way.
      (async () => {
        await new Promise((done) => setTimeout(done, 2_000));
        for (let i = 0; Date.now() < until; i++) {
          logins.push(
            await timed(`${base}/auth/login`, {
              method: 'POST',
              headers: { ...json, ...from(personAddress(i)) },
              body: JSON.stringify({ email: ids.victim.email, password: SEED_PASSWORD }),
            }),
          );
          await new Promise((done) => setTimeout(done, 500));
        }
      })(),
      ...attackerTokens.map((token, index) => attacker(token, index)),
      ...Array.from({ length: CONCURRENT_REQUESTS }, () =>
        flood(floods.concurrent, () =>
          timed(`${base}/posts?limit=20`, { headers: { ...auth(flooderToken), ...from(CONCURRENT_FLOOD_ADDRESS) } }),
        ),
      ),
      ...Array.from({ length: LOGIN_FLOOD_ADDRESSES }, (_, i) =>
        flood(floods.logins, wrongLogin(loginFloodAddress(i))),
      ),
      ...Array.from({ length: SIGNUP_FLOOD_ADDRESSES }, (_, i) => flood(floods.signups, signup(signupFloodAddress(i)))),
    ]);
    peakRss = Math.max(peakRss, hwmMb(pid));
    const loadAfter = loadavg();

    if (attackPhase) printAttack();
    function printAttack() {
      console.log(`\n${attackerCount} attackers for ${durationMs / 1000} s on ${posts.toLocaleString('en')} posts:`);
      for (const [name, samples] of attackSamples) {
        const mb = samples.reduce((sum, s) => sum + s.bytes, 0) / 1e6;
        console.log(`  attack ${name}: ${summary(samples)}, ${mb.toFixed(0)} MB answered`);
      }
      console.log(
        `  flood: ${CONCURRENT_REQUESTS} GET /posts?limit=20 of one user at once: ${summary(floods.concurrent)}`,
      );
      console.log(`  flood: failed logins from ${LOGIN_FLOOD_ADDRESSES} addresses: ${summary(floods.logins)}`);
      console.log(`  flood: signups from ${SIGNUP_FLOOD_ADDRESSES} addresses: ${summary(floods.signups)}`);
      console.log(`\nthe other user, GET /posts?limit=1: ${summary(reads)}`);
      console.log(`the other user, POST /posts:       ${summary(writes)}`);
      console.log(`the other user, POST /auth/login:  ${summary(logins)}`);
      console.log(
        `\npeak RSS ${peakRss.toFixed(0)} MB (idle ${idle.toFixed(0)} MB, +${(peakRss - idle).toFixed(0)} MB)`,
      );
      console.log(`pool: at most ${peakInUse} connections in use, ${peakWaiting} requests waiting for one`);
      console.log(`event loop: worst lag ${peakLagMs.toFixed(0)} ms`);
      console.log(
        `load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`,
      );
    }

    // Then a genuinely popular post (8,884 likes, 6,539 comments) read by 50 users in a closed loop,
    // while the other user reads another post now and then.
    const readerTokens: string[] = [];
    for (const [i, reader] of ids.readers.entries())
      readerTokens.push(await login(base, reader.email, readerAddress(i)));
    const popularUntil = Date.now() + (phases.includes('popular') ? Math.min(durationMs, 20_000) : 0);
    const popularReads: Sample[] = [];
    const cpuBefore = { service: cpuSeconds(pid), postgres: postgresCpuSeconds(), bench: process.cpuUsage() };
    const popularStart = performance.now();
    const otherReads: Sample[] = [];
    await Promise.all([
      ...readerTokens.map(async (token, i) => {
        const headers = { ...auth(token), ...from(readerAddress(i)) };
        while (Date.now() < popularUntil) popularReads.push(await timed(`${base}/posts/${ids.popular}`, { headers }));
      }),
      // On an event loop of its own: the 50 readers' loop would add its own waits to what it measures.
      (async () => otherReads.push(...(await otherUser(`${base}/posts/${ids.plain}`, victimHeaders, popularUntil))))(),
    ]);
    peakRss = Math.max(peakRss, hwmMb(pid));
    const popularSeconds = (performance.now() - popularStart) / 1000;
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    const cpuShare = (seconds: number) => `${((seconds / popularSeconds) * 100).toFixed(0)}%`;
    const cpu = {
      service: cpuShare(cpuSeconds(pid) - cpuBefore.service),
      postgres: cpuShare(postgresCpuSeconds() - cpuBefore.postgres),
      bench: cpuShare((benchCpu.user + benchCpu.system) / 1e6),
    };
    const otherP99 = percentile(
      otherReads.map((sample) => sample.ms).sort((a, b) => a - b),
      99,
    );
    console.log(`
${POPULAR_READERS} readers of the popular post in a closed loop: ${summary(popularReads)}`);
    console.log(`the other user, GET /posts/{id} meanwhile: ${summary(otherReads)} (goal: p99 under 50 ms)`);
    console.log(
      `CPU meanwhile (100% is one core): the service ${cpu.service}, PostgreSQL ${cpu.postgres}, this load generator ${cpu.bench}`,
    );
    console.log(`peak RSS over both phases ${peakRss.toFixed(0)} MB (+${(peakRss - idle).toFixed(0)} MB)`);

    const failed = [...reads, ...writes, ...logins, ...otherReads].filter(
      (s) => s.status < 200 || s.status >= 300,
    ).length;
    if (otherP99 >= 50) console.log(`the other user's p99 ${otherP99.toFixed(0)} ms is over the 50 ms goal`);
    const exited = node.child.exitCode !== null || node.child.signalCode !== null;
    const problems = [
      failed > 0 && `the other user saw ${failed} failures (5xx, 429 or no answer)`,
      peakRss - idle > maxGrowth && `RSS grew by more than ${maxGrowth} MB`,
      exited && `the process exited (${node.child.exitCode ?? node.child.signalCode})`,
    ].filter(Boolean);
    if (problems.length) console.error(`\nFAILED: ${problems.join('; ')}`);
    return problems.length ? 1 : 0;
  } finally {
    await node?.stop();
    await database.stop();
  }
}

process.exitCode = await main();
