/**
 * A failover drill against Feedline nodes on the HA cluster: writers post through every node, a
 * subscriber follows the author on GET /live/feed (resuming by Last-Event-ID when a stream ends),
 * a fault is injected, and afterwards every acknowledged post is audited in the database and in
 * what the subscriber received.
 */
import pg from 'pg';
import type { HaCluster } from './cluster.js';

export type Fault = 'postmaster' | 'node' | 'switchover';

export interface DrillOptions {
  cluster: HaCluster;
  /** The database Feedline uses on the cluster. */
  database: string;
  /** Base URLs of the Feedline nodes; writers go round them. */
  nodes: string[];
  fault: Fault;
  writers?: number;
  /** Writing before the fault, and after the first successful write that follows it. */
  beforeMs?: number;
  afterMs?: number;
  /** Each request's own deadline: a request past it counts as hung. */
  requestTimeoutMs?: number;
}

export interface DrillResult {
  fault: Fault;
  oldLeader: string;
  newLeader: string;
  acknowledged: number;
  statuses: Record<string, number>;
  /** Answers that took longer than the request deadline, or never came. */
  hung: number;
  slowestMs: number;
  /** From the fault to the first acknowledged write that was sent after it. */
  firstWriteAfterMs: number;
  /** The longest stretch with no write acknowledged, around the fault. */
  longestGapMs: number;
  lost: number[];
  undelivered: number[];
  /** The first few answers other than 201 and 503, for the report. */
  unexpected: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PASSWORD = 'failover drill password';

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export async function signUp(base: string, name: string): Promise<{ id: number; token: string }> {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@drill.feedline.dev`;
  const post = (path: string, body: object) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signup = await post('/auth/signup', {
    email,
    password: PASSWORD,
    passwordValidation: PASSWORD,
    firstName: 'Drill',
    lastName: name,
  });
  if (signup.status !== 200) throw new Error(`signup answered ${signup.status}`);
  const { id } = await json<{ id: number }>(signup);
  const login = await post('/auth/login', { email, password: PASSWORD, longExpiration: true });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  return { id, token: (await json<{ token: string }>(login)).token };
}

/** Reads GET /live/feed for as long as it runs, reopening with Last-Event-ID whenever a stream ends. */
class ResumingSubscriber {
  readonly ids = new Set<number>();
  private lastId?: string;
  private readonly abort = new AbortController();
  readonly done: Promise<void>;
  /** Settles once the first stream is open: what is written after it must all arrive. */
  readonly open: Promise<void>;
  private opened!: () => void;

  constructor(
    private readonly bases: string[],
    private readonly token: string,
  ) {
    this.open = new Promise((resolve) => (this.opened = resolve));
    this.done = this.run();
  }

  private async run(): Promise<void> {
    for (let attempt = 0; !this.abort.signal.aborted; attempt++) {
      const base = this.bases[attempt % this.bases.length]!;
      try {
        const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
        if (this.lastId) headers['last-event-id'] = this.lastId;
        const res = await fetch(`${base}/live/feed`, { headers, signal: this.abort.signal });
        if (res.status !== 200 || !res.body) {
          await res.body?.cancel();
          await sleep(200);
          continue;
        }
        this.opened();
        const decoder = new TextDecoder();
        let pending = '';
        for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
          pending += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = pending.indexOf('\n\n')) >= 0) {
            this.take(pending.slice(0, end));
            pending = pending.slice(end + 2);
          }
        }
      } catch {
        // the node went away or the stream was cut: resume
      }
      if (!this.abort.signal.aborted) await sleep(100);
    }
  }

  private take(block: string) {
    const id = /^id: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (!id || !data) return;
    this.lastId = id;
    const post = JSON.parse(data) as { id?: number };
    if (typeof post.id === 'number') this.ids.add(post.id);
  }

  /** Waits until every id is in, or the deadline passes. */
  async waitFor(ids: number[], timeoutMs: number): Promise<void> {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(200)) {
      if (ids.every((id) => this.ids.has(id))) return;
    }
  }

  async close() {
    this.abort.abort();
    await this.done;
  }
}

export async function runFailoverDrill(options: DrillOptions): Promise<DrillResult> {
  const { cluster, database, nodes, fault } = options;
  const requestTimeoutMs = options.requestTimeoutMs ?? 15_000;
  const author = await signUp(nodes[0]!, 'author');
  const reader = await signUp(nodes[0]!, 'reader');
  const follow = await fetch(`${nodes[0]}/users/${author.id}/follow`, {
    method: 'POST',
    headers: { authorization: `Bearer ${reader.token}` },
  });
  if (follow.status !== 200) throw new Error(`follow answered ${follow.status}`);
  const subscriber = new ResumingSubscriber(nodes, reader.token);
  await subscriber.open;

  const run = Math.random().toString(36).slice(2, 10);
  const acknowledged = new Map<number, string>();
  const statuses: Record<string, number> = {};
  const ackTimes: number[] = [];
  /** When each acknowledged write was sent. */
  const sentTimes: number[] = [];
  const unexpected: string[] = [];
  let hung = 0;
  let slowestMs = 0;
  let writing = true;
  const writer = async (n: number) => {
    for (let i = 0; writing; i++) {
      const title = `${run}-${n}-${i}`;
      const base = nodes[(n + i) % nodes.length]!;
      const started = Date.now();
      let status = 'error';
      try {
        const res = await fetch(`${base}/posts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title, content: `content of ${title}` }),
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
        status = String(res.status);
        if (res.status === 201) {
          acknowledged.set((await json<{ id: number }>(res)).id, title);
          ackTimes.push(Date.now());
          sentTimes.push(started);
        } else if (res.status !== 503 && unexpected.length < 5)
          unexpected.push(`${res.status} ${await res.text()} after ${Date.now() - started} ms`);
        else await res.arrayBuffer();
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') hung++;
        else if (unexpected.length < 5) {
          const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
          unexpected.push(
            `${(error as Error).message}: ${cause?.code ?? cause?.message ?? ''} after ${Date.now() - started} ms`,
          );
        }
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
      slowestMs = Math.max(slowestMs, Date.now() - started);
      if (status !== '201') await sleep(100);
    }
  };
  const writers = Array.from({ length: options.writers ?? 6 }, (_, n) => writer(n));

  // In synchronous mode only the synchronous standby may be promoted: a fault before it is one
  // would (rightly) leave the cluster without a leader.
  const leader = await cluster.waitForLeader();
  for (const m of cluster.members) if (m.name !== leader) await cluster.waitForSyncStandby(m.name, 120_000);
  await sleep(options.beforeMs ?? 2_000);
  const oldLeader = await cluster.waitForLeader();
  const faultAt = Date.now();
  if (fault === 'postmaster') cluster.killPostmaster(oldLeader);
  else if (fault === 'node') cluster.killMember(oldLeader);
  else await cluster.switchover(cluster.members.find((m) => m.name !== oldLeader)!.name);
  const newLeader = await cluster.waitForLeader(fault === 'postmaster' ? {} : { not: oldLeader });
  let firstWriteAfter: number | undefined;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(100)) {
    const after = ackTimes.filter((_, i) => sentTimes[i]! > faultAt);
    firstWriteAfter = after.length > 0 ? Math.min(...after) : undefined;
    if (firstWriteAfter) break;
  }
  await sleep(options.afterMs ?? 2_000);
  writing = false;
  await Promise.all(writers);

  const ids = [...acknowledged.keys()];
  await subscriber.waitFor(ids, 60_000);
  await subscriber.close();

  const db = new pg.Client({ connectionString: cluster.writeUrl(database) });
  await db.connect();
  const { rows } = await db
    .query<{ id: number; title: string; content: string }>(
      'select id, title, content from posts where id = any($1::int[])',
      [ids],
    )
    .finally(() => void 0);
  await db.end();
  const stored = new Map(rows.map((row) => [row.id, row]));
  const lost = ids.filter((id) => {
    const row = stored.get(id);
    return row?.title !== acknowledged.get(id) || row?.content !== `content of ${row?.title}`;
  });
  const sorted = [...ackTimes].sort((a, b) => a - b);
  let longestGapMs = 0;
  for (let i = 1; i < sorted.length; i++) longestGapMs = Math.max(longestGapMs, sorted[i]! - sorted[i - 1]!);
  return {
    fault,
    oldLeader,
    newLeader,
    acknowledged: ids.length,
    statuses,
    hung,
    slowestMs,
    firstWriteAfterMs: firstWriteAfter ? firstWriteAfter - faultAt : Number.POSITIVE_INFINITY,
    longestGapMs,
    lost,
    undelivered: ids.filter((id) => !subscriber.ids.has(id)),
    unexpected,
  };
}
