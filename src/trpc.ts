import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { initTRPC } from '@trpc/server';
import type { CreateExpressContextOptions } from '@trpc/server/adapters/express';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { authenticate } from './auth/authenticate.js';
import type { Config } from './config.js';
import { formatError, normalizeError } from './errors.js';
import type { Logger } from './logger.js';

/** What the whole app shares, built once at start-up. */
export interface AppServices {
  orm: MikroORM;
  config: Config;
  logger: Logger;
}

export interface Context {
  /** A fork of the ORM's entity manager: its own identity map, per request. */
  em: EntityManager;
  services: AppServices;
  /** The bearer token, verified only by procedures that need a caller. */
  token: string | null;
  /** The client's address, for per-address limits. */
  clientAddress: string;
  log: Logger;
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

export function createContextFactory(services: AppServices) {
  return ({ req }: Pick<CreateExpressContextOptions, 'req'>): Context => ({
    em: services.orm.em.fork(),
    services,
    token: bearerToken(req.headers.authorization),
    clientAddress: req.ip ?? req.socket?.remoteAddress ?? 'unknown',
    log: req.log ?? services.logger,
  });
}

/**
 * OpenAPI metadata plus what the REST facade and its document need: the success status (200 when
 * unset) and the error statuses the procedure itself answers, with what each means. 401 (when
 * protected), 413 and 415 (when it takes a body) and 503 are added to the document for all.
 */
export interface AppMeta extends OpenApiMeta {
  successStatus?: 201 | 204;
  errors?: Partial<Record<400 | 401 | 403 | 404 | 429, string>>;
}

const t = initTRPC.context<Context>().meta<AppMeta>().create({
  // Never put stack traces in error bodies.
  isDev: false,
  errorFormatter: formatError,
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw normalizeError(result.error);
  return result;
});

export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const caller = await authenticate(ctx.em, ctx.services.config, ctx.token);
  return next({ ctx: { caller } });
});
