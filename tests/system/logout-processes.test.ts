import { describe, expect, it, vi } from 'vitest';
import { signUpAndLogIn, useServiceProcesses } from '../support/service-process.js';

/**
 * Every request's statement checks the session in PostgreSQL (sql.ts, OPEN_SESSION): nothing about
 * a session is cached in a process, so a logout on one process holds on the very next request to
 * any other. Two real service services.processes on one database, both warmed up with the token first.
 */
vi.setConfig({ testTimeout: 90_000 });
const services = useServiceProcesses(2);

async function call(baseUrl: string, method: string, path: string, token: string, body?: object) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe('logout across processes', () => {
  it('a logged-out token is refused on the next request by every process', async () => {
    const [a, b] = services.processes.map((service) => service.baseUrl) as [string, string];
    const token = await signUpAndLogIn(a, `logout-${Date.now()}@example.com`, 'correct horse battery');

    // Both services.processes have seen the token at work, on every kind of statement.
    const { body: post } = await call(b, 'POST', '/posts', token, { title: 'before logout', content: 'body' });
    const requests: [string, string, object?][] = [
      ['GET', '/users/me'],
      ['GET', `/posts/${post.id}`],
      ['GET', '/posts?limit=5'],
      ['GET', '/posts/followed?limit=5'],
      ['GET', `/users/${post.createdBy.id}`],
      ['POST', `/posts/${post.id}/like`],
      ['DELETE', `/posts/${post.id}/like`],
      ['POST', '/posts', { title: 'after logout', content: 'must not be stored' }],
    ];
    for (const base of [a, b]) {
      for (const [method, path] of requests.slice(0, 5))
        expect((await call(base, method, path, token)).status).toBe(200);
    }

    expect((await call(a, 'GET', '/auth/logout', token)).status).toBe(200);
    for (const base of [b, a]) {
      for (const [method, path, body] of requests) {
        const { status } = await call(base, method, path, token, body);
        expect({ base: base === a ? 'A' : 'B', method, path, status }).toEqual({
          base: base === a ? 'A' : 'B',
          method,
          path,
          status: 401,
        });
      }
    }
    const [stored] = await services.h.orm.em
      .getConnection()
      .execute("select count(*)::int as n from posts where title = 'after logout'");
    expect(stored?.n).toBe(0);
  });
});
