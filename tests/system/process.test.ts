import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent, get, request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Harness } from '../support/harness.js';
import { signUpAndLogIn, startServiceProcess } from '../support/service-process.js';

/** The service as a real process: graceful shutdown under load, and cluster workers replaced. */
// Whole processes start here, on two cores shared with the rest of the suite: give them time.
vi.setConfig({ testTimeout: 90_000 });
let h: Harness;
beforeAll(async () => {
  h = await Harness.start(); // owns the database copy the processes below use
});
afterAll(() => h.close());

/** A POST over a keep-alive agent, resolving with status, headers and parsed body. */
function postOver(agent: Agent, url: string, token: string, body: object) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: { id: number } }>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      agent,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text || '{}') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

function statusOverNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url}`)));
    req.on('error', reject);
  });
}

describe('SIGTERM under load', () => {
  it('finishes in-flight requests, closes keep-alive connections, loses no acknowledged write, exits 0', async () => {
    const service = await startServiceProcess({ DATABASE_URL: h.databaseUrl });
    const token = await signUpAndLogIn(service.baseUrl, `proc-${randomUUID()}@example.com`, 'process password');
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const acknowledged: number[] = [];
    const outcomes: string[] = [];
    let stop = false;

    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await postOver(agent, `${service.baseUrl}/posts`, token, {
            title: `w${n}-${i}`,
            content: 'load',
          });
          outcomes.push(String(res.status));
          if (res.status === 201) acknowledged.push(res.body.id);
          if (res.headers.connection === 'close') outcomes.push('told to close');
        } catch {
          outcomes.push('refused');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    };
    const writers = Array.from({ length: 16 }, (_, n) => writer(n));
    await new Promise((resolve) => setTimeout(resolve, 500));
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    stop = true;
    await Promise.all(writers);
    agent.destroy();

    expect(acknowledged.length).toBeGreaterThan(10);
    // Every outcome is a success or a refused connection after the server stopped listening: no 5xx.
    expect(outcomes.filter((o) => !['201', 'refused', 'told to close'].includes(o))).toEqual([]);
    const stored = await h.orm.em
      .getConnection()
      .execute<{ id: number }[]>(`select id from posts where id in (${acknowledged.join(',')})`);
    expect(stored.length).toBe(acknowledged.length);
  });
});

describe('cluster mode', () => {
  it('serves from every worker and replaces one that dies', async () => {
    const service = await startServiceProcess({ DATABASE_URL: h.databaseUrl, WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' });
    const ready = () => service.logs.filter((msg) => msg === 'Feedline is ready').length;
    const workers = (): number[] => {
      try {
        return execFileSync('pgrep', ['-P', String(service.child.pid)], { encoding: 'utf8' })
          .trim()
          .split('\n')
          .map(Number);
      } catch {
        return []; // pgrep exits 1 when there is no child
      }
    };
    const until = async (done: () => boolean) => {
      for (const deadline = Date.now() + 20_000; !done() && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(done()).toBe(true);
    };
    try {
      await until(() => ready() === 2); // both workers listening
      const [victim, survivor] = workers();
      process.kill(victim!, 'SIGKILL');
      // Once the primary has reaped the dead worker (a connection handed over in that very instant
      // is lost: Node's cluster cannot take it back), the survivor answers every request.
      await until(() => !workers().includes(victim!));
      // Fresh connections: a kept-alive socket to the dead worker died with it.
      expect(await statusOverNewConnection(`${service.baseUrl}/healthz`)).toBe(200);
      // A replacement joins, and the service answers throughout.
      await until(() => ready() === 3 && workers().length === 2 && workers().includes(survivor!));
      for (let i = 0; i < 10; i++) {
        expect(await statusOverNewConnection(`${service.baseUrl}/readyz`)).toBe(200);
      }
    } finally {
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
    }
  });
});
