import { randomUUID } from 'node:crypto';
import type { TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import cors from 'cors';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import swaggerUi from 'swagger-ui-express';
import { createOpenApiExpressMiddleware } from 'trpc-to-openapi';
import { httpErrorHandler, restErrorBodies } from './errors.js';
import { retryAfterOf } from './auth/rate-limits.js';
import { createOpenApiDocument, successStatuses } from './openapi.js';
import { streamUnpagedPosts } from './posts/stream-posts.js';
import { appRouter } from './router.js';
import { createContextFactory, type AppServices } from './trpc.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;
const READY_TIMEOUT_MS = 2_000;

/**
 * The HTTP face of the one router: typed RPC at /trpc, the documented REST paths through
 * trpc-to-openapi, the OpenAPI document, and health checks for load balancers.
 */
export function createApp(services: AppServices): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy(services.config.TRUST_PROXY));
  app.set('etag', false);

  app.use(
    pinoHttp({
      logger: services.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w.:-]{1,100}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // Method, path and status only: no headers, bodies or tokens in the log.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );

  app.use(
    helmet({
      contentSecurityPolicy: {
        // Everything, the docs page included, comes from this service: no CDN, no outside fonts.
        directives: {
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'font-src': ["'self'", 'data:'],
          // The service is often reached over plain HTTP (localhost, behind a TLS proxy).
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const answered = services.orm.em
      .getConnection()
      .execute('select 1')
      .then(
        () => true,
        () => false,
      );
    const timedOut = new Promise<boolean>((resolve) => setTimeout(resolve, READY_TIMEOUT_MS, false).unref());
    const ready = await Promise.race([answered, timedOut]);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable' });
  });

  // Browsers may call the API only from the configured origins; none by default.
  if (services.config.CORS_ORIGINS.length > 0) {
    app.use(
      cors({
        origin: services.config.CORS_ORIGINS,
        methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type'],
        exposedHeaders: ['Retry-After', 'X-Request-Id'],
        maxAge: 600,
      }),
    );
  }

  const openApiDocument = createOpenApiDocument(appRouter);
  app.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });
  app.use(
    '/docs',
    swaggerUi.serve,
    swaggerUi.setup(openApiDocument, {
      customSiteTitle: 'Feedline API',
      swaggerOptions: { persistAuthorization: true, displayOperationId: false, tryItOutEnabled: false },
    }),
  );

  app.use(express.json({ limit: BODY_LIMIT_BYTES, type: ['application/json', 'application/*+json'] }));

  const createContext = createContextFactory(services);
  // Both adapters: internal errors are logged with their cause (never sent), and a 429 says when to retry.
  const logInternalError = ({ error, path }: { error: TRPCError; path?: string }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR')
      services.logger.error({ err: error.cause ?? error, path }, 'procedure failed');
  };
  const retryAfterHeaders = (errors: TRPCError[]) => {
    const retryAfter = retryAfterOf(errors[0]);
    return retryAfter === undefined ? undefined : { 'Retry-After': String(retryAfter) };
  };
  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext,
      // One request must not carry unbounded work.
      maxBatchSize: 20,
      responseMeta: ({ errors }) => ({ headers: retryAfterHeaders(errors) }),
      onError: logInternalError,
    }),
  );

  app.get(['/posts', '/posts/followed'], streamUnpagedPosts(services));

  const statusByPath = successStatuses(appRouter);
  app.use(
    bodylessRequestsAreJson,
    restErrorBodies,
    createOpenApiExpressMiddleware({
      router: appRouter,
      createContext,
      maxBodySize: BODY_LIMIT_BYTES,
      // Runs for errors too: the success status applies only when there are none.
      responseMeta: ({ paths, errors }) => {
        const status = errors.length === 0 && paths?.length === 1 ? statusByPath.get(paths[0]!) : undefined;
        return { status, headers: retryAfterHeaders(errors) };
      },
      onError: logInternalError,
    }),
  );
  app.use(httpErrorHandler);
  return app;
}

/** TRUST_PROXY: "false", "true", a hop count, or addresses/subnets, as Express understands them. */
function trustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * POST /posts/{id}/like and POST /users/{id}/follow are sent with no body and often no
 * Content-Type; treat a request without a body as an empty JSON one instead of a 415.
 */
const bodylessRequestsAreJson: RequestHandler = (req, _res, next) => {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody && !req.headers['content-type']) req.headers['content-type'] = 'application/json';
  next();
};
