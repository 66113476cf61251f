import { randomUUID } from 'node:crypto';
import { decode } from 'jsonwebtoken';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../support/fixtures.js';
import { PASSWORD, type TestUser, useHarness } from '../support/harness.js';

/**
 * Hostile and odd input: JSON bodies are taken with their JSON types on both faces, REST and
 * /trpc (only query and path parameters, strings on the wire, are converted, and REST traffic
 * never changes what /trpc does); input that passes a quick look is a 400, never a 500.
 */
const h = useHarness();
let user: TestUser;
beforeAll(async () => {
  user = await h.user();
});

const lifetimeOf = (token: string) => {
  const { exp, iat } = decode(token) as { exp: number; iat: number };
  return exp - iat;
};

describe('JSON types are taken as sent', () => {
  for (const longExpiration of ['false', 'no', 'true', {}, [], 1, 0, null]) {
    it(`POST /auth/login refuses longExpiration ${JSON.stringify(longExpiration)}, on REST and then on /trpc`, async () => {
      const body = { email: user.email, password: PASSWORD, longExpiration };
      expectApiError(await h.request('POST', '/auth/login', { body }), 400, 'BAD_REQUEST', /longExpiration/);
      const rpc = await h.request('POST', '/trpc/auth.login', { body });
      expect(rpc.status, rpc.text).toBe(400);
      expect(rpc.body.error.message).toMatch(/longExpiration must be a boolean/);
    });
  }

  it('a real boolean still works, on both faces', async () => {
    for (const path of ['/auth/login', '/trpc/auth.login']) {
      const long = await h.request('POST', path, {
        body: { email: user.email, password: PASSWORD, longExpiration: true },
      });
      const short = await h.request('POST', path, {
        body: { email: user.email, password: PASSWORD, longExpiration: false },
      });
      const token = (res: typeof long) => res.body.token ?? res.body.result.data.token;
      expect(lifetimeOf(token(long))).toBe(h.services.config.JWT_LONG_TTL_SECONDS);
      expect(lifetimeOf(token(short))).toBe(h.services.config.JWT_TTL_SECONDS);
    }
  });

  it('"UserId": true or "1" is refused, not read as 1', async () => {
    for (const UserId of [true, String(user.id)]) {
      const body = { name: 'n', description: 'd', location: 'l', dateTime: '2030-01-01T00:00:00Z', UserId };
      expectApiError(await h.request('POST', '/events', { token: user.token, body }), 400, 'BAD_REQUEST', /UserId/);
    }
  });

  it('query parameters are converted as documented, and only digits', async () => {
    expect((await h.request('GET', '/posts?limit=2', { token: user.token })).status).toBe(200);
    for (const limit of ['abc', '1.5', '-1', '0', '101', 'true', '1e1']) {
      expectApiError(
        await h.request('GET', `/posts?limit=${limit}`, { token: user.token }),
        400,
        'BAD_REQUEST',
        /limit/,
      );
    }
  });
});

const register = (name: string) =>
  h.request('POST', '/auth/register/', {
    body: { email: `r-${randomUUID()}@example.com`, name, password: PASSWORD, password_confirm: PASSWORD },
  });

describe('valid-looking input answers 400, never 500', () => {
  it('/auth/register/ with a first or last name longer than the column holds', async () => {
    expectApiError(await register(`${'a'.repeat(150)} Lovelace`), 400, 'BAD_REQUEST', /name/);
    expectApiError(await register(`Ada ${'b'.repeat(150)}`), 400, 'BAD_REQUEST', /name/);
    expect((await register(`${'a'.repeat(100)} ${'b'.repeat(100)}`)).status).toBe(201);
  });

  for (const dateTime of ['9999-12-31T23:59:59-12:00', '0000-01-01T00:00:00Z', '0000-12-31T23:59:59+01:00']) {
    it(`POST /events and PUT /events/{id} with dateTime ${dateTime}`, async () => {
      const body = { name: 'n', description: '', location: '', dateTime };
      expectApiError(await h.request('POST', '/events', { token: user.token, body }), 400, 'BAD_REQUEST', /dateTime/);
      const event = await h.caller(user.token).events.create({ ...body, dateTime: '2030-01-01T00:00:00Z' });
      expectApiError(
        await h.request('PUT', `/events/${event.id}`, { token: user.token, body }),
        400,
        'BAD_REQUEST',
        /dateTime/,
      );
    });
  }

  it('the extreme years that PostgreSQL does store are accepted', async () => {
    for (const dateTime of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      const body = { name: 'n', description: '', location: '', dateTime };
      const res = await h.request('POST', '/events', { token: user.token, body });
      expect(res.status, res.text).toBe(201);
      expect(res.body.dateTime).toBe(new Date(dateTime).toISOString());
    }
  });

  it('JSON nested 10,000 deep, on REST and /trpc', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const rawBody = `{"title":"t","content":"c","extra":${deep}}`;
    for (const path of ['/posts', '/trpc/posts.create']) {
      const res = await h.request('POST', path, {
        token: user.token,
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(res.text).toMatch(/nested/);
    }
    const query = await h.request('GET', `/trpc/users.me?input=${encodeURIComponent(deep)}`, { token: user.token });
    expect(query.status, query.text).toBeLessThan(500);
  });

  // Short bodies skip the depth walk (two bytes a level): the shortest body over the limit is refused.
  it.each([
    [64, /title is required/],
    [65, /nested more than 64 levels deep/],
  ])('an array nested %i deep in as few bytes as it takes', async (depth, message) => {
    const res = await h.request('POST', '/posts', {
      token: user.token,
      rawBody: '['.repeat(depth) + ']'.repeat(depth),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toMatch(message);
  });
});

describe('a NUL character', () => {
  const nul = 'a\u0000b';
  const cases: [string, string, string, () => object][] = [
    ['POST', '/posts', 'title', () => ({ title: nul, content: 'c' })],
    ['POST', '/posts', 'content', () => ({ title: 't', content: nul })],
    ['POST', '/auth/signup', 'firstName', () => signup({ firstName: nul })],
    ['POST', '/auth/signup', 'lastName', () => signup({ lastName: nul })],
    ['POST', '/auth/signup', 'email', () => signup({ email: `a\u0000@example.com` })],
    ['POST', '/auth/login', 'email', () => ({ email: `a\u0000@example.com`, password: PASSWORD })],
    [
      'POST',
      '/auth/register/',
      'name',
      () => ({
        email: `${randomUUID()}@example.com`,
        name: `Ada ${nul}`,
        password: PASSWORD,
        password_confirm: PASSWORD,
      }),
    ],
    ['POST', '/events', 'name', () => event({ name: nul })],
    ['POST', '/events', 'description', () => event({ description: nul })],
    ['POST', '/events', 'location', () => event({ location: nul })],
  ];
  function signup(fields: object) {
    return {
      email: `${randomUUID()}@example.com`,
      password: PASSWORD,
      passwordValidation: PASSWORD,
      firstName: 'F',
      lastName: 'L',
      ...fields,
    };
  }
  function event(fields: object) {
    return { name: 'n', description: 'd', location: 'l', dateTime: '2030-01-01T00:00:00Z', ...fields };
  }

  for (const [method, path, field, body] of cases) {
    it(`in ${field} of ${method} ${path} is a 400 naming the field`, async () => {
      const res = await h.request(method, path, { token: user.token, body: body() });
      expectApiError(res, 400, 'BAD_REQUEST', new RegExp(`^${field} `));
    });
  }

  it('in PATCH /posts/{id} and POST /posts/{id}/comment too', async () => {
    const post = await h.caller(user.token).posts.create({ title: 't', content: 'c' });
    const patch = await h.request('PATCH', `/posts/${post.id}`, {
      token: user.token,
      body: { title: nul, content: 'c' },
    });
    expectApiError(patch, 400, 'BAD_REQUEST', /^title /);
    const comment = await h.request('POST', `/posts/${post.id}/comment`, { token: user.token, body: { content: nul } });
    expectApiError(comment, 400, 'BAD_REQUEST', /^content /);
  });
});

describe('messages and protocol', () => {
  it('an invalid before says what it must be', async () => {
    const res = await h.request('GET', '/posts?limit=5&before=abc', { token: user.token });
    expectApiError(res, 400, 'BAD_REQUEST', /^before must be a positive integer id$/);
  });

  it('an id field says it must be at least 1', async () => {
    const body = { name: 'n', description: '', location: '', dateTime: '2030-01-01T00:00:00Z', UserId: 0 };
    expectApiError(
      await h.request('POST', '/events', { token: user.token, body }),
      400,
      'BAD_REQUEST',
      /^UserId must be at least 1$/,
    );
  });

  it('the 415 message names the content type with balanced quotes', async () => {
    const res = await h.request('POST', '/posts', {
      token: user.token,
      rawBody: 'title=t',
      headers: { 'content-type': 'text/plain' },
    });
    expectApiError(
      res,
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      /^Unsupported content-type "text\/plain"; send application\/json$/,
    );
  });

  it('media types are case-insensitive on REST as on /trpc', async () => {
    for (const contentType of ['APPLICATION/JSON', 'Application/Json; Charset=UTF-8']) {
      const res = await h.request('POST', '/posts', {
        token: user.token,
        body: { title: 't', content: 'c' },
        headers: { 'content-type': contentType },
      });
      expect(res.status, `${contentType}: ${res.text}`).toBe(201);
    }
  });

  it('a known path with the wrong method is a 405 with Allow', async () => {
    for (const [method, path, allow] of [
      ['PUT', '/posts', 'GET, POST'],
      ['DELETE', '/auth/login/', 'POST'],
      ['PATCH', '/events/1', 'DELETE, GET, PUT'],
      ['POST', '/users/me', 'DELETE, GET, PATCH'],
    ] as const) {
      const res = await h.request(method, path, { token: user.token, body: {} });
      expectApiError(res, 405, 'METHOD_NOT_SUPPORTED');
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
    }
    expect((await h.request('GET', '/no/such/path')).status).toBe(404);
  });

  it('every 401 carries WWW-Authenticate: Bearer, on REST and /trpc', async () => {
    for (const path of ['/posts', '/users/me', '/trpc/users.me', '/posts/followed']) {
      const res = await h.request('GET', path, { token: 'not.a.token' });
      expect(res.status, path).toBe(401);
      expect(res.headers.get('www-authenticate'), path).toBe('Bearer');
    }
  });

  it('the document shows no negative example ids', async () => {
    const document = (await h.request('GET', '/openapi.json')).text;
    expect(document).not.toContain('-9007199254740991');
  });
});
