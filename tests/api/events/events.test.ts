import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { splitName } from '../../../src/auth/auth.schemas.js';
import { expectApiError, expectNoSecrets, expectTrpcError, INVALID_IDS, ISO_UTC } from '../../support/fixtures.js';
import { PASSWORD, type TestUser, useHarness } from '../../support/harness.js';

const h = useHarness();
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  owner = await h.user();
  other = await h.user();
});

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Node meetup',
  description: 'Talks and pizza',
  location: 'Berlin',
  dateTime: '2026-12-01T18:30:00Z',
  ...overrides,
});
const registerBody = (email = `reg-${randomUUID()}@example.com`) => ({
  email,
  name: 'Ada King Lovelace',
  password: PASSWORD,
  password_confirm: PASSWORD,
});

async function createEvent(user = owner, body = eventBody()) {
  const res = await h.request('POST', '/events/', { token: user.token, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('POST /auth/register/', () => {
  it('answers 201 with the new UserSummary, the name split into first and last', async () => {
    const body = registerBody();
    const res = await h.request('POST', '/auth/register/', { body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      firstName: 'Ada',
      lastName: 'King Lovelace',
      avatarUrl: null,
      handle: expect.stringMatching(/^ada_king_lovelace\d*$/),
    });
    expectNoSecrets(res.text, body.email, PASSWORD);
  });

  it('splits names at the first run of spaces; one word leaves lastName empty', () => {
    expect(splitName('Ada   Lovelace')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitName('Plato')).toEqual({ firstName: 'Plato', lastName: '' });
  });

  it('answers 400 when password_confirm differs', async () => {
    const res = await h.request('POST', '/auth/register/', {
      body: { ...registerBody(), password_confirm: 'different!' },
    });
    expectApiError(res, 400, 'BAD_REQUEST', /password_confirm/);
  });

  it('answers 400 for an existing email in any letter case, including one from /auth/signup', async () => {
    const body = registerBody();
    await h.request('POST', '/auth/register/', { body });
    expectApiError(
      await h.request('POST', '/auth/register/', { body: { ...body, email: body.email.toUpperCase() } }),
      400,
      'BAD_REQUEST',
      'User already exists',
    );
    expectApiError(
      await h.request('POST', '/auth/register', { body: { ...registerBody(owner.email) } }),
      400,
      'BAD_REQUEST',
      'User already exists',
    );
  });

  it.each([
    ['email missing', { ...registerBody(), email: undefined }],
    ['name missing', { ...registerBody(), name: undefined }],
    ['name blank', { ...registerBody(), name: '   ' }],
    ['name over 200 characters', { ...registerBody(), name: 'x'.repeat(201) }],
    ['password too short', { ...registerBody(), password: 'short', password_confirm: 'short' }],
    ['password_confirm missing', { ...registerBody(), password_confirm: undefined }],
  ])('answers 400 when %s', async (_name, body) => {
    expectApiError(await h.request('POST', '/auth/register/', { body }), 400, 'BAD_REQUEST');
  });
});

describe('POST /auth/login/', () => {
  it('is the same route as /auth/login and answers jwt and token (the same JWT)', async () => {
    const body = registerBody();
    await h.request('POST', '/auth/register/', { body });
    const res = await h.request('POST', '/auth/login/', { body: { email: body.email, password: body.password } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', token: expect.any(String), jwt: res.body.token });
  });

  it('answers 401 for a wrong password', async () => {
    expectApiError(
      await h.request('POST', '/auth/login/', { body: { email: owner.email, password: 'wrong pass' } }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('the sample flow of the event group', () => {
  it('register, login, create, list, read, replace, and read a missing event', async () => {
    const body = registerBody();
    expect((await h.request('POST', '/auth/register/', { body })).status).toBe(201);
    const { jwt } = (await h.request('POST', '/auth/login/', { body: { email: body.email, password: body.password } }))
      .body;
    const me = (await h.request('GET', '/users/me', { token: jwt })).body;

    const created = await h.request('POST', '/events/', { token: jwt, body: { ...eventBody(), UserId: me.id } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Node meetup',
      description: 'Talks and pizza',
      location: 'Berlin',
      dateTime: '2026-12-01T18:30:00.000Z',
      UserId: me.id,
      createdAt: expect.stringMatching(ISO_UTC),
    });

    const list = await h.request('GET', '/events');
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(created.body);

    const read = await h.request('GET', `/events/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    const replacement = {
      name: 'Node meetup #2',
      description: 'More talks',
      location: 'Hamburg',
      dateTime: '2027-01-15T19:00:00+01:00',
      UserId: me.id,
    };
    const replaced = await h.request('PUT', `/events/${created.body.id}`, { token: jwt, body: replacement });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ ...created.body, ...replacement, dateTime: '2027-01-15T18:00:00.000Z' });

    expectApiError(await h.request('GET', '/events/987654321'), 404, 'NOT_FOUND', 'Event not found');
  });

  it('a register-group account can use the posts endpoints', async () => {
    const body = registerBody();
    await h.request('POST', '/auth/register/', { body });
    const { jwt } = (await h.request('POST', '/auth/login/', { body: { email: body.email, password: body.password } }))
      .body;
    const post = await h.request('POST', '/posts', {
      token: jwt,
      body: { title: 'From the event side', content: 'hi' },
    });
    expect(post.status).toBe(201);
    expect(post.body.createdBy).toMatchObject({ firstName: 'Ada', lastName: 'King Lovelace' });
  });
});

describe('GET /events and GET /events/{id}', () => {
  it('are public and list the latest dateTime first', async () => {
    const early = await createEvent(owner, eventBody({ dateTime: '2030-01-01T00:00:00Z' }));
    const late = await createEvent(other, eventBody({ dateTime: '2031-01-01T00:00:00Z' }));
    const res = await h.request('GET', '/events/');
    const ids = res.body.map((event: { id: number }) => event.id);
    expect(ids.indexOf(late.id)).toBeLessThan(ids.indexOf(early.id));
    expect((await h.request('GET', `/events/${early.id}/`)).body).toEqual(early);
  });

  it.each(INVALID_IDS)('answer 400 Invalid ID for %s', async (id) => {
    expectApiError(await h.request('GET', `/events/${id}`), 400, 'BAD_REQUEST', /^Invalid ID$/);
  });
});

describe('POST /events/', () => {
  it('answers 401 without a token', async () => {
    expectApiError(await h.request('POST', '/events/', { body: eventBody() }), 401, 'UNAUTHORIZED');
  });

  it('answers 403 when UserId names someone else, and creates nothing', async () => {
    const before = (await h.request('GET', '/events')).body.length;
    expectApiError(
      await h.request('POST', '/events/', { token: owner.token, body: eventBody({ UserId: other.id }) }),
      403,
      'FORBIDDEN',
    );
    expect((await h.request('GET', '/events')).body).toHaveLength(before);
  });

  it('stores an offset dateTime and returns it in UTC', async () => {
    const event = await createEvent(owner, eventBody({ dateTime: '2026-06-01T12:00:00.123+02:00' }));
    expect(event.dateTime).toBe('2026-06-01T10:00:00.123Z');
  });

  it.each([
    ['name missing', { ...eventBody(), name: undefined }],
    ['name over 200 characters', eventBody({ name: 'x'.repeat(201) })],
    ['description over 5,000 characters', eventBody({ description: 'x'.repeat(5001) })],
    ['location over 300 characters', eventBody({ location: 'x'.repeat(301) })],
    ['dateTime missing', { ...eventBody(), dateTime: undefined }],
    ['dateTime not a date', eventBody({ dateTime: 'next tuesday' })],
    ['dateTime without a time zone', eventBody({ dateTime: '2026-12-01T18:30:00' })],
    ['dateTime impossible', eventBody({ dateTime: '2026-13-45T18:30:00Z' })],
    ['UserId not an integer', eventBody({ UserId: 'me' })],
    ['UserId beyond every id (int4)', eventBody({ UserId: 2_147_483_648 })],
  ])('answers 400 when %s', async (_name, body) => {
    expectApiError(await h.request('POST', '/events/', { token: owner.token, body }), 400, 'BAD_REQUEST');
  });
});

describe('PUT /events/{id}', () => {
  it('answers 401 without a token, as the sample sends it, and changes nothing', async () => {
    const event = await createEvent();
    expectApiError(
      await h.request('PUT', `/events/${event.id}`, { body: eventBody({ name: 'Hijacked' }) }),
      401,
      'UNAUTHORIZED',
    );
    expect((await h.request('GET', `/events/${event.id}`)).body).toEqual(event);
  });

  it('answers 403 to another user, and changes nothing', async () => {
    const event = await createEvent();
    expectApiError(
      await h.request('PUT', `/events/${event.id}`, { token: other.token, body: eventBody({ name: 'Hijacked' }) }),
      403,
      'FORBIDDEN',
    );
    expect((await h.request('GET', `/events/${event.id}`)).body).toEqual(event);
  });

  it('answers 403 when the owner tries to hand the event to someone else', async () => {
    const event = await createEvent();
    expectApiError(
      await h.request('PUT', `/events/${event.id}`, { token: owner.token, body: eventBody({ UserId: other.id }) }),
      403,
      'FORBIDDEN',
    );
  });

  it('answers 404 for an unknown id and 400 for an invalid one', async () => {
    expectApiError(
      await h.request('PUT', '/events/987654321', { token: owner.token, body: eventBody() }),
      404,
      'NOT_FOUND',
    );
    expectApiError(
      await h.request('PUT', '/events/abc', { token: owner.token, body: eventBody() }),
      400,
      'BAD_REQUEST',
      /^Invalid ID$/,
    );
  });

  it('requires every field, as create does', async () => {
    const event = await createEvent();
    const { location: _omitted, ...partial } = eventBody();
    expectApiError(
      await h.request('PUT', `/events/${event.id}`, { token: owner.token, body: partial }),
      400,
      'BAD_REQUEST',
      /location/,
    );
  });
});

describe('DELETE /events/{id}', () => {
  it('answers 204 to the owner; 403 to others; 404 once gone', async () => {
    const event = await createEvent();
    expectApiError(await h.request('DELETE', `/events/${event.id}`, { token: other.token }), 403, 'FORBIDDEN');
    const res = await h.request('DELETE', `/events/${event.id}`, { token: owner.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectApiError(await h.request('GET', `/events/${event.id}`), 404, 'NOT_FOUND');
    expectApiError(await h.request('DELETE', `/events/${event.id}`, { token: owner.token }), 404, 'NOT_FOUND');
  });

  it('answers 401 without a token', async () => {
    const event = await createEvent();
    expectApiError(await h.request('DELETE', `/events/${event.id}`), 401, 'UNAUTHORIZED');
  });
});

describe('event procedures', () => {
  it('work through createCaller', async () => {
    const mine = h.caller(owner.token);
    const event = await mine.events.create(eventBody());
    expect(event.UserId).toBe(owner.id);
    await expect(h.caller().events.get({ id: event.id })).resolves.toEqual(event);
    await expect(h.caller().events.list()).resolves.toContainEqual(event);
    await expect(mine.events.replace({ id: event.id, ...eventBody({ name: 'Renamed' }) })).resolves.toMatchObject({
      name: 'Renamed',
    });
    await expectTrpcError(h.caller(other.token).events.replace({ id: event.id, ...eventBody() }), 'FORBIDDEN');
    await expectTrpcError(h.caller().events.create(eventBody()), 'UNAUTHORIZED');
    await expectTrpcError(mine.events.create(eventBody({ UserId: other.id })), 'FORBIDDEN');
    await mine.events.delete({ id: event.id });
    await expectTrpcError(h.caller().events.get({ id: event.id }), 'NOT_FOUND');
    const registered = await h.caller().auth.register(registerBody());
    expect(registered).toMatchObject({ firstName: 'Ada', lastName: 'King Lovelace' });
  });
});
