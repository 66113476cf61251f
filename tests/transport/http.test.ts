import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../support/fixtures.js';
import { type TestUser, useHarness } from '../support/harness.js';

const h = useHarness();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await h.user({ firstName: 'Alice' });
  bob = await h.user({ firstName: 'Bob' });
});

describe('health checks', () => {
  it('GET /healthz answers 200 while the process is up', async () => {
    const res = await h.request('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 when the database answers', async () => {
    const res = await h.request('GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

describe('request bodies', () => {
  it('accepts application/json; charset=utf-8', async () => {
    const res = await h.request('POST', '/posts', {
      token: alice.token,
      body: { title: 'Charset', content: 'utf-8 ✓' },
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(201);
    expect(res.body.content).toBe('utf-8 ✓');
  });

  it('answers malformed JSON with 400 JSON', async () => {
    const res = await h.request('POST', '/posts', {
      token: alice.token,
      rawBody: '{"title": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expectApiError(res, 400, 'BAD_REQUEST');
  });

  it('answers a body over 1 MB with 413 JSON and stores nothing', async () => {
    const before = await h.request('GET', '/posts', { token: alice.token });
    const res = await h.request('POST', '/posts', {
      token: alice.token,
      body: { title: 'big', content: 'x'.repeat(1024 * 1024 + 10) },
    });
    expectApiError(res, 413, 'PAYLOAD_TOO_LARGE');
    const after = await h.request('GET', '/posts', { token: alice.token });
    expect(after.body).toHaveLength(before.body.length);
  });

  it('accepts POSTs with no body and no Content-Type (like, follow)', async () => {
    const post = await h.request('POST', '/posts', { token: bob.token, body: { title: 't', content: 'c' } });
    const like = await h.request('POST', `/posts/${post.body.id}/like`, { token: alice.token });
    expect(like.status).toBe(200);
    const follow = await h.request('POST', `/users/${bob.id}/follow`, { token: alice.token });
    expect(follow.status).toBe(200);
  });

  it('reads a plain application/json body as express.json reads any other JSON body', async () => {
    // "application/json" takes the service's own reader (http.ts); "Application/JSON" goes to express.json.
    const bodies = [
      '\ufeff{"title":"BOM","content":"c"}',
      ' \n\t{"title":"Spaced","content":"c"}',
      '',
      '"a string"',
      '1',
      '[]',
      '{"title": "x",',
      '{"title":"ünïcödé ✓","content":"c"}',
    ];
    for (const rawBody of bodies) {
      const send = (type: string) =>
        h.request('POST', '/posts', { token: alice.token, rawBody, headers: { 'content-type': type } });
      const [own, parser] = await Promise.all([send('application/json'), send('Application/JSON')]);
      expect({ rawBody, status: own.status }).toEqual({ rawBody, status: parser.status });
      if (own.status === 201)
        expect({ ...own.body, id: 0 }).toEqual({ ...parser.body, id: 0, createdAt: own.body.createdAt });
      else expect(own.body).toEqual(parser.body);
    }
  });

  it('refuses a body that is not JSON with 415 JSON', async () => {
    const res = await h.request('POST', '/posts', {
      token: alice.token,
      rawBody: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectApiError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('errors', () => {
  it('answers an unknown path with 404 JSON', async () => {
    const res = await h.request('GET', '/no/such/path');
    expectApiError(res, 404, 'NOT_FOUND');
  });

  it('answers an unknown method on a known path with 405 JSON and Allow', async () => {
    const res = await h.request('PUT', '/posts', { token: alice.token, body: {} });
    expectApiError(res, 405, 'METHOD_NOT_SUPPORTED');
    expect(res.headers.get('allow')).toBe('GET, POST');
  });

  it('validation errors carry field issues, never a stack', async () => {
    const res = await h.request('POST', '/posts', { token: alice.token, body: { title: '' } });
    expectApiError(res, 400, 'BAD_REQUEST');
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'title', message: 'title must not be empty' },
        { path: 'content', message: 'content is required' },
      ]),
    );
  });

  it('does not advertise the framework', async () => {
    const res = await h.request('GET', '/healthz');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('tags every response with a request id, reusing a sane incoming one', async () => {
    const fresh = await h.request('GET', '/healthz');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await h.request('GET', '/healthz', { headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-123');
  });
});

describe('/trpc and REST share one router', () => {
  it('serves the same procedure at /trpc and at its REST path', async () => {
    const rest = await h.request('GET', '/users', { token: alice.token });
    const rpc = await h.request('GET', '/trpc/users.list', { token: alice.token });
    expect(rest.status).toBe(200);
    expect(rpc.status).toBe(200);
    expect(rpc.body.result.data).toEqual(rest.body);
  });

  it('serves the OpenAPI document', async () => {
    const res = await h.request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('0.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/posts/followed', '/users/me', '/posts/{id}']),
    );
  });
});
