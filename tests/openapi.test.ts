import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract, type OpenApiDocument } from './support/contract.js';
import { Harness, PASSWORD, type ApiResponse, type TestUser } from './support/harness.js';

let h: Harness;
let doc: OpenApiDocument;
let contract: Contract;
let author: TestUser;
let other: TestUser;

beforeAll(async () => {
  h = await Harness.start();
  doc = (await h.request('GET', '/openapi.json')).body;
  contract = new Contract(doc);
  author = await h.user({ firstName: 'Author' });
  other = await h.user({ firstName: 'Other' });
});
afterAll(() => h.close());

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, version 0.1.0', async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('0.1.0');
  });

  it('documents the real success statuses', () => {
    expect(Object.keys(doc.paths['/posts']!.post!.responses)).toContain('201');
    expect(Object.keys(doc.paths['/posts/{id}/comment']!.post!.responses)).toContain('201');
    expect(Object.keys(doc.paths['/events']!.post!.responses)).toContain('201');
    expect(Object.keys(doc.paths['/auth/register']!.post!.responses)).toContain('201');
    expect(doc.paths['/posts/{id}']!.delete!.responses['204']).toEqual({ description: 'No content' });
    expect(doc.paths['/posts']!.post!.responses['200']).toBeUndefined();
  });

  it('marks exactly the public operations as needing no token', () => {
    const open = Object.entries(doc.paths)
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => ({ op: `${method.toUpperCase()} ${path}`, op2: op })),
      )
      .filter(({ op2 }) => !op2.security?.length)
      .map(({ op }) => op)
      .sort();
    expect(open).toEqual([
      'GET /events',
      'GET /events/{id}',
      'POST /auth/login',
      'POST /auth/register',
      'POST /auth/signup',
    ]);
  });

  it('documents request limits', () => {
    const body = (doc.paths['/posts']!.post as any).requestBody.content['application/json'].schema;
    expect(body.properties.title).toMatchObject({ minLength: 1, maxLength: 200 });
    expect(body.properties.content).toMatchObject({ maxLength: 20000 });
  });
});

const seen = new Map<string, Set<number>>();

/** Sends a real request and checks its status and body against the document. */
async function check(
  method: string,
  template: string,
  path: string,
  expected: number,
  options: { token?: string; body?: unknown } = {},
): Promise<ApiResponse> {
  const res = await h.request(method, path, options);
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(expected);
  expect(contract.violation(method, template, res.status, res.text, res.body)).toBeUndefined();
  const key = `${method} ${template}`;
  seen.set(key, (seen.get(key) ?? new Set()).add(res.status));
  return res;
}

describe('real responses match the document', () => {
  it('for every operation, success and error cases', async () => {
    const a = { token: author.token };
    const o = { token: other.token };
    const email = `contract-${Date.now()}@example.com`;
    const signup = { email, password: PASSWORD, passwordValidation: PASSWORD, firstName: 'C', lastName: 'T' };

    await check('POST', '/auth/signup', '/auth/signup', 200, { body: signup });
    await check('POST', '/auth/signup', '/auth/signup', 400, { body: signup });
    await check('POST', '/auth/register', '/auth/register/', 201, {
      body: { email: `r-${email}`, name: 'Reg Ister', password: PASSWORD, password_confirm: PASSWORD },
    });
    await check('POST', '/auth/register', '/auth/register/', 400, { body: { email } });
    await check('POST', '/auth/login', '/auth/login', 200, { body: { email, password: PASSWORD } });
    await check('POST', '/auth/login', '/auth/login/', 400, { body: { email } });
    await check('POST', '/auth/login', '/auth/login', 401, { body: { email, password: 'wrong password' } });

    const post = (await check('POST', '/posts', '/posts', 201, { ...a, body: { title: 't', content: 'c' } })).body;
    await check('POST', '/posts', '/posts', 400, { ...a, body: { title: 't' } });
    await check('POST', '/posts', '/posts', 401, { body: { title: 't', content: 'c' } });
    await check('GET', '/posts', '/posts', 200, a);
    await check('GET', '/posts', '/posts', 401);
    await check('GET', '/posts/followed', '/posts/followed', 200, a);
    await check('GET', '/posts/followed', '/posts/followed', 401);
    await check('GET', '/posts/{id}', `/posts/${post.id}`, 200, a);
    await check('GET', '/posts/{id}', '/posts/abc', 400, a);
    await check('GET', '/posts/{id}', '/posts/999999999', 404, a);
    await check('PATCH', '/posts/{id}', `/posts/${post.id}`, 200, { ...a, body: { title: 'T', content: 'C' } });
    await check('PATCH', '/posts/{id}', `/posts/${post.id}`, 400, { ...a, body: {} });
    await check('PATCH', '/posts/{id}', `/posts/${post.id}`, 403, { ...o, body: { title: 'T', content: 'C' } });
    await check('PATCH', '/posts/{id}', '/posts/999999999', 404, { ...a, body: { title: 'T', content: 'C' } });
    await check('POST', '/posts/{id}/like', `/posts/${post.id}/like`, 200, o);
    await check('POST', '/posts/{id}/like', `/posts/${post.id}/like`, 400, o);
    await check('POST', '/posts/{id}/like', '/posts/999999999/like', 404, o);
    await check('DELETE', '/posts/{id}/like', `/posts/${post.id}/like`, 200, o);
    await check('DELETE', '/posts/{id}/like', `/posts/${post.id}/like`, 400, o);
    await check('DELETE', '/posts/{id}/like', '/posts/999999999/like', 404, o);
    await check('POST', '/posts/{id}/comment', `/posts/${post.id}/comment`, 201, { ...o, body: { content: 'c' } });
    await check('POST', '/posts/{id}/comment', `/posts/${post.id}/comment`, 400, { ...o, body: {} });
    await check('POST', '/posts/{id}/comment', '/posts/999999999/comment', 404, { ...o, body: { content: 'c' } });
    await check('DELETE', '/posts/{id}', `/posts/${post.id}`, 403, o);
    await check('DELETE', '/posts/{id}', `/posts/${post.id}`, 204, a);
    await check('DELETE', '/posts/{id}', '/posts/0', 400, a);
    await check('DELETE', '/posts/{id}', `/posts/${post.id}`, 404, a);

    await check('GET', '/users', '/users', 200, a);
    await check('GET', '/users', '/users', 401);
    await check('GET', '/users/me', '/users/me', 200, a);
    await check('GET', '/users/me', '/users/me', 401);
    await check('GET', '/users/{id}', `/users/${other.id}`, 200, a);
    await check('GET', '/users/{id}', '/users/-3', 400, a);
    await check('GET', '/users/{id}', '/users/999999999', 404, a);
    await check('POST', '/users/{id}/follow', `/users/${other.id}/follow`, 200, a);
    await check('POST', '/users/{id}/follow', `/users/${other.id}/follow`, 400, a);
    await check('POST', '/users/{id}/follow', '/users/999999999/follow', 404, a);
    await check('DELETE', '/users/{id}/follow', `/users/${other.id}/follow`, 200, a);
    await check('DELETE', '/users/{id}/follow', `/users/${other.id}/follow`, 400, a);
    await check('DELETE', '/users/{id}/follow', '/users/999999999/follow', 404, a);
    await check('GET', '/auth/logout', '/auth/logout', 401);

    const event = { name: 'E', description: 'd', location: 'l', dateTime: '2030-01-01T10:00:00Z' };
    const created = (await check('POST', '/events', '/events/', 201, { ...a, body: event })).body;
    await check('POST', '/events', '/events/', 400, { ...a, body: { ...event, dateTime: 'soon' } });
    await check('POST', '/events', '/events/', 401, { body: event });
    await check('POST', '/events', '/events/', 403, { ...a, body: { ...event, UserId: other.id } });
    await check('GET', '/events', '/events', 200);
    await check('GET', '/events', '/events?limit=0', 400);
    await check('GET', '/events/{id}', `/events/${created.id}`, 200);
    await check('GET', '/events/{id}', '/events/1.5', 400);
    await check('GET', '/events/{id}', '/events/999999999', 404);
    await check('PUT', '/events/{id}', `/events/${created.id}`, 200, { ...a, body: event });
    await check('PUT', '/events/{id}', `/events/${created.id}`, 400, { ...a, body: { name: 'x' } });
    await check('PUT', '/events/{id}', `/events/${created.id}`, 401, { body: event });
    await check('PUT', '/events/{id}', `/events/${created.id}`, 403, { ...o, body: event });
    await check('PUT', '/events/{id}', '/events/999999999', 404, { ...a, body: event });
    await check('DELETE', '/events/{id}', `/events/${created.id}`, 403, o);
    await check('DELETE', '/events/{id}', `/events/${created.id}`, 204, a);
    await check('DELETE', '/events/{id}', '/events/abc', 400, a);
    await check('DELETE', '/events/{id}', `/events/${created.id}`, 404, a);
    await check('GET', '/auth/logout', '/auth/logout', 200, a);

    // Every documented operation was exercised: its success, and an error wherever it documents a 4xx.
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const statuses = [...(seen.get(`${method.toUpperCase()} ${template}`) ?? [])];
        expect(
          statuses.some((s) => s < 300),
          `${method} ${template} success`,
        ).toBe(true);
        const documents4xx = Object.keys(operation.responses).some((s) => s.startsWith('4'));
        expect(statuses.some((s) => s >= 400) || !documents4xx, `${method} ${template} error`).toBe(true);
      }
    }
  });
});
