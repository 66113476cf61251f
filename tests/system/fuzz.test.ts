import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract, type Operation } from '../support/contract.js';
import { Harness, type TestUser } from '../support/harness.js';

/**
 * Walks every operation of /openapi.json with generated valid bodies, arbitrary JSON, odd ids and
 * tokens, and asserts: never a 5xx, always a documented status, always a body of the documented
 * shape. A fixed seed in CI; `npm run fuzz` runs many more with a random one.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 250);
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() : Number(process.env.FUZZ_SEED ?? 20261121);

let h: Harness;
let contract: Contract;
let users: TestUser[];
let knownIds: number[];

beforeAll(async () => {
  h = await Harness.start();
  contract = new Contract((await h.request('GET', '/openapi.json')).body);
  users = [await h.user(), await h.user()];
  const post = await h.caller(users[0]!.token).posts.create({ title: 'seed', content: 'for the fuzzer' });
  const event = await h
    .caller(users[1]!.token)
    .events.create({ name: 'seed', description: '', location: '', dateTime: '2030-01-01T00:00:00Z' });
  knownIds = [post.id, event.id, users[0]!.id, users[1]!.id];
});
afterAll(() => h.close());

/** A value valid for a (simple) JSON schema of the document: what a well-behaved client sends. */
function valid(schema: any): fc.Arbitrary<unknown> {
  if (schema.type === 'object') {
    const entries = Object.entries(schema.properties ?? {}).map(([key, s]) => [key, valid(s)] as const);
    const required = new Set<string>(schema.required ?? []);
    return fc.record(Object.fromEntries(entries), { requiredKeys: [...required] as never[] });
  }
  if (schema.type === 'integer')
    return fc.integer({ min: schema.minimum ?? 1, max: Math.min(schema.maximum ?? 2 ** 31 - 1, 2 ** 31 - 1) });
  if (schema.type === 'boolean') return fc.boolean();
  if (schema.type === 'string') {
    if (schema.format === 'email') return fc.emailAddress();
    if (schema.format === 'date-time')
      return fc
        .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    return fc.string({
      minLength: Math.max(1, schema.minLength ?? 0),
      maxLength: Math.min(schema.maxLength ?? 50, 50),
    });
  }
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valid));
  return fc.jsonValue();
}

const oddIds = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1e3',
    '%00',
    '%2E%2E%2E',
    '99999999999999999999',
    '1.5',
    'abc',
    '%F0%9F%92%A9',
    '0x10',
    '%20',
    'null',
  ),
  fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String),
  // "." and ".." (even as %2E) are dot segments: URL parsing removes them, and the request is for another path.
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((s) => s !== '.' && s !== '..')
    .map((s) => encodeURIComponent(s).replace(/\./g, '%2E')),
);
const ids = fc.oneof(
  oddIds,
  fc.constantFrom(...[1, 2, 3]).map((i) => String(knownIds[i] ?? i)),
);

function bodyFor(operation: Operation): fc.Arbitrary<unknown> {
  const schema = operation.requestBody?.content['application/json']?.schema;
  const arbitrary = fc.oneof(fc.jsonValue(), fc.object(), fc.constant(undefined));
  return schema ? fc.oneof({ arbitrary: valid(schema), weight: 3 }, { arbitrary, weight: 1 }) : arbitrary;
}

describe('fuzzing every documented operation', () => {
  it(`${RUNS} runs (seed ${SEED}): no 5xx, documented statuses and shapes only`, async () => {
    // Streams (GET /live/*) never end by themselves: tests/api/live/live.test.ts covers them.
    const operations = contract
      .operations()
      .filter((op) => !op.operation.responses['200']?.content?.['text/event-stream']);
    const request = fc.constantFrom(...operations).chain((op) =>
      fc.record({
        op: fc.constant(op),
        id: op.template.includes('{id}') ? ids : fc.constant(''),
        // DELETE /users/me takes a body too (its password).
        body:
          ['POST', 'PATCH', 'PUT'].includes(op.method) || op.operation.requestBody
            ? bodyFor(op.operation)
            : fc.constant(undefined),
        token: fc.constantFrom('user0', 'user1', 'none', 'garbage'),
        query: op.operation.parameters?.some((p) => p.in === 'query')
          ? fc.record(
              { limit: fc.oneof(fc.integer({ min: -5, max: 120 }).map(String), fc.string()), before: ids },
              { requiredKeys: [] },
            )
          : fc.constant({}),
      }),
    );

    await fc.assert(
      fc.asyncProperty(request, async ({ op, id, body, token, query }) => {
        const search = new URLSearchParams(query as Record<string, string>).toString();
        const path = op.template.replace('{id}', id) + (search ? `?${search}` : '');
        const bearer =
          token === 'user0'
            ? users[0]!.token
            : token === 'user1'
              ? users[1]!.token
              : token === 'garbage'
                ? 'x.y.z'
                : undefined;
        const res = await h.request(op.method, path, { token: bearer, body });
        expect(res.status, `${op.method} ${path} → ${res.text}`).toBeLessThan(500);
        expect(contract.violation(op.method, op.template, res.status, res.text, res.body)).toBeUndefined();
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});

/** A body made hostile from a valid one: what an attacker, not a confused client, sends. */
type Hostile =
  | { kind: 'multipart'; text: string }
  | { kind: 'deep'; depth: number; field: string }
  | { kind: 'nul'; field: string }
  | { kind: 'wrong type'; field: string; value: unknown };

const wrongTypes = fc.oneof(
  fc.constantFrom<unknown>('false', 'true', '1', 'no', '', 0, 1, -1, true, false, null, {}, [], [1], { a: 1 }),
  fc.string(),
  fc.integer(),
  fc.double(),
);

function hostileFor(schema: any): fc.Arbitrary<Hostile> {
  const fields: string[] = Object.keys(schema?.properties ?? {});
  const field = fields.length ? fc.constantFrom(...fields) : fc.constant('x');
  return fc.oneof(
    fc.string({ maxLength: 200 }).map((text) => ({ kind: 'multipart' as const, text })),
    fc.record({ kind: fc.constant('deep' as const), depth: fc.integer({ min: 30, max: 20_000 }), field }),
    fc.record({ kind: fc.constant('nul' as const), field }),
    fc.record({ kind: fc.constant('wrong type' as const), field, value: wrongTypes }),
  );
}

/** The raw body and content type to send, built on a valid body of the operation. */
function hostileBody(valid: Record<string, unknown>, hostile: Hostile): { rawBody: string; contentType: string } {
  switch (hostile.kind) {
    case 'multipart':
      return {
        contentType: 'multipart/form-data; boundary=B',
        rawBody: `--B\r\nContent-Disposition: form-data; name="f"\r\n\r\n${hostile.text}\r\n--B--\r\n`,
      };
    case 'deep': {
      const nested = '['.repeat(hostile.depth) + ']'.repeat(hostile.depth);
      const rest = JSON.stringify({ ...valid, [hostile.field]: 0 }).slice(1, -1);
      return { contentType: 'application/json', rawBody: `{${rest},"${hostile.field}":${nested}}` };
    }
    case 'nul': {
      const value = valid[hostile.field];
      const poisoned = typeof value === 'string' ? `${value}\u0000` : 'a\u0000b';
      return { contentType: 'application/json', rawBody: JSON.stringify({ ...valid, [hostile.field]: poisoned }) };
    }
    case 'wrong type':
      return {
        contentType: 'application/json',
        rawBody: JSON.stringify({ ...valid, [hostile.field]: hostile.value }),
      };
  }
}

describe('fuzzing every body-taking operation with hostile bodies', () => {
  it(`${RUNS} runs (seed ${SEED}): multipart, deep nesting, NUL and wrong JSON types are 4xx, on REST and /trpc`, async () => {
    // JSON bodies; an upload's image body has its own hostile suite (tests/media/upload.test.ts).
    const operations = contract
      .operations()
      .filter((op) => op.operation.requestBody?.content['application/json'] !== undefined);
    const procedureOf = new Map(
      Object.entries(
        (await h.request('GET', '/openapi.json')).body.paths as Record<string, Record<string, any>>,
      ).flatMap(([template, item]) =>
        Object.entries(item).map(([method, op]) => [`${method} ${template}`, op.operationId as string]),
      ),
    );
    const request = fc.constantFrom(...operations).chain((op) => {
      const schema = op.operation.requestBody!.content['application/json']!.schema;
      return fc.record({
        op: fc.constant(op),
        valid: valid(schema).map((body) => (body ?? {}) as Record<string, unknown>),
        hostile: hostileFor(schema),
        face: fc.constantFrom('rest', 'trpc'),
      });
    });

    await fc.assert(
      fc.asyncProperty(request, async ({ op, valid: body, hostile, face }) => {
        const { rawBody, contentType } = hostileBody(body, hostile);
        const id = String(knownIds[0]);
        const procedure = procedureOf.get(`${op.method.toLowerCase()} ${op.template}`)!.replace('-', '.');
        const path = face === 'rest' ? op.template.replace('{id}', id) : `/trpc/${procedure}`;
        const trpcBody =
          op.template.includes('{id}') && hostile.kind !== 'multipart'
            ? rawBody.replace(/^\{/, `{"id":${id},`)
            : rawBody;
        const res = await h.request(face === 'rest' ? op.method : 'POST', path, {
          token: users[0]!.token,
          rawBody: face === 'rest' ? rawBody : trpcBody,
          headers: { 'content-type': contentType },
        });
        const what = `${face} ${op.method} ${op.template} ${hostile.kind} ${JSON.stringify(hostile).slice(0, 120)} → ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, what).toBeLessThan(500);
        if (hostile.kind !== 'wrong type') expect(res.status, what).toBeGreaterThanOrEqual(400);
        if (face === 'rest')
          expect(contract.violation(op.method, op.template, res.status, res.text, res.body), what).toBeUndefined();
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});
