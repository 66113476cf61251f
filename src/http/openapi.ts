import type { AnyRouter } from '@trpc/server';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import { z } from 'zod';
import { eventStreamPaths } from '../live/event-stream.js';
import { STATUS_CODE } from '../platform/errors.js';
import { procedureDefOf, proceduresOf } from '../trpc/internals.js';
import type { AppMeta } from '../trpc/trpc.js';

/** The Express path of a documented REST path ("/users/{id}" → "/users/:id"). */
export const expressPath = (restPath: string) => restPath.replace(/\{(\w+)\}/g, ':$1');

/** The error body every REST error answers with. */
export const ApiError = z
  .object({
    message: z.string().meta({ description: 'What went wrong, for people', example: 'Invalid ID' }),
    code: z.string().meta({ description: 'What went wrong, for programs', example: 'BAD_REQUEST' }),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'Validation errors, one per field' }),
  })
  .meta({ id: 'ApiError', description: 'The body of every error response' });

const ERROR_REF = { $ref: '#/components/schemas/ApiError' };

/** The headers error answers carry, declared once and referenced by status (errorHeaders sends them). */
const HEADERS = {
  'Retry-After': {
    description: 'Seconds to wait before trying again: on every 429, and on a 503 when the wait is known',
    schema: { type: 'integer' as const, minimum: 1, example: 30 },
  },
  'WWW-Authenticate': {
    description: 'The scheme to authenticate with',
    schema: { type: 'string' as const, example: 'Bearer' },
  },
};
const headerRef = (name: keyof typeof HEADERS) => ({ [name]: { $ref: `#/components/headers/${name}` } });
const HEADERS_BY_STATUS: Record<number, object> = {
  401: headerRef('WWW-Authenticate'),
  429: headerRef('Retry-After'),
  503: headerRef('Retry-After'),
};

/** An error answer with an example of its own status (the schema's example is a 400's). */
const errorResponse = (status: number, description: string) => ({
  description,
  ...(HEADERS_BY_STATUS[status] && { headers: HEADERS_BY_STATUS[status] }),
  content: {
    'application/json': { schema: ERROR_REF, example: { message: description, code: STATUS_CODE[status] } },
  },
});

/** The tags, described once (Spectral's operation-tag-defined, tools' grouping). */
const TAGS = [
  { name: 'auth', description: 'Accounts and sessions: sign up, log in and out, passwords, the sessions of a user' },
  { name: 'posts', description: 'Posts, their likes and comments, the feed of the users one follows' },
  { name: 'comments', description: 'Changing and deleting comments, liking them' },
  { name: 'users', description: "Profiles, follows, blocks and mutes, and the caller's own account" },
  { name: 'events', description: 'Events users announce: when, where, what' },
  { name: 'notifications', description: 'What happened to the caller: follows, likes, comments' },
  { name: 'media', description: 'Images: uploads, their processing and alt text, attached to posts by id' },
  { name: 'live', description: 'Server-sent event streams of new posts and notifications, and their tickets' },
];

/** Operations whose body must name at least one field (the procedure refuses an empty one). */
const AT_LEAST_ONE_FIELD = new Set(['users-updateMe']);

const BEARER = 'bearerAuth';

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: Schema & { example?: unknown };
  example?: unknown;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

/**
 * The OpenAPI 3.1 document, generated from the router so it cannot drift. trpc-to-openapi answers
 * every operation with 200 and a generic error list; this rewrites each operation's responses to
 * what it really answers: its success status and the errors its procedure declares, plus 401 when
 * it needs a token, 413/415 when it takes a body, and 503 when the database is away.
 */
export function openApiDocumentOf(router: AnyRouter) {
  let document = documents.get(router);
  if (!document) documents.set(router, (document = buildOpenApiDocument(router)));
  return document;
}

/** Built once per router and process: it depends on the router alone, and every app of the process serves it. */
const documents = new WeakMap<AnyRouter, ReturnType<typeof buildOpenApiDocument>>();

function buildOpenApiDocument(router: AnyRouter) {
  const document = generateOpenApiDocument(router, {
    title: 'Feedline API',
    description:
      'A developer social feed: accounts, posts, likes, comments, follows and events. ' +
      'Every path also accepts a trailing slash. HEAD answers as GET does, without the body (except on ' +
      '/live/*, whose answer never ends). A method a path does not list answers 405 with an Allow header ' +
      'naming those it does, and OPTIONS 204 with it. Typed RPC for TypeScript clients is served at /trpc.',
    version: '0.1.0',
    baseUrl: '/',
    securitySchemes: {
      [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    },
    defs: { ApiError },
  });
  // Not open source (package.json says UNLICENSED); LicenseRef- is SPDX's form for a licence of one's own.
  document.info.license = { name: 'UNLICENSED', identifier: 'LicenseRef-UNLICENSED' };
  document.info.contact = { name: 'The Feedline maintainers' };
  document.tags = TAGS;
  (document.components ??= {}).headers = HEADERS;

  const procedureByOperation = new Map(
    Object.entries(proceduresOf(router)).map(([path, p]) => [path.replace(/\./g, '-'), procedureDefOf<AppMeta>(p)]),
  );
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(pathItem ?? {}) as [string, Operation][]) {
      const procedure = procedureByOperation.get(operation.operationId ?? '');
      const meta = procedure?.meta;
      const success = operation.responses?.['200'];
      if (!meta || !success) continue;
      if (meta.deleteTakesBody) queryParametersToBody(operation);
      // trpc-to-openapi offers every scheme to a protected operation; these take the bearer token only.
      const secured = Boolean(operation.security?.length);
      operation.security = secured ? [{ [BEARER]: [] }] : [];
      for (const parameter of operation.parameters ?? []) {
        parameter.example ??= parameter.schema?.example;
        // An empty query field is no field (rest.ts's queryOf): `?q=` lists as no q does.
        if (parameter.in === 'query') dropMinLengthOne(parameter.schema);
      }
      describeBody(operation, AT_LEAST_ONE_FIELD.has(operation.operationId ?? ''));
      const status = meta.successStatus ?? 200;
      const errors: Record<string, unknown> = {};
      for (const [code, description] of Object.entries(meta.errors ?? {}))
        errors[code] = errorResponse(Number(code), description);
      if (secured) errors[401] = errorResponse(401, 'Missing, invalid, expired or logged-out token');
      if (secured && procedure.type === 'mutation')
        errors[429] ??= errorResponse(429, 'Too many writes by this user in a short time; see Retry-After');
      errors[429] ??= errorResponse(
        429,
        'Too many requests of this user or address in progress at once; see Retry-After',
      );
      // Any method but GET may carry a body, which is parsed (400 when malformed) before routing.
      const bodied = method !== 'get';
      if (operation.parameters?.length || bodied) errors[400] ??= errorResponse(400, 'Invalid input');
      if (bodied) {
        errors[413] = errorResponse(413, 'Request body over 1 MB');
        errors[415] = errorResponse(415, 'Request body is not JSON');
      }
      errors[503] = errorResponse(503, 'The database is unavailable; retry later');
      if (meta.rawBody) describeUpload(operation, meta.rawBody.types, errors);
      operation.responses = {
        [status]: status === 204 ? { description: 'No content' } : { ...success, description: 'Success' },
        ...(meta.rawBody && { 202: { ...success, description: 'Accepted: the image is still processing' } }),
        ...Object.fromEntries(Object.entries(errors).sort(([a], [b]) => Number(a) - Number(b))),
      };
      operation.description ??= `${operation.summary ?? operation.operationId}. ${
        secured ? 'Needs a bearer token' : 'Needs no token'
      }; answers ${status}${status === 204 ? ' with no body' : ''}, or an ApiError with one of the statuses below.`;
    }
  }
  // The live streams are Express routes beside the procedures (trpc-to-openapi has no streams).
  Object.assign(
    (document.paths ??= {}),
    eventStreamPaths({
      // The bearer header, or none: then the ?ticket= parameter authenticates (a browser's EventSource).
      security: [{ [BEARER]: [] }, {}],
      errors: {
        400: errorResponse(400, 'Invalid Last-Event-ID'),
        401: errorResponse(
          401,
          'Missing, invalid, expired or logged-out token, or an invalid, used or expired ticket (any other value)',
        ),
        429: errorResponse(429, 'Too many streams open for this user or this process; see Retry-After'),
        503: errorResponse(503, 'The database is unavailable, or the service is stopping; retry later'),
      },
    }),
  );
  // Drop trpc-to-openapi's generic error schemas, which nothing references any more.
  const schemas = document.components?.schemas ?? {};
  for (const name of Object.keys(schemas)) if (name.startsWith('error.')) delete schemas[name];
  return document;
}

interface Schema {
  type?: string;
  minLength?: number;
  format?: string;
  minProperties?: number;
  description?: string;
  properties?: Record<string, Schema>;
}

function dropMinLengthOne(schema: Schema | undefined) {
  if (schema?.type !== 'string' || schema.minLength !== 1) return;
  delete schema.minLength;
  schema.description = `${schema.description ? `${schema.description}. ` : ''}Empty: the same as none`;
}

/** What the procedures check of a JSON body that their schemas do not say: emails, and a body naming a field. */
function describeBody(operation: Operation, atLeastOneField: boolean) {
  const body = operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined;
  const schema = body?.content?.['application/json']?.schema;
  if (!schema) return;
  const email = schema.properties?.email;
  if (email?.type === 'string') email.format ??= 'email';
  if (atLeastOneField) schema.minProperties = 1;
}

/**
 * An upload (meta.rawBody, rest.ts): trpc-to-openapi documents its fields as a JSON body, which it is
 * not. It takes multipart/form-data with those fields, or the image itself as the body.
 */
function describeUpload(operation: Operation, types: readonly string[], errors: Record<string, unknown>) {
  const body = operation.requestBody as { content: Record<string, { schema?: Schema }> };
  const fields = body.content['application/json']!.schema;
  body.content = {
    'multipart/form-data': { schema: fields, encoding: { file: { contentType: types.join(', ') } } } as never,
    ...Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
  };
  errors[413] = errorResponse(413, 'The image is over MEDIA_MAX_BYTES (10 MB unless configured)');
  errors[415] = errorResponse(
    415,
    'Not a JPEG, PNG, WebP, GIF or AVIF image (read from its bytes), or a body neither multipart/form-data nor an image type',
  );
  errors[429] = errorResponse(
    429,
    "Too many writes by this user in a short time, or too many of the user's images processing; see Retry-After",
  );
  errors[503] = errorResponse(503, 'The database is unavailable, or too many images are processing; retry later');
}

/**
 * A DELETE that takes a JSON body (`deleteTakesBody`, read by rest.ts): trpc-to-openapi documents its input fields
 * as query parameters; they are the request body's properties.
 */
function queryParametersToBody(operation: Operation) {
  const fields = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  operation.parameters = (operation.parameters ?? []).filter((parameter) => parameter.in !== 'query');
  const properties = Object.fromEntries(
    fields.map((field) => [
      field.name,
      { ...field.schema, ...(field.description && { description: field.description }) },
    ]),
  );
  const required = fields.filter((field) => field.required).map((field) => field.name);
  operation.requestBody = {
    required: true,
    content: { 'application/json': { schema: { type: 'object', properties, required } } },
  };
}

/**
 * The methods the document gives each request path: a static path (`/users/me`) answers for
 * itself, otherwise every matching template (`/users/{id}`); trailing slashes are accepted.
 */
export function allowedMethodsByPath(document: { paths?: Record<string, object | undefined> }) {
  const templates = Object.entries(document.paths ?? {}).map(([template, item]) => ({
    isStatic: !template.includes('{'),
    // Regardless of case, as REST routes (trpc-to-openapi's path patterns) and Express mounts.
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i'),
    methods: Object.keys(item ?? {}).map((method) => method.toUpperCase()),
  }));
  return (path: string): string[] | undefined => {
    const matches = templates.filter((template) => template.pattern.test(path));
    const chosen = matches.some((m) => m.isStatic) ? matches.filter((m) => m.isStatic) : matches;
    return chosen.length ? [...new Set(chosen.flatMap((m) => m.methods))].sort() : undefined;
  };
}
