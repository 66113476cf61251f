import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import swaggerUi from 'swagger-ui-express';
import type { Config } from '../platform/config.js';
import { errorHeaders, httpErrorHandler, isDatabaseUnavailable, OutageLog } from '../trpc/error-handling.js';
import { allowedMethodsByPath, openApiDocumentOf } from './openapi.js';
import { answerConnect, httpMethods, isTrpcPath } from './methods.js';
import { createRestHandler, requestPath } from './rest.js';
import { inFlightLimit } from './in-flight.js';
import { uploadGate } from './upload-gate.js';
import { JsonStreams } from './json-stream.js';
import { EVENT_STREAM_PATHS, eventStreamRoute } from '../live/event-stream.js';
import { MEDIA_FILE_PATH, MEDIA_FILES_ROUTE, mediaFilesRoute } from '../media/serve-files.js';
import { appRouter } from './router.js';
import { requestTimer } from '../platform/metrics.js';
import { requestLogging } from './request-log.js';
import { createContextFactory, type AppMeta, type AppServices, type Context } from '../trpc/trpc.js';
import { procedureDefOf, proceduresOf } from '../trpc/internals.js';
import {
  answerClientError,
  expressPrototypes,
  capRequestBody,
  fixedHeadersOf,
  hasBody,
  isPlainJsonBody,
  readJsonBody,
  refuseDeepJson,
  writeFixedHeadersWithEveryAnswer,
} from './wire.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** What a multipart upload carries besides its image (boundaries, part headers, the description). */
const UPLOAD_SLACK_BYTES = 64 * 1024;
/** The bodies an image arrives in (raw, multipart, tRPC's binary input): only they get the upload cap. */
const UPLOAD_BODY = /^\s*(?:image\/|multipart\/form-data|application\/octet-stream)/i;
const READY_TIMEOUT_MS = 2_000;

/**
 * The HTTP face of the one router: typed RPC at /trpc, the documented REST paths through
 * rest.ts, the OpenAPI document, and health checks for load balancers.
 *
 * Express runs what is mounted in the order it was mounted, and the first to answer wins, so the
 * order is part of the behaviour. The steps, each marked below:
 *   1. Every request: its id and log line (first, so every answer is logged and timed), the body
 *      cap (before anything reads a body). Every answer gets the security headers and the id as
 *      its head is written (writeFixedHeadersWithEveryAnswer), a 413 too.
 *   2. Health checks: answered before CORS and body parsing, as cheaply as possible.
 *   3. CORS, when configured: before every route a browser may call.
 *   3b. Methods (methods.ts): OPTIONS 204 and 405 with Allow on documented paths and /trpc.
 *   4. The OpenAPI document and the docs page.
 *   4b. The cap on requests in progress per user and per address (in-flight.ts): before any body is
 *      read or any procedure runs, so a refused request costs nothing.
 *   4c. Uploads take their processing place, or are refused, before their body is read (upload-gate.ts).
 *   5. JSON bodies: refused when nested too deep (read from the bytes, before any parse), then parsed.
 *   6. Typed RPC at /trpc.
 *   7. Server-sent events (GET /live/feed, /live/notifications): the live.* subscriptions over plain HTTP.
 *   8. Stored images (GET /media/files/<key>): files from the media store.
 *   9. REST (rest.ts): each documented path and method resolved to its procedure at start-up; 415
 *      for a body that is not JSON (an upload takes its image: meta.rawBody), 405 with Allow for a
 *      documented path's other methods, 404. A list asked for unpaged is streamed as it is read (its
 *      meta, trpc/lists.ts; json-stream.ts).
 *  10. The error handler, last: whatever failed before a procedure answered (error-handling.ts).
 */
export function createApp(services: AppServices): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy(services.config.TRUST_PROXY));
  app.set('etag', false);

  // Every answer, whichever way it is written: helmet's headers and the request's id.
  writeFixedHeadersWithEveryAnswer(
    app,
    fixedHeadersOf(
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
    ),
  );

  // 1. Every request: one middleware (each one Express runs adds its routing work).
  const logRequest = requestLogging(services.logger);
  // Timed only when metrics are exported: otherwise no request pays for it.
  const timeRequest =
    services.config.METRICS_PORT === undefined
      ? undefined
      : requestTimer(new Set(Object.keys(proceduresOf(appRouter))));
  // Uploads (procedures with meta.rawBody) take an image: their cap is MEDIA_MAX_BYTES and the slack;
  // any other body there (JSON, parsed on the event loop) has everyone's 1 MB.
  const uploads = uploadRequestsOf(appRouter);
  const uploadLimit = services.config.MEDIA_MAX_BYTES + UPLOAD_SLACK_BYTES;
  const uploadTooLarge = {
    message: `The image is larger than ${services.config.MEDIA_MAX_BYTES} bytes`,
    code: 'PAYLOAD_TOO_LARGE',
  };
  /**
   * An upload request with an image body: only it gets the upload cap and takes a processing place
   * here. Its path is read as REST and Express route it, and under /trpc as tRPC's adapter does too
   * (the last segment, decoded; a batch's names), so no spelling reaches an upload procedure past the gate.
   */
  const isUpload = (req: express.Request) =>
    UPLOAD_BODY.test(req.headers['content-type'] ?? '') &&
    (uploads.rest.has(`${req.method} ${requestPath(req)}`.toLowerCase()) ||
      (req.method === 'POST' && isTrpcPath(req.path) && trpcProceduresOf(req).some((name) => uploads.trpc.has(name))));
  app.use((req, res, next) => {
    logRequest(req, res);
    timeRequest?.(req, res);
    if (hasBody(req)) {
      if (
        !(isUpload(req)
          ? capRequestBody(req, res, uploadLimit, uploadTooLarge)
          : capRequestBody(req, res, BODY_LIMIT_BYTES))
      )
        return;
    }
    next();
  });

  // 2. Health checks.
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

  // 3. CORS: browsers may call the API only from the configured origins; none by default.
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

  // 3b. Methods: OPTIONS, and 405 for what a documented path or /trpc does not serve (methods.ts).
  const openApiDocument = openApiDocumentOf(appRouter);
  const documented = allowedMethodsByPath(openApiDocument);
  // The stored files are served beside the router (step 8), by GET alone.
  app.use(httpMethods((path) => (MEDIA_FILE_PATH.test(path) ? ['GET'] : documented(path))));

  // 4. The document, and the interactive reference (where a browser pointed at the service lands).
  app.get('/', (_req, res) => res.redirect(302, '/docs'));
  app.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });
  app.use(
    '/docs',
    swaggerUi.serve,
    swaggerUi.setup(openApiDocument, {
      customSiteTitle: 'Feedline API',
      // showExtensions: the live streams' x-itemSchema (their events) shows on the page.
      swaggerOptions: {
        persistAuthorization: true,
        displayOperationId: false,
        tryItOutEnabled: false,
        showExtensions: true,
      },
    }),
  );

  // 4b. Requests in progress, per user and per address; lifted with the write limits (WRITE_LIMITS=off,
  // benchmarks: one user's 32 connections from one address).
  if (services.config.WRITE_LIMITS) app.use(inFlightLimit(services.config));
  // 4c. Uploads: a processing place before the body is read (upload-gate.ts), on REST and /trpc alike.
  const uploadPlaces = uploadGate(services.media.processor, services.config.JWT_SECRET, isUpload, {
    minBytesPerSecond: services.config.MEDIA_MIN_BODY_BYTES_PER_SECOND,
    graceMs: services.config.MEDIA_BODY_GRACE_MS,
  });
  app.use(uploadPlaces.gate);
  // 4d. A client that waits to be asked (Expect: 100-continue; createHttpServer holds Node's own
  // answer back) sends its body only now: a request refused above never sent it.
  app.use((req, res, next) => {
    if (awaitingContinue.has(req) && !res.headersSent) res.writeContinue();
    next();
  });

  // 5. JSON bodies (a request without one has nothing to parse).
  const parseJson = express.json({
    limit: BODY_LIMIT_BYTES,
    type: ['application/json', 'application/*+json'],
    verify: (_req, _res, body) => refuseDeepJson(body),
  });
  app.use((req, res, next) => {
    if (!hasBody(req)) return next();
    if (isPlainJsonBody(req)) readJsonBody(req, next);
    else parseJson(req, res, next);
  });

  // What both adapters (steps 6 and 8) share: outage tracking, error logging and headers.
  const contextOf = createContextFactory(services);
  const createContext = (opts: Parameters<typeof contextOf>[0]) => withPlaceOf(opts.req, contextOf(opts));
  /** An upload's context holds the place the gate took for it, and its body's cut (step 4c). */
  const withPlaceOf = (req: IncomingMessage, ctx: Context): Context => {
    const upload = uploadPlaces.uploadOf(req);
    if (upload) {
      ctx.processingPlace = upload.place;
      ctx.bodyCut = upload.cut;
    }
    return ctx;
  };
  const outages = new OutageLog(services.logger);
  // Any answer from the database ends an incident: an ORM query, or a procedure that succeeded
  // (the hot statements run on the driver directly, past knex's events).
  services.orm.em
    .getConnection()
    .getKnex()
    .on('query-response', () => outages.succeeded());
  const noteSuccess = (errors: TRPCError[]) => {
    if (errors.length === 0) outages.succeeded();
  };
  // Both adapters: internal errors are logged with their cause (never sent); a lost database opens an incident.
  const logInternalError = ({ error, path }: { error: TRPCError; path?: string }) => {
    if (error.code === 'SERVICE_UNAVAILABLE' && isDatabaseUnavailable(error.cause)) outages.failed(error.cause);
    else if (error.code === 'INTERNAL_SERVER_ERROR')
      services.logger.error({ err: error.cause ?? error, path }, 'procedure failed');
  };
  // A 429 says when to retry; a 401 says which scheme authenticates (RFC 9110).
  // 6. Typed RPC.
  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext,
      // One request must not carry unbounded work.
      maxBatchSize: 20,
      responseMeta: ({ errors }) => {
        noteSuccess(errors);
        return { headers: errorHeaders(errors) };
      },
      onError: logInternalError,
    }),
  );

  // 7. Server-sent events: not procedures (trpc-to-openapi has no streams), the same streams as live.*.
  app.get(Object.keys(EVENT_STREAM_PATHS), eventStreamRoute(services));

  // 8. Stored images (GET /media/files/<key>), from either store: not procedures (their bodies are files).
  app.get(MEDIA_FILES_ROUTE, mediaFilesRoute(services));

  // 9. REST, lists streamed.
  const streams = new JsonStreams(services, outages);
  const createRestContext = createContextFactory(services, { jsonAsText: true });
  app.use(
    createRestHandler({
      router: appRouter,
      createContext: (req) => withPlaceOf(req, createRestContext({ req })),
      responseHeaders: (errors) => {
        noteSuccess(errors);
        return errorHeaders(errors);
      },
      onError: logInternalError,
      streamList: (req, res, list, input) => streams.answer(req, res, list, input),
    }),
  );
  // 10. The error handler.
  app.use(httpErrorHandler(outages));
  return app;
}

/** The requests that are uploads, as "METHOD path": each upload procedure's REST path and its /trpc path. */
function uploadRequestsOf(router: typeof appRouter): { rest: Set<string>; trpc: Set<string> } {
  const rest = new Set<string>();
  const trpc = new Set<string>();
  for (const [name, procedure] of Object.entries(proceduresOf(router))) {
    const meta = procedureDefOf<AppMeta>(procedure).meta;
    if (!meta?.rawBody) continue;
    trpc.add(name);
    // Lower-case: Express mounts /trpc, and REST matches its paths, regardless of case.
    rest.add(`POST /trpc/${name}`.toLowerCase());
    if (meta.openapi) rest.add(`${meta.openapi.method} ${meta.openapi.path}`.toLowerCase());
  }
  return { rest, trpc };
}

/** Requests whose client waits for 100 Continue before it sends the body (createHttpServer). */
const awaitingContinue = new WeakSet<IncomingMessage>();

/** The procedures a /trpc request names, as tRPC's Express adapter and resolveResponse read them. */
function trpcProceduresOf(req: express.Request): string[] {
  const segment = req.path.slice(req.path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(segment).split(',');
  } catch {
    return []; // names no procedure tRPC can run
  }
}

/** TRUST_PROXY: "false", "true", a hop count, or addresses/subnets, as Express understands them. */
function trustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * The HTTP server for the app. Node's defaults give a client 300 s to send a request (a body at a
 * byte a second holds its socket that long) and answer what its parser refuses (a bad
 * Content-Length, headers too large, a request too slow) with an empty body: here a request must
 * arrive within REQUEST_TIMEOUT_MS, and those answers are the documented JSON error too.
 */
export function createHttpServer(app: Express, { REQUEST_TIMEOUT_MS }: Config): Server {
  const server = createServer(
    {
      ...expressPrototypes(app),
      requestTimeout: REQUEST_TIMEOUT_MS,
      headersTimeout: Math.min(REQUEST_TIMEOUT_MS, 60_000),
      // How often Node looks for requests past their time (its default, 30 s, would let one run late).
      connectionsCheckingInterval: Math.min(Math.ceil(REQUEST_TIMEOUT_MS / 4), 1_000),
    },
    app,
  );
  server.on('clientError', answerClientError);
  // Node would answer 100 Continue at once; the app does once its checks have let the request on
  // (step 4d). Node decides which requests wait for it (HTTP/1.1, its reading of Expect).
  server.on('checkContinue', (req, res) => {
    awaitingContinue.add(req);
    server.emit('request', req, res);
  });
  answerConnect(server);
  return server;
}
