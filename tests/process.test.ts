import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Harness } from './support/harness.js';
import { startServiceProcess } from './support/service-process.js';

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

async function signUpAndLogIn(baseUrl: string) {
  const email = `proc-${randomUUID()}@example.com`;
  const password = 'process password';
  const post = (path: string, body: object) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/auth/signup', { email, password, passwordValidation: password, firstName: 'P', lastName: 'Roc' });
  return ((await (await post('/auth/login', { email, password })).json()) as { token: string }).token;
}

describe('SIGTERM under load', () => {
  it('finishes in-flight requests, closes keep-alive connections, loses no acknowledged write, exits 0', async () => {
    const service = await startServiceProcess({ DATABASE_URL: h.databaseUrl });
    const token = await signUpAndLogIn(service.baseUrl);
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
    const service = await startServiceProcess({ DATABASE_URL: h.databaseUrl, WEB_CONCURRENCY: '2' });
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
    try {
      for (const deadline = Date.now() + 20_000; workers().length < 2 && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const [victim, survivor] = workers();
      process.kill(victim!, 'SIGKILL');
      // The survivor keeps answering at once, and a replacement joins.
      expect((await fetch(`${service.baseUrl}/healthz`)).status).toBe(200);
      let replaced = false;
      for (const deadline = Date.now() + 20_000; !replaced && Date.now() < deadline;) {
        const now = workers();
        replaced = now.length === 2 && !now.includes(victim!) && now.includes(survivor!);
        if (!replaced) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(replaced).toBe(true);
      for (let i = 0; i < 10; i++) expect((await fetch(`${service.baseUrl}/readyz`)).status).toBe(200);
    } finally {
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
    }
  });
});
