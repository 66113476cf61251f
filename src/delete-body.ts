import type { AnyRouter } from '@trpc/server';
import type { RequestHandler } from 'express';
import { expressPath } from './openapi.js';
import type { AppMeta } from './trpc.js';

type Procedures = Record<string, { _def: { meta?: AppMeta } }>;

/**
 * trpc-to-openapi hands a DELETE procedure only the URL query (and path) as input, never the body.
 * Some DELETEs need input that must not go in a URL (DELETE /users/me takes the password): their
 * meta says `deleteTakesBody`, and for them the parsed JSON body becomes the query the adapter reads.
 * The URL's own query is dropped, so the body is the only way in; logs show only the URL.
 */
export function deleteBodyRoutes(router: AnyRouter): { paths: string[]; handler: RequestHandler } {
  const paths = Object.values(router._def.procedures as Procedures)
    .map((procedure) => procedure._def.meta)
    .filter((meta) => meta?.deleteTakesBody && meta.openapi?.method === 'DELETE')
    .map((meta) => expressPath(meta!.openapi!.path));
  const handler: RequestHandler = (req, _res, next) => {
    const body: unknown = req.body;
    const input = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
    Object.defineProperty(req, 'query', { value: input, configurable: true, enumerable: true, writable: true });
    next();
  };
  return { paths, handler };
}
