import { generateOpenApiDocument } from 'trpc-to-openapi';
import type { AnyRouter } from '@trpc/server';
import type { AppMeta } from './trpc.js';

/** Success status of each procedure, by its tRPC path (e.g. "posts.create" → 201). */
export function successStatuses(router: AnyRouter): Map<string, number> {
  const statuses = new Map<string, number>();
  for (const [path, procedure] of Object.entries(router._def.procedures as Record<string, { _def: { meta?: AppMeta } }>)) {
    const status = procedure._def.meta?.successStatus;
    if (status) statuses.set(path, status);
  }
  return statuses;
}

/** The OpenAPI 3.1 document, generated from the router so that it cannot drift. */
export function createOpenApiDocument(router: AnyRouter) {
  const document = generateOpenApiDocument(router, {
    title: 'Feedline API',
    description: 'A developer social feed: accounts, posts, likes, comments, follows and events.',
    version: '0.1.0',
    baseUrl: '/',
  });
  // trpc-to-openapi documents every success as 200; move it to the status the route really answers.
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem ?? {})) {
      const op = operation as { operationId?: string; responses?: Record<string, unknown> };
      const status = op.operationId && successStatusByOperation(router).get(op.operationId);
      if (!status || !op.responses?.['200']) continue;
      const { '200': success, ...rest } = op.responses;
      op.responses = {
        [status]: status === 204 ? { description: 'No content' } : success,
        ...rest,
      };
    }
  }
  return document;
}

function successStatusByOperation(router: AnyRouter): Map<string, number> {
  return new Map([...successStatuses(router)].map(([path, status]) => [path.replace(/\./g, '-'), status]));
}
