import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventJson } from '../../src/events/events.queries.js';
import { notificationJson } from '../../src/notifications/notifications.queries.js';
import * as sql from '../../src/db/sql.js';
import { insertMedia, updateMediaReady } from '../../src/media/media.queries.js';
import { newMediaKey } from '../../src/media/store.js';
import * as postsSql from '../../src/posts/posts.sql.js';
import * as userSummarySql from '../../src/viewer/user-summary.sql.js';
import * as usersSql from '../../src/users/users.sql.js';
import { type TestUser, useHarness } from '../support/harness.js';

/**
 * Every SQL fragment that builds one of the API's JSON shapes names the Zod schema it must match
 * (its `schema`). Here each runs on real rows in PostgreSQL and its JSON is parsed with that
 * schema, and every object's keys must be the schema's, in its order: a column renamed, dropped,
 * added or moved in the SQL fails here, not in a client.
 */
const h = useHarness();
let users: TestUser[];
let userId: number;

beforeAll(async () => {
  users = [await h.user(), await h.user(), await h.user()];
  const [ada, bob, cy] = users as [TestUser, TestUser, TestUser];
  userId = ada.id;
  await h.caller(bob.token).users.follow({ id: ada.id });
  await h.caller(ada.token).users.follow({ id: cy.id });
  for (let i = 0; i < 2; i++) {
    const post = await h.caller(ada.token).posts.create({ title: `post ${i}`, content: 'body' });
    await h.caller(bob.token).posts.like({ id: post.id });
    const comment = await h.caller(bob.token).posts.comment({ id: post.id, content: 'a comment' });
    await h.caller(ada.token).comments.like({ id: comment.id });
    await h.caller(ada.token).posts.comment({ id: post.id, content: 'a reply' });
  }
  // A post with an image (a ready upload's row: its files play no part here).
  const media = await insertMedia(h.orm, ada.id, 1, 'alt', { files: 10, bytes: 10 });
  await updateMediaReady(h.orm, media!.id, {
    type: 'image/jpeg',
    fileKey: newMediaKey('jpg'),
    previewKey: newMediaKey('jpg'),
    width: 4,
    height: 3,
    blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
  });
  const pictured = await h
    .caller(ada.token)
    .posts.create({ title: 'pictured #tag', content: 'body', mediaIds: [media!.id] });
  // A quote (its quoteOf a QuotedPost; every other post's null).
  await h.caller(ada.token).posts.create({ title: 'quoting', content: 'body', quoteOf: pictured.id });
  await h.caller(ada.token).events.create({
    name: 'Meetup',
    description: 'Talks',
    location: 'Berlin',
    dateTime: '2026-12-01T18:30:00Z',
  });
});

/** The rows of one `json` column (JSON values, or JSON as text). */
async function jsonRows(text: string, values: unknown[] = []): Promise<unknown[]> {
  const rows = await sql.runDriverStatement<{ json: unknown }>(h.orm, { text, values });
  return rows.map((row) => (typeof row.json === 'string' ? JSON.parse(row.json) : row.json));
}

/** Each fragment with a statement that runs it on the rows made above: what it yields. */
const cases = new Map<{ schema: z.ZodType }, () => Promise<unknown[]>>([
  [
    userSummarySql.userSummaryJson,
    () => jsonRows(`select ${userSummarySql.userSummaryJson('u')} as json from users u`),
  ],
  [userSummarySql.usersArray, () => jsonRows(`select ${userSummarySql.usersArray('u', 'from users u')} as json`)],
  [
    postsSql.commentJson,
    () => jsonRows(`select ${postsSql.commentJson('c', { me: '$1' })} as json from comments c`, [userId]),
  ],
  [postsSql.postJson, () => jsonRows(`select ${postsSql.postJson('p', { me: '$1' })} as json from posts p`, [userId])],
  [
    postsSql.postsArray,
    () =>
      jsonRows(
        `select ${postsSql.postsArray('p', '(select * from posts order by created_at desc, id desc)', { me: '$1' })} as json`,
        [userId],
      ),
  ],
  [
    postsSql.homeItemJson,
    () =>
      jsonRows(
        `select ${postsSql.homeItemJson('p', { me: '$1' })} as json
         from (select p.*, p.created_at as home_at, (case when p.id % 2 = 0 then p.author_id end) as home_reposter from posts p) p`,
        [userId],
      ),
  ],
  [
    postsSql.homeItemsArray,
    () =>
      jsonRows(
        `select ${postsSql.homeItemsArray('p', '(select p.*, p.created_at as home_at, p.author_id as home_reposter from posts p order by p.id)', { me: '$1' })} as json`,
        [userId],
      ),
  ],
  [
    usersSql.userWithRelationsJson,
    () => jsonRows(`select ${usersSql.userWithRelationsJson('u', { me: '$1' })} as json from users u`, [userId]),
  ],
  [notificationJson, () => jsonRows(`select ${notificationJson('n')} as json from notifications n`)],
  [eventJson, () => jsonRows(`select ${eventJson('e')} as json from events e`)],
]);

/** Unwraps optional and nullable schemas: the shape a present value must have. */
function inner(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodOptional || schema instanceof z.ZodNullable
    ? inner(schema.unwrap() as z.ZodType)
    : schema;
}

/**
 * The keys of every object in `value` are those its schema lists, in the schema's order (optional
 * ones may be absent); `seen` collects the object schemas met, so a test can tell none went untried.
 */
function expectSameKeys(value: unknown, schema: z.ZodType, path: string, seen: Set<z.ZodType>): void {
  // A nullable object left null (a home item nobody reposted) has no keys to check.
  if (value === null) return;
  const shape = inner(schema);
  if (value === null && schema instanceof z.ZodNullable) return;
  if (shape instanceof z.ZodArray) {
    (value as unknown[]).forEach((element, i) =>
      expectSameKeys(element, shape.element as z.ZodType, `${path}[${i}]`, seen),
    );
  } else if (shape instanceof z.ZodObject) {
    seen.add(shape);
    const object = value as Record<string, unknown>;
    const fields = shape.shape as Record<string, z.ZodType>;
    expect(Object.keys(object), path).toEqual(Object.keys(fields).filter((key) => key in object));
    for (const [key, field] of Object.entries(fields)) {
      if (key in object) expectSameKeys(object[key], field, `${path}.${key}`, seen);
    }
  }
}

/** The object schemas inside `schema` (every one of them should meet a row). */
function objectSchemas(schema: z.ZodType, found = new Set<z.ZodType>()): Set<z.ZodType> {
  const shape = inner(schema);
  if (shape instanceof z.ZodArray) objectSchemas(shape.element as z.ZodType, found);
  if (shape instanceof z.ZodObject && !found.has(shape)) {
    found.add(shape);
    for (const field of Object.values(shape.shape)) objectSchemas(field, found);
  }
  return found;
}

/** Every module that holds fragments: the SQL pieces and the domains' shapes. */
const fragmentModules: Record<string, unknown> = { ...sql, ...userSummarySql, ...postsSql, ...usersSql };

describe('SQL JSON fragments', () => {
  it('each names the schema it must match, and each is tried below', () => {
    const named = Object.entries(fragmentModules).filter(
      ([, value]) => (typeof value === 'function' || typeof value === 'object') && value !== null && 'schema' in value,
    );
    expect(named.map(([name]) => name).sort()).toEqual([
      'commentJson',
      'homeItemJson',
      'homeItemsArray',
      'postJson',
      'postsArray',
      'userSummaryJson',
      'userWithRelationsJson',
      'usersArray',
    ]);
    for (const [name, fragment] of named) expect(cases.has(fragment as never), name).toBe(true);
  });

  for (const [fragment, rows] of cases) {
    const name =
      Object.entries(fragmentModules).find(([, value]) => value === fragment)?.[0] ??
      (fragment === notificationJson ? 'notificationJson' : 'eventJson');
    it(`${name} builds JSON its schema parses, with the schema's keys in its order`, async () => {
      const values = await rows();
      expect(values.length, 'rows to check').toBeGreaterThan(0);
      const seen = new Set<z.ZodType>();
      for (const [i, value] of values.entries()) {
        fragment.schema.parse(value);
        expectSameKeys(value, fragment.schema, `${name}[${i}]`, seen);
      }
      // Every nested shape met at least one row: the data above exercises the whole fragment.
      expect(seen, 'object shapes met').toEqual(objectSchemas(fragment.schema));
    });
  }
});
