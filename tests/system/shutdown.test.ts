import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Harness } from '../support/harness.js';
import { startServiceProcess } from '../support/service-process.js';

/** A request whose bytes reached the server before SIGTERM is served, not reset. */
vi.setConfig({ testTimeout: 90_000 });
let h: Harness;
beforeAll(async () => {
  h = await Harness.start(); // owns the database copy the processes below use
});
afterAll(() => h.close());

/**
 * Sends a POST over its own new connection; `written` resolves once the socket is connected and
 * the whole request is in the kernel, `answered` with the status or the error code.
 */
function postOverNewConnection(url: string, token: string, body: object) {
  let written!: Promise<void>;
  const answered = new Promise<string>((resolve) => {
    const req = request(url, {
      method: 'POST',
      agent: false,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    written = new Promise((done) => req.end(JSON.stringify(body), done));
  });
  return { written, answered };
}

describe('SIGTERM right after requests arrived', () => {
  it('serves and stores every one of them, in each of 3 rounds', async () => {
    for (let round = 0; round < 3; round++) {
      const service = await startServiceProcess({ DATABASE_URL: h.databaseUrl });
      // Its own tokens (the process has its own JWT secret), so signed up and logged in through it.
      const email = `shutdown-${randomUUID()}@example.com`;
      const password = 'shutdown pw';
      const send = (path: string, body: object) =>
        fetch(`${service.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((res) => res.json() as Promise<{ token: string }>);
      await send('/auth/signup', { email, password, passwordValidation: password, firstName: 'S', lastName: 'D' });
      const { token } = await send('/auth/login', { email, password });
      const tag = `round-${round}-${randomUUID()}`;
      const posts = Array.from({ length: 20 }, (_, i) =>
        postOverNewConnection(`${service.baseUrl}/posts`, token, { title: tag, content: String(i) }),
      );
      await Promise.all(posts.map((post) => post.written));
      service.child.kill('SIGTERM');
      const outcomes = await Promise.all(posts.map((post) => post.answered));
      expect(await service.exited).toBe(0);
      expect(outcomes, `round ${round}`).toEqual(Array(20).fill('201'));
      const stored = await h.orm.em
        .getConnection()
        .execute<{ n: number }[]>('select count(*)::int as n from posts where title = ?', [tag]);
      expect(stored[0]!.n).toBe(20);
    }
  });
});
