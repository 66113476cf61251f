import { Validator } from '@seriousme/openapi-schema-validator';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseReader } from '../support/sse.js';
import { Contract, type OpenApiDocument } from '../support/contract.js';
import { type ApiResponse, PASSWORD, type TestUser, useHarness } from '../support/harness.js';

// Uploads go to a folder of this file's own.
const dataDir = mkdtempSync(join(tmpdir(), 'feedline-openapi-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const h = useHarness({ DATA_DIR: dataDir });
let doc: OpenApiDocument;
let contract: Contract;
let author: TestUser;
let other: TestUser;

beforeAll(async () => {
  doc = (await h.request('GET', '/openapi.json')).body;
  contract = new Contract(doc);
  author = await h.user({ firstName: 'Author' });
  other = await h.user({ firstName: 'Other' });
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, version 0.1.0', async () => {
    const result = await new Validator().validate(doc);
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

  it("documents DELETE /users/me's password as a JSON body, never as a URL parameter", () => {
    const operation = doc.paths['/users/me']!.delete!;
    expect(operation.parameters ?? []).toEqual([]);
    expect(operation.requestBody!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      properties: { password: { type: 'string', minLength: 1, maxLength: 128 } },
      required: ['password'],
    });
    expect(Object.keys(operation.responses)).toEqual(['204', '400', '401', '413', '415', '429', '503']);
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

  it('offers the live ticket (a query parameter) on the live streams only; every other operation names its security', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    for (const { name, op } of operations) {
      expect(op.security, name).toBeDefined();
      if (name.startsWith('GET /live/') && name !== 'GET /live/ticket')
        expect(op.security, name).toEqual([{ bearerAuth: [] }, {}]);
      else if (op.security!.length) expect(op.security, name).toEqual([{ bearerAuth: [] }]);
    }
    expect(operations.filter(({ op }) => op.security!.length === 0)).toHaveLength(5);
  });

  it('declares the headers of error answers, names its error schema ApiError, and has a license', () => {
    const headers = { 401: ['WWW-Authenticate'], 429: ['Retry-After'], 503: ['Retry-After'] } as Record<
      string,
      string[]
    >;
    let checked = 0;
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item))
        for (const [status, response] of Object.entries(op.responses)) {
          if (!headers[status]) continue;
          expect(Object.keys(response.headers ?? {})).toEqual(headers[status]);
          checked++;
        }
    expect(checked).toBeGreaterThan(50);
    expect(Object.keys(doc.components.headers ?? {})).toEqual(['Retry-After', 'WWW-Authenticate']);
    expect(doc.components.schemas.ApiError).toBeDefined();
    expect(doc.components.schemas.Error).toBeUndefined();
    expect(JSON.stringify(doc)).not.toContain('#/components/schemas/Error"');
    expect(doc.info.license).toMatchObject({ name: expect.any(String) });
    // A 405 answers the methods a path does not list, which OpenAPI gives no operation to: said once.
    expect((doc.info as { description?: string }).description).toMatch(/405 with an Allow header/);
  });

  it('gives every path parameter an example, and UserId the bounds of every id', () => {
    const parameters = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).flatMap((op) => (op.parameters ?? []).filter((p) => p.in === 'path')),
    );
    expect(parameters.length).toBeGreaterThan(20);
    for (const parameter of parameters) expect(parameter, parameter.name).toHaveProperty('example');
    const bounds = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
    const event = (doc.paths['/events']!.post as any).requestBody.content['application/json'].schema;
    expect(event.properties.UserId).toMatchObject(bounds);
    expect(doc.components.schemas.Event.properties.UserId).toMatchObject(bounds);
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
  options: { token?: string; body?: unknown; rawBody?: Uint8Array; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const res = await h.request(method, path, options);
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(expected);
  expect(contract.violation(method, template, res.status, res.text, res.body)).toBeUndefined();
  // The headers the document declares for the status are sent.
  const declared = doc.paths[template]?.[method.toLowerCase()]?.responses[res.status]?.headers ?? {};
  for (const header of Object.keys(declared))
    if (header !== 'Retry-After' || res.status === 429) expect(res.headers.get(header), header).not.toBeNull();
  const key = `${method} ${template}`;
  seen.set(key, (seen.get(key) ?? new Set()).add(res.status));
  return res;
}

/** A live stream (GET /live/*): its status, and the body of a refusal, against the document. */
async function checkStream(template: string, path: string, expected: number, headers: Record<string, string> = {}) {
  const stream = await SseReader.open(`${h.baseUrl}${path}`, headers);
  stream.close();
  expect(stream.status, `GET ${path}: ${stream.text}`).toBe(expected);
  if (expected === 200) expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
  else {
    expect(contract.violation('GET', template, stream.status, stream.text!, JSON.parse(stream.text!))).toBeUndefined();
  }
  const key = `GET ${template}`;
  seen.set(key, (seen.get(key) ?? new Set()).add(stream.status));
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
    await check('GET', '/posts/home', '/posts/home?limit=5', 200, a);
    await check('GET', '/posts/home', '/posts/home?limit=5&before=12', 400, a);
    await check('GET', '/posts/home', '/posts/home', 401);
    await check('POST', '/posts', '/posts', 201, { ...a, body: { title: '#OpenAPI', content: 'c' } });
    await check('GET', '/tags/{tag}/posts', '/tags/%23openapi/posts', 200, a);
    await check('GET', '/tags/{tag}/posts', '/tags/openapi/posts?limit=1', 200, a);
    await check('GET', '/tags/{tag}/posts', '/tags/1x/posts', 400, a);
    await check('POST', '/tags/{tag}/follow', '/tags/openapi/follow', 201, a);
    await check('POST', '/tags/{tag}/follow', '/tags/openapi/follow', 400, a);
    await check('GET', '/users/me/tags', '/users/me/tags', 200, a);
    await check('GET', '/users/me/tags', '/users/me/tags?before=nope', 400, a);
    await check('DELETE', '/tags/{tag}/follow', '/tags/openapi/follow', 204, a);
    await check('DELETE', '/tags/{tag}/follow', '/tags/openapi/follow', 400, a);
    const quote = (
      await check('POST', '/posts', '/posts', 201, { ...a, body: { title: 'q', content: 'c', quoteOf: post.id } })
    ).body;
    await check('POST', '/posts', '/posts', 404, { ...a, body: { title: 'q', content: 'c', quoteOf: 999999999 } });
    await check('GET', '/posts/{id}/quotes', `/posts/${post.id}/quotes`, 200, a);
    await check('GET', '/posts/{id}/quotes', `/posts/${post.id}/quotes?limit=1&before=${quote.id}`, 200, a);
    await check('GET', '/posts/{id}/quotes', '/posts/999999999/quotes', 404, a);
    await check('GET', '/posts/{id}/quotes', '/posts/abc/quotes', 400, a);
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
    for (const share of ['repost', 'bookmark']) {
      const path = `/posts/{id}/${share}`;
      await check('POST', path, `/posts/${post.id}/${share}`, 200, o);
      await check('POST', path, `/posts/${post.id}/${share}`, 400, o);
      await check('POST', path, `/posts/999999999/${share}`, 404, o);
      await check('DELETE', path, `/posts/${post.id}/${share}`, 200, o);
      await check('DELETE', path, `/posts/${post.id}/${share}`, 400, o);
      await check('DELETE', path, `/posts/999999999/${share}`, 404, o);
    }
    await check('POST', '/posts/{id}/comment', `/posts/${post.id}/comment`, 201, { ...o, body: { content: 'c' } });
    await check('POST', '/posts/{id}/comment', `/posts/${post.id}/comment`, 400, { ...o, body: {} });
    await check('POST', '/posts/{id}/comment', '/posts/999999999/comment', 404, { ...o, body: { content: 'c' } });
    await check('GET', '/posts/{id}/likes', `/posts/${post.id}/likes?limit=5`, 200, a);
    await check('GET', '/posts/{id}/likes', `/posts/${post.id}/likes?limit=101`, 400, a);
    await check('GET', '/posts/{id}/likes', '/posts/999999999/likes', 404, a);
    await check('GET', '/users/{id}/comments', `/users/${other.id}/comments`, 200, a);
    await check('GET', '/users/{id}/comments', `/users/${other.id}/comments?before=x`, 400, a);
    await check('GET', '/users/{id}/comments', '/users/999999999/comments', 404, a);
    await check('DELETE', '/posts/{id}', `/posts/${post.id}`, 403, o);
    await check('DELETE', '/posts/{id}', `/posts/${post.id}`, 204, a);
    await check('DELETE', '/posts/{id}', '/posts/0', 400, a);
    await check('DELETE', '/posts/{id}', `/posts/${post.id}`, 404, a);

    await check('GET', '/users', '/users', 200, a);
    await check('GET', '/users', '/users', 401);
    await check('GET', '/users/me', '/users/me', 200, a);
    await check('GET', '/users/me', '/users/me', 401);
    await check('GET', '/users/me/bookmarks', '/users/me/bookmarks?limit=5', 200, a);
    await check('GET', '/users/me/bookmarks', '/users/me/bookmarks?limit=0', 400, a);
    await check('GET', '/users/me/bookmarks', '/users/me/bookmarks', 401);
    await check('GET', '/users/{id}', `/users/${other.id}`, 200, a);
    await check('GET', '/users/{id}', '/users/-3', 400, a);
    await check('GET', '/users/{id}', '/users/999999999', 404, a);
    await check('GET', '/users/by-handle/{handle}', `/users/by-handle/${other.handle}`, 200, a);
    await check('GET', '/users/by-handle/{handle}', '/users/by-handle/a-b', 400, a);
    await check('GET', '/users/by-handle/{handle}', '/users/by-handle/nobody_here', 404, a);
    await check('POST', '/users/{id}/follow', `/users/${other.id}/follow`, 200, a);
    // `other` is followed: they have a notification.
    const notes = (await check('GET', '/notifications', '/notifications', 200, { token: other.token })).body;
    await check('GET', '/notifications', `/notifications?limit=1&before=${notes[0].id + 1}`, 200, {
      token: other.token,
    });
    await check('POST', '/live/ticket', '/live/ticket', 200, a);
    await check('POST', '/live/ticket', '/live/ticket', 401);
    const { ticket } = (await check('POST', '/live/ticket', '/live/ticket', 200, a)).body;
    for (const template of ['/live/feed', '/live/notifications']) {
      await checkStream(template, template, 200, { authorization: `Bearer ${author.token}` });
      await checkStream(template, template, 401);
      await checkStream(template, template, 400, { authorization: `Bearer ${author.token}`, 'last-event-id': 'x' });
    }
    await checkStream('/live/home', '/live/home', 200, { authorization: `Bearer ${author.token}` });
    await checkStream('/live/home', '/live/home', 401);
    await checkStream('/live/home', '/live/home', 400, {
      authorization: `Bearer ${author.token}`,
      'last-event-id': '12',
    });
    await checkStream('/live/feed', `/live/feed?ticket=${ticket}`, 200);
    await checkStream('/live/feed', `/live/feed?ticket=${ticket}`, 401);
    await check('GET', '/notifications', '/notifications?limit=0', 400, a);
    await check('GET', '/notifications', '/notifications', 401);
    await check('GET', '/notifications/unread-count', '/notifications/unread-count', 200, a);
    await check('GET', '/notifications/unread-count', '/notifications/unread-count', 401);
    await check('POST', '/notifications/read', '/notifications/read', 200, { ...a, body: { upTo: 1 } });
    await check('POST', '/notifications/read', '/notifications/read', 400, { ...a, body: {} });
    await check('POST', '/notifications/read', '/notifications/read', 401, { body: { upTo: 1 } });
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
    // Uploads: the raw image body, a lying type, then the upload read and described by its owner only.
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const jpeg = { headers: { 'content-type': 'image/jpeg' } };
    h.services.media.answerWaitMs = 60_000; // 201, not 202, however slow the machine
    const media = (await check('POST', '/media', '/media', 201, { ...a, ...jpeg, rawBody: image })).body;
    await check('POST', '/media', '/media', 415, { ...a, ...jpeg, rawBody: Buffer.from('<svg/>') });
    await check('POST', '/media', '/media', 401, { ...jpeg, rawBody: image });
    await check('GET', '/media/{id}', `/media/${media.id}`, 200, a);
    await check('GET', '/media/{id}', `/media/${media.id}`, 404, o);
    await check('GET', '/media/{id}', '/media/abc', 400, a);
    await check('PATCH', '/media/{id}', `/media/${media.id}`, 200, { ...a, body: { description: 'A blue square' } });
    await check('PATCH', '/media/{id}', `/media/${media.id}`, 400, { ...a, body: { description: 'x'.repeat(421) } });
    await check('PATCH', '/media/{id}', `/media/${media.id}`, 404, { ...o, body: { description: 'mine' } });
    await check('PUT', '/users/me/avatar', '/users/me/avatar', 200, { ...a, ...jpeg, rawBody: image });
    await check('PUT', '/users/me/avatar', '/users/me/avatar', 415, { ...a, ...jpeg, rawBody: Buffer.from('<svg/>') });
    await check('DELETE', '/users/me/avatar', '/users/me/avatar', 204, a);
    await check('DELETE', '/users/me/avatar', '/users/me/avatar', 401);
    // The social model beyond the spec's table.
    const p2 = (await check('POST', '/posts', '/posts', 201, { ...a, body: { title: 'searchable', content: 'c' } }))
      .body;
    await check('GET', '/posts', '/posts?q=searchable&limit=5', 200, a);
    await check('GET', '/posts', '/posts?q=searchable', 200, a);
    await check('GET', '/posts', `/posts?q=${'x'.repeat(201)}`, 400, a);
    const comment = (
      await check('POST', '/posts/{id}/comment', `/posts/${p2.id}/comment`, 201, { ...o, body: { content: 'c' } })
    ).body;
    const c = `/comments/${comment.id}`;
    await check('POST', '/comments/{id}/like', `${c}/like`, 200, a);
    await check('POST', '/comments/{id}/like', `${c}/like`, 400, a);
    await check('POST', '/comments/{id}/like', '/comments/999999999/like', 404, a);
    await check('POST', '/comments/{id}/like', `${c}/like`, 401);
    await check('GET', '/comments/{id}/likes', `${c}/likes`, 200, a);
    await check('GET', '/comments/{id}/likes', `${c}/likes?limit=0`, 400, a);
    await check('GET', '/comments/{id}/likes', '/comments/999999999/likes', 404, a);
    await check('DELETE', '/comments/{id}/like', `${c}/like`, 200, a);
    await check('DELETE', '/comments/{id}/like', `${c}/like`, 400, a);
    await check('DELETE', '/comments/{id}/like', '/comments/999999999/like', 404, a);
    await check('PATCH', '/comments/{id}', c, 200, { ...o, body: { content: 'edited' } });
    await check('PATCH', '/comments/{id}', c, 400, { ...o, body: {} });
    await check('PATCH', '/comments/{id}', c, 403, { ...a, body: { content: 'x' } });
    await check('PATCH', '/comments/{id}', '/comments/999999999', 404, { ...o, body: { content: 'x' } });
    await check('GET', '/posts/{id}/comments', `/posts/${p2.id}/comments`, 200, a);
    await check('GET', '/posts/{id}/comments', `/posts/${p2.id}/comments?limit=1`, 200, a);
    await check('GET', '/posts/{id}/comments', `/posts/${p2.id}/comments?limit=0`, 400, a);
    await check('GET', '/posts/{id}/comments', '/posts/999999999/comments', 404, a);
    const third = await h.user();
    await check('DELETE', '/comments/{id}', c, 403, { token: third.token });
    await check('DELETE', '/comments/{id}', c, 204, a); // the post's author
    await check('DELETE', '/comments/{id}', c, 404, a);
    await check('DELETE', '/comments/{id}', '/comments/abc', 400, a);
    await check('GET', '/users/{id}/posts', `/users/${author.id}/posts`, 200, a);
    await check('GET', '/users/{id}/posts', `/users/${author.id}/posts?limit=2`, 200, a);
    await check('GET', '/users/{id}/posts', '/users/abc/posts', 400, a);
    await check('GET', '/users/{id}/posts', '/users/999999999/posts', 404, a);
    await check('POST', '/users/{id}/follow', `/users/${other.id}/follow`, 200, a);
    for (const side of ['followers', 'followed']) {
      await check('GET', `/users/{id}/${side}`, `/users/${other.id}/${side}`, 200, a);
      await check('GET', `/users/{id}/${side}`, `/users/${other.id}/${side}?limit=101`, 400, a);
      await check('GET', `/users/{id}/${side}`, `/users/999999999/${side}`, 404, a);
    }
    for (const [verb, list] of [
      ['block', 'blocked'],
      ['mute', 'muted'],
    ]) {
      await check('POST', `/users/{id}/${verb}`, `/users/${other.id}/${verb}`, 200, a);
      await check('POST', `/users/{id}/${verb}`, `/users/${other.id}/${verb}`, 400, a);
      await check('POST', `/users/{id}/${verb}`, `/users/999999999/${verb}`, 404, a);
      await check('GET', `/users/me/${list}`, `/users/me/${list}?limit=5`, 200, a);
      await check('GET', `/users/me/${list}`, `/users/me/${list}?limit=0`, 400, a);
      await check('DELETE', `/users/{id}/${verb}`, `/users/${other.id}/${verb}`, 200, a);
      await check('DELETE', `/users/{id}/${verb}`, `/users/${other.id}/${verb}`, 400, a);
      await check('DELETE', `/users/{id}/${verb}`, `/users/999999999/${verb}`, 404, a);
    }
    await check('PATCH', '/users/me', '/users/me', 200, { ...a, body: { lastName: 'Renamed' } });
    await check('PATCH', '/users/me', '/users/me', 400, { ...a, body: {} });
    const sessions = (await check('GET', '/auth/sessions', '/auth/sessions', 200, { token: third.token })).body;
    await check('GET', '/auth/sessions', '/auth/sessions', 401);
    await check('DELETE', '/auth/sessions/{id}', `/auth/sessions/${sessions[0].id}`, 404, a);
    await check('DELETE', '/auth/sessions/{id}', '/auth/sessions/abc', 400, a);
    const change = {
      currentPassword: PASSWORD,
      newPassword: 'new password 1',
      newPasswordValidation: 'new password 1',
    };
    await check('POST', '/auth/password', '/auth/password', 400, {
      token: third.token,
      body: { ...change, currentPassword: 'nope' },
    });
    await check('POST', '/auth/password', '/auth/password', 200, { token: third.token, body: change });
    await check('DELETE', '/users/me', '/users/me', 400, { token: third.token, body: { password: PASSWORD } });
    await check('GET', '/auth/logout', '/auth/logout?all=maybe', 400, { token: third.token });
    await check('GET', '/auth/logout', '/auth/logout?all=true', 200, { token: (await h.user()).token });
    await check('DELETE', '/auth/sessions/{id}', `/auth/sessions/${sessions[0].id}`, 204, { token: third.token });
    const leaver = await h.user();
    await check('DELETE', '/users/me', '/users/me', 204, { token: leaver.token, body: { password: PASSWORD } });
    await check('DELETE', '/users/me', '/users/me', 401, { token: leaver.token, body: { password: PASSWORD } });

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
