import type { AnyRouter } from '@trpc/server';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import { z } from 'zod';
import type { AppMeta } from './trpc.js';

type Procedures = Record<string, { _def: { meta?: AppMeta } }>;

/** Success status of each procedure, by its tRPC path (e.g. "posts.create" → 201). */
export function successStatuses(router: AnyRouter): Map<string, number> {
  const statuses = new Map<string, number>();
  for (const [path, procedure] of Object.entries(router._def.procedures as Procedures)) {
    const status = procedure._def.meta?.successStatus;
    if (status) statuses.set(path, status);
  }
  return statuses;
}

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
  .meta({ id: 'Error', description: 'The body of every error response' });

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});

const BEARER = 'bearerAuth';

interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

/**
 * The OpenAPI 3.1 document, generated from the router so it cannot drift. trpc-to-openapi answers
 * every operation with 200 and a generic error list; this rewrites each operation's responses to
 * what it really answers: its success status and the errors its procedure declares, plus 401 when
 * it needs a token, 413/415 when it takes a body, and 503 when the database is away.
 */
export function createOpenApiDocument(router: AnyRouter) {
  const document = generateOpenApiDocument(router, {
    title: 'Feedline API',
    description:
      'A developer social feed: accounts, posts, likes, comments, follows and events. ' +
      'Every path also accepts a trailing slash. Typed RPC for TypeScript clients is served at /trpc.',
    version: '0.1.0',
    baseUrl: '/',
    securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    defs: { Error: ApiError },
  });

  const metaByOperation = new Map(
    Object.entries(router._def.procedures as Procedures).map(([path, p]) => [path.replace(/\./g, '-'), p._def.meta]),
  );
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem ?? {}) as Operation[]) {
      const meta = metaByOperation.get(operation.operationId ?? '');
      const success = operation.responses?.['200'];
      if (!meta || !success) continue;
      const status = meta.successStatus ?? 200;
      const errors: Record<string, unknown> = {};
      for (const [code, description] of Object.entries(meta.errors ?? {})) errors[code] = errorResponse(description);
      if (operation.security?.length) errors[401] = errorResponse('Missing, invalid, expired or logged-out token');
      if (operation.parameters?.length || operation.requestBody) errors[400] ??= errorResponse('Invalid input');
      if (operation.requestBody) {
        errors[413] = errorResponse('Request body over 1 MB');
        errors[415] = errorResponse('Request body is not JSON');
      }
      errors[503] = errorResponse('The database is unavailable; retry later');
      operation.responses = {
        [status]: status === 204 ? { description: 'No content' } : { ...(success as object), description: 'Success' },
        ...Object.fromEntries(Object.entries(errors).sort(([a], [b]) => Number(a) - Number(b))),
      };
    }
  }
  // Drop trpc-to-openapi's generic error schemas, which nothing references any more.
  const schemas = document.components?.schemas ?? {};
  for (const name of Object.keys(schemas)) if (name.startsWith('error.')) delete schemas[name];
  return document;
}
