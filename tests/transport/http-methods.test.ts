import { METHODS, request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { type TestUser, useHarness } from '../support/harness.js';

/**
 * HTTP's method rules as tools (Schemathesis, Prism) read them: HEAD is GET without the body, a
 * method a documented path or /trpc does not serve is 405 with Allow (never a 500 or an error
 * line), OPTIONS is 204 with Allow, and an unknown path stays 404 whatever the method.
 */
const lines: string[] = [];
const h = useHarness({}, createLogger('info', { write: (line: string) => void lines.push(line) }));
let alice: TestUser;
let postId: number;
beforeAll(async () => {
  alice = await h.user();
  postId = (await h.request('POST', '/posts', { token: alice.token, body: { title: 't', content: 'c' } })).body.id;
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http, since fetch refuses TRACE and CONNECT. */
function send(method: string, path: string, token?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    const req = request(`${h.baseUrl}${path}`, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    // CONNECT's answer comes as the `connect` event, with the socket.
    req.on('connect', (res, socket, head) => {
      let body = head.toString('utf8');
      socket.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      socket.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const errorLines = () => lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

describe('a method a path does not serve', () => {
  const paths = (): [string, string[]][] => [
    ['/posts/followed', ['GET']],
    [`/posts/${postId}`, ['DELETE', 'GET', 'PATCH']],
    ['/users/me', ['DELETE', 'GET', 'PATCH']],
    ['/trpc/posts.list', ['GET', 'POST']],
    // The stored files, served beside the router: whether the key exists or not.
    ['/media/files/0123456789abcdef.webp', ['GET']],
    // Paths are routed regardless of case, so their methods are known regardless of case too.
    ['/Users/ME', ['DELETE', 'GET', 'PATCH']],
    ['/TRPC/posts.list', ['GET', 'POST']],
  ];

  it('answers 405 with Allow for every method Node parses, and logs no error', async () => {
    lines.length = 0;
    for (const [path, allowed] of paths()) {
      for (const method of METHODS.filter((m) => !allowed.includes(m) && m !== 'HEAD' && m !== 'OPTIONS')) {
        const res = await send(method, path, alice.token);
        expect({ method, path, status: res.status, allow: res.headers.allow }).toEqual({
          method,
          path,
          status: 405,
          allow: allowed.join(', '),
        });
        expect(res.body, `${method} ${path}`).toMatch(/"code":"METHOD_NOT_SUPPORTED"/);
      }
    }
    expect(errorLines()).toEqual([]);
  });

  it('PATCH and DELETE /posts/followed are 405, not /posts/{id}', async () => {
    for (const method of ['PATCH', 'DELETE']) {
      const res = await send(method, '/posts/followed', alice.token);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET');
    }
  });

  it('OPTIONS answers 204 with Allow, on REST paths and /trpc', async () => {
    for (const [path, allowed] of paths()) {
      const res = await send('OPTIONS', path);
      expect({ path, status: res.status, allow: res.headers.allow, body: res.body }).toEqual({
        path,
        status: 204,
        allow: allowed.join(', '),
        body: '',
      });
    }
  });

  it('an unknown path stays 404, whatever the method', async () => {
    for (const method of ['GET', 'OPTIONS', 'DELETE', 'TRACE', 'CONNECT']) {
      expect((await send(method, '/no/such/path')).status, method).toBe(404);
    }
  });
});

describe('HEAD', () => {
  /** The headers that differ from one answer to the next, and the framing of a body never sent. */
  const comparable = ({ date: _, 'x-request-id': __, 'transfer-encoding': ___, ...headers }: Answer['headers']) =>
    headers;

  it('mirrors GET: the same status and headers, no body', async () => {
    const cases: [string, string | undefined][] = [
      ['/no/such/path', alice.token],
      ['/posts/999999999', alice.token],
      ['/posts/not-an-id', alice.token],
      [`/posts/${postId}`, undefined],
      [`/posts/${postId}`, alice.token],
      ['/users/me', undefined],
      ['/users/me', alice.token],
      ['/trpc/users.me', alice.token],
      ['/trpc/users.me', undefined],
      ['/openapi.json', undefined],
    ];
    for (const [path, token] of cases) {
      const [get, head] = [await send('GET', path, token), await send('HEAD', path, token)];
      const signedIn = token ? 'signed in' : 'anonymous';
      expect({ path, signedIn, status: head.status, headers: comparable(head.headers), body: head.body }).toEqual({
        path,
        signedIn,
        status: get.status,
        headers: comparable(get.headers),
        body: '',
      });
    }
  });
});
