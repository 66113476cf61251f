import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/platform/ports.js';
import { createLogger } from '../../src/platform/logger.js';
import { Harness, type TestUser } from '../support/harness.js';

/**
 * The service reaches its database through a TCP relay this test can cut, freeze and restore: an
 * outage without touching the shared PostgreSQL. Frozen, every query meets a client-side deadline;
 * outages (and only outages) are logged at error level, with their cause, once per incident.
 */
let owner: Harness;
let h: Harness;
let user: TestUser;
let relay: Server | undefined;
let relayPort: number;
const relayed = new Set<Socket>();
const pairs: [Socket, Socket][] = [];
const lines: { level: number; msg: string; err?: { message: string } }[] = [];

function openRelay(target: URL): Promise<void> {
  relay = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      relayed.add(socket);
      socket.on('error', () => undefined).on('close', () => relayed.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    pairs.push([client, upstream]);
  });
  return new Promise((resolve) => relay!.listen(relayPort, '127.0.0.1', resolve));
}

async function cutRelay(): Promise<void> {
  await new Promise((resolve) => {
    relay!.close(resolve);
    for (const socket of relayed) socket.destroy();
  });
}

/** The database stops answering (as under SIGSTOP): bytes go nowhere, nothing is closed. */
function freezeRelay(): void {
  for (const [client, upstream] of pairs) {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  }
}

function thawRelay(): void {
  for (const [client, upstream] of pairs) client.pipe(upstream).pipe(client);
}

beforeAll(async () => {
  owner = await Harness.start();
  const target = new URL(owner.databaseUrl);
  relayPort = await freePort();
  await openRelay(target);
  const viaRelay = new URL(owner.databaseUrl);
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String(relayPort);
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  h = await Harness.attach(
    viaRelay.toString(),
    { DB_ACQUIRE_TIMEOUT_MS: '1000', DB_STATEMENT_TIMEOUT_MS: '1000' },
    logger,
  );
  user = await h.user();
});
afterAll(async () => {
  await h?.close();
  if (relay?.listening) await cutRelay();
  await owner?.close();
});

const errorLines = () => lines.filter((line) => line.level >= 50);

describe('a frozen database', () => {
  it('in-flight requests answer 503 at the client-side query deadline, and recover when it thaws', async () => {
    expect((await h.request('GET', '/users/me', { token: user.token })).status).toBe(200);
    freezeRelay();
    try {
      const started = performance.now();
      const res = await fetch(`${h.baseUrl}/users/me`, {
        headers: { authorization: `Bearer ${user.token}` },
        signal: AbortSignal.timeout(15_000),
      });
      expect(res.status).toBe(503);
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      thawRelay();
    }
    let recovered = false;
    for (const deadline = Date.now() + 15_000; !recovered && Date.now() < deadline;) {
      recovered = (await h.request('GET', '/users/me', { token: user.token })).status === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBe(true);
    lines.length = 0;
  });
});

describe('outage logging', () => {
  it('a NUL in a field is a 400 and logs nothing at error level', async () => {
    const res = await h.request('POST', '/posts', { token: user.token, body: { title: 'a\u0000b', content: 'c' } });
    expect(res.status).toBe(400);
    expect(errorLines()).toEqual([]);
  });

  it('each outage is logged once, with its cause, however many requests fail; recovery is noted', async () => {
    for (let incident = 1; incident <= 2; incident++) {
      await cutRelay();
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await h.request('GET', i % 2 ? '/posts?limit=1' : '/users/me', { token: user.token })).status);
      }
      expect(statuses).toEqual(Array(6).fill(503));
      expect(errorLines()).toHaveLength(incident);
      expect(errorLines()[incident - 1]!.err?.message).toBeTruthy();

      await openRelay(new URL(owner.databaseUrl));
      let recovered = false;
      for (const deadline = Date.now() + 15_000; !recovered && Date.now() < deadline;) {
        recovered = (await h.request('GET', '/users/me', { token: user.token })).status === 200;
        if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(recovered).toBe(true);
      expect(lines.filter((line) => line.msg === 'database available again')).toHaveLength(incident);
    }
  });
});
