import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocumentOf } from '../../src/http/openapi.js';
import { appRouter } from '../../src/http/router.js';
import { STATUS_CODE } from '../../src/platform/errors.js';
import { type TestUser, useHarness } from '../support/harness.js';

/**
 * The document as third-party tools (Schemathesis, Prism, hey-api, Spectral) read it: what it
 * says of errors, bodies, streams, tickets and queries is what the server does.
 */
interface Media {
  schema?: { $ref?: string; properties?: Record<string, { format?: string }>; minProperties?: number };
  example?: { message: string; code: string };
}
interface Op {
  operationId: string;
  'x-itemSchema'?: { properties: { data: { $ref: string }; event: { const: string } } };
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; schema: { minLength?: number } }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
const doc = openApiDocumentOf(appRouter) as unknown as {
  info: { contact?: { name?: string } };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string }> };
};
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
);
const bodySchema = (path: string, method: string) =>
  doc.paths[path]![method]!.requestBody!.content['application/json']!.schema!;

describe('the OpenAPI document', () => {
  it("gives each error answer an example of its own status's code", () => {
    for (const { name, op } of operations) {
      for (const [status, response] of Object.entries(op.responses).filter(([status]) => Number(status) >= 400)) {
        const example = response.content?.['application/json']?.example;
        expect(example?.code, `${name} ${status}`).toBe(STATUS_CODE[Number(status)]);
      }
    }
  });

  it('says what the server checks of bodies: emails, and a profile change naming a field', () => {
    expect(bodySchema('/auth/signup', 'post').properties!.email!.format).toBe('email');
    expect(bodySchema('/auth/register', 'post').properties!.email!.format).toBe('email');
    expect(bodySchema('/users/me', 'patch').minProperties).toBe(1);
  });

  it('describes each live stream event by its schema', () => {
    for (const [path, shape, event] of [
      ['/live/feed', 'Post', 'post'],
      ['/live/notifications', 'Notification', 'notification'],
    ] as const) {
      const item = doc.paths[path]!.get!['x-itemSchema']!;
      expect(item.properties.data.$ref).toBe(`#/components/schemas/${shape}`);
      expect(doc.components.schemas).toHaveProperty(shape);
      expect(item.properties.event.const).toBe(event);
    }
  });

  it('takes the live ticket as a plain query parameter, not a security scheme', () => {
    expect(Object.values(doc.components.securitySchemes).map((scheme) => scheme.type)).toEqual(['http']);
    for (const path of ['/live/feed', '/live/notifications'])
      expect(doc.paths[path]!.get!.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'ticket' }));
  });

  it('has top-level tags with descriptions for every tag used, a description on every operation, a contact', () => {
    const described = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    for (const { name, op } of operations) {
      expect(op.description, name).toMatch(/\S/);
      for (const tag of op.tags ?? []) expect(described.get(tag), `${name}: tag ${tag}`).toMatch(/\S/);
    }
    expect(doc.info.contact?.name).toMatch(/\S/);
  });

  it('lets a query field be empty, as the server reads it (an empty field is no field)', () => {
    for (const { name, op } of operations)
      for (const parameter of (op.parameters ?? []).filter((p) => p.in === 'query'))
        expect(parameter.schema.minLength, `${name} ?${parameter.name}`).not.toBe(1);
  });
});

describe('what the document says, the server does', () => {
  const h = useHarness();
  let user: TestUser;
  beforeAll(async () => {
    user = await h.user();
    await h.request('POST', '/posts', { token: user.token, body: { title: 'one', content: 'c' } });
  });

  it('GET /posts?q= answers every post, as GET /posts does', async () => {
    const [all, empty] = [
      await h.request('GET', '/posts', { token: user.token }),
      await h.request('GET', '/posts?q=', { token: user.token }),
    ];
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(all.body);
  });

  it('refuses an empty profile change and an address that is not an email', async () => {
    expect((await h.request('PATCH', '/users/me', { token: user.token, body: {} })).status).toBe(400);
    const signup = await h.request('POST', '/auth/signup', {
      body: {
        email: 'not-an-email',
        password: 'pw long enough',
        passwordValidation: 'pw long enough',
        firstName: 'A',
        lastName: 'B',
      },
    });
    expect(signup.status).toBe(400);
  });
});
