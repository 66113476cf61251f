import { createServer, IncomingMessage, ServerResponse, STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import cors from 'cors';
import express, { type Express, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import swaggerUi from 'swagger-ui-express';
import type { Config } from '../platform/config.js';
import { errorHeaders, httpErrorHandler, isDatabaseUnavailable, OutageLog } from '../trpc/error-handling.js';
import { PAYLOAD_TOO_LARGE, STATUS_CODE, type ApiErrorBody } from '../platform/errors.js';
import { allowedMethodsByPath, createOpenApiDocument, expressPathOf } from './openapi.js';
import { answerConnect, httpMethods } from './methods.js';
import { createRestHandler } from './rest.js';
import { inFlightLimit } from './in-flight.js';
import { JsonStreams } from './json-stream.js';
import { EVENT_STREAM_PATHS, eventStreamRoute } from '../live/event-stream.js';
import { appRouter, appStreams } from './router.js';
import { requestTimer } from '../platform/metrics.js';
import { requestIdOf, requestLogging } from './request-log.js';
import { createContextFactory, type AppServices } from '../trpc/trpc.js';
import { proceduresOf } from '../trpc/internals.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;
const READY_TIMEOUT_MS = 2_000;
const LINGER_MS = 1_000;

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
 *   5. JSON bodies: parsed, then refused when nested too deep (before any adapter walks them).
 *   6. Typed RPC at /trpc.
 *   7. Large answers (unpaged lists, big profiles) streamed by their procedures' twins: ahead of REST.
 *   8. Server-sent events (GET /live/feed, /live/notifications): the live.* subscriptions over plain HTTP.
 *   9. REST (rest.ts): each documented path and method resolved to its procedure at start-up; 415
 *      for a body that is not JSON, 405 with Allow for a documented path's other methods, 404.
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
  app.use((req, res, next) => {
    logRequest(req, res);
    timeRequest?.(req, res);
    if (hasBody(req) && !capRequestBody(req, res, BODY_LIMIT_BYTES)) return;
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
  const openApiDocument = createOpenApiDocument(appRouter);
  const allowedMethods = allowedMethodsByPath(openApiDocument);
  app.use(httpMethods(allowedMethods));

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

  // 5. JSON bodies (a request without one has nothing to parse).
  const parseJson = express.json({ limit: BODY_LIMIT_BYTES, type: ['application/json', 'application/*+json'] });
  app.use((req, res, next) => {
    if (!hasBody(req)) return next();
    const parsed = whenParsed(req, res, next);
    if (isPlainJsonBody(req)) readJsonBody(req, parsed);
    else parseJson(req, res, parsed);
  });

  // What both adapters (steps 6 and 9) share: outage tracking, error logging and headers.
  const createContext = createContextFactory(services);
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

  // 7. Large answers over REST: each stream twin at its procedure's REST path, ahead of the adapter.
  const streams = new JsonStreams(services, outages);
  for (const [domain, twins] of Object.entries(appStreams)) {
    for (const [name, twin] of Object.entries(twins)) {
      app.get(expressPathOf(appRouter, `${domain}.${name}`), streams.handler(twin));
    }
  }

  // 8. Server-sent events: not procedures (trpc-to-openapi has no streams), the same streams as live.*.
  app.get(Object.keys(EVENT_STREAM_PATHS), eventStreamRoute(services));

  // 9. REST.
  const createRestContext = createContextFactory(services, { jsonAsText: true });
  app.use(
    createRestHandler({
      router: appRouter,
      createContext: (req) => createRestContext({ req }),
      responseHeaders: (errors) => {
        noteSuccess(errors);
        return errorHeaders(errors);
      },
      onError: logInternalError,
    }),
  );
  // 10. The error handler.
  app.use(httpErrorHandler(outages));
  return app;
}

/**
 * helmet's headers depend on nothing in the request (no CSP nonces here): worked out once, as a
 * list of names and values, instead of running its dozen middlewares per request.
 */
function fixedHeadersOf(headerMiddleware: RequestHandler): string[] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  headerMiddleware({} as never, recorder as never, () => {});
  return [...headers].flat();
}

/**
 * Adds `fixed` (names and values) and the request's id (X-Request-Id) to every answer's head as
 * it is written, whichever way that is (Express, the tRPC adapter, REST, a stream, a 413): a header
 * the route set itself wins. An answer whose head comes as one list (REST's, rest.ts) gets them in
 * that list, so Node writes the head without a setHeader per header (docs/performance.md). Such a
 * list must not repeat one of them.
 */
function writeFixedHeadersWithEveryAnswer(app: Express, fixed: readonly string[]): void {
  // Node's own, which takes (status, headers) and (status, reason, headers).
  const { writeHead } = ServerResponse.prototype as unknown as {
    writeHead: (
      this: ServerResponse,
      statusCode: number,
      reason: string | undefined,
      headers: unknown,
    ) => ServerResponse;
  };
  app.response.writeHead = function (this: ServerResponse, statusCode: number, reason?: unknown, headers?: unknown) {
    if (typeof reason !== 'string') [reason, headers] = [undefined, reason];
    const id = requestIdOf(this.req);
    if (Array.isArray(headers)) {
      const given = headers as string[];
      headers = id === undefined ? [...fixed, ...given] : [...fixed, 'X-Request-Id', id, ...given];
    } else {
      for (let i = 0; i < fixed.length; i += 2)
        if (!this.hasHeader(fixed[i]!)) this.setHeader(fixed[i]!, fixed[i + 1]!);
      if (id !== undefined && !this.hasHeader('X-Request-Id')) this.setHeader('X-Request-Id', id);
    }
    return writeHead.call(this, statusCode, reason as string | undefined, headers);
  } as Express['response']['writeHead'];
}

/** TRUST_PROXY: "false", "true", a hop count, or addresses/subnets, as Express understands them. */
function trustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** Whether a request has a body (HTTP/1.1: it declares a length or a transfer coding), as body-parser decides. */
function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;
}

/**
 * Caps a request body, whatever its route or content type, while it streams in, so no reader
 * of it (the JSON parser, tRPC's FormData and octet-stream parsers, trpc-to-openapi) can ever
 * buffer more: a declared length over the cap is refused before a byte is read, and an
 * undeclared (chunked) body is counted as the socket delivers it, answering 413 at the first byte
 * over the cap and dropping the rest. The connection is closed after a 413. False when refused.
 * Only for requests that have a body (hasBody): the others have nothing to count.
 */
function capRequestBody(req: IncomingMessage, res: ServerResponse, limit: number): boolean {
  const declared = req.headers['content-length'];
  if (declared !== undefined && req.headers['transfer-encoding'] === undefined) {
    // Node's parser delivers exactly the declared length as the body: nothing more to count.
    if (Number(declared) <= limit) return true;
    refuseBody(req, res);
    return false;
  }
  // Bytes the parser delivered before this middleware ran are waiting in the stream's buffer.
  let received = req.readableLength;
  const push = req.push.bind(req);
  req.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
    if (chunk === null) return push(chunk, encoding);
    received += chunk.length;
    if (received <= limit) return push(chunk, encoding);
    req.push = () => true; // dropped; the socket is closed after the 413 and a short linger
    if (!res.headersSent) refuseBody(req, res);
    return false;
  };
  return true;
}

/** A 413, then the connection closed. */
function refuseBody(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Connection', 'close');
  // Lingering close: a client still sending would get a reset, and lose the 413, if the
  // socket closed at once; read and drop what it sends for a moment, then close.
  const socket = req.socket as Socket & { destroySoon(): void };
  socket.destroySoon = () => {
    socket.end();
    socket.on('data', () => undefined).resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  (res as Response).status(413).json(PAYLOAD_TOO_LARGE);
  answeredForGood(res);
}

/**
 * The 413 is the request's answer. What still runs for it (a /trpc procedure that needed no more
 * of the body, a reader failing on the cut) writes nothing more, instead of throwing
 * ERR_HTTP_HEADERS_SENT into an adapter that would log it as a failure.
 */
function answeredForGood(res: ServerResponse): void {
  const ignored = () => res;
  Object.assign(res, { setHeader: ignored, writeHead: ignored, write: () => true, end: ignored });
}

/**
 * The JSON bodies clients nearly always send: `application/json` (UTF-8), not compressed, of a
 * declared length (so the body cap has already refused one over the limit).
 */
function isPlainJsonBody(req: IncomingMessage): boolean {
  const type = req.headers['content-type'];
  return (
    (type === 'application/json' || type === 'application/json; charset=utf-8') &&
    req.headers['content-length'] !== undefined &&
    req.headers['content-encoding'] === undefined
  );
}

/**
 * Reads and parses a plain JSON body (isPlainJsonBody) as express.json would, at a fraction of
 * its cost per request (its content-type parsing, stream wrapper and decoder): `req.body` is the
 * value; an empty body is {}; a leading BOM is dropped; anything but an object or array at the top,
 * or malformed JSON, is a 400 `entity.parse.failed` (httpErrorHandler's "Malformed JSON body"); a
 * request that breaks off is a 400 `request.aborted`. Other bodies go to express.json.
 */
function readJsonBody(req: IncomingMessage & { body?: unknown }, done: (error?: unknown) => void): void {
  const chunks: Buffer[] = [];
  let ended = false;
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.once('error', () => {
    if (!ended) done(Object.assign(new Error('request aborted'), { status: 400, type: 'request.aborted' }));
    ended = true;
  });
  req.once('end', () => {
    ended = true;
    let text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text.length === 0) {
      req.body = {};
      return done();
    }
    const first = /^[ \t\n\r]*([^ \t\n\r])/.exec(text)?.[1];
    try {
      if (first !== '{' && first !== '[') throw new SyntaxError('JSON body is not an object or an array');
      req.body = JSON.parse(text) as unknown;
    } catch (error) {
      return done(Object.assign(error as Error, { status: 400, type: 'entity.parse.failed' }));
    }
    done();
  });
}

/** What runs once a body is parsed (a function's result: tsx would name, per request, a closure bound to a name). */
const whenParsed: (...args: Parameters<RequestHandler>) => (error?: unknown) => void = (req, res, next) => (error) =>
  error ? next(error) : refuseDeepJson(req, res, next);

const MAX_JSON_DEPTH = 64;

/**
 * No input is nested more than a few levels, but the tRPC adapter and error paths serialise
 * bodies recursively: a body nested thousands deep would overflow the stack there. Measured
 * without recursion, refused with a 400.
 */
const refuseDeepJson: RequestHandler = (req, res, next) => {
  // Each level takes two bytes at least (its brackets): a shorter body cannot be that deep.
  if (Number(req.headers['content-length']) < 2 * MAX_JSON_DEPTH) return next();
  const pending: [unknown, number][] = [[req.body, 0]];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [value, depth] = item;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) {
      res.status(400).json({
        message: `JSON body nested more than ${MAX_JSON_DEPTH} levels deep`,
        code: 'BAD_REQUEST',
      } satisfies ApiErrorBody);
      return;
    }
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  next();
};

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
  answerConnect(server);
  return server;
}

/**
 * Express gives each request and response its app's prototypes (`Object.setPrototypeOf`, per
 * request), and V8 then treats every object so changed as of a shape of its own, slow in Express
 * and in Node's HTTP code after it. Node builds them with those prototypes from the start here, so
 * Express's swap finds the prototype already in place and does nothing (docs/performance.md).
 */
function expressPrototypes(app: Express) {
  // Node's IncomingMessage and ServerResponse are constructor functions (not classes): called on an
  // object that already has the app's prototype, they build it as `new` would.
  const withPrototype = <C>(base: C, prototype: object): C => {
    const construct = base as unknown as (this: object, ...args: unknown[]) => void;
    function Constructor(this: object, ...args: unknown[]) {
      construct.apply(this, args);
    }
    Constructor.prototype = prototype;
    return Constructor as unknown as C;
  };
  return {
    IncomingMessage: withPrototype(IncomingMessage, app.request),
    ServerResponse: withPrototype(ServerResponse, app.response),
  };
}

const CLIENT_ERRORS: Record<string, [status: number, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request headers too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive in time'],
};

/** What Node's HTTP parser refuses, answered as `{ message, code }` before the connection closes. */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const answered = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage?.headersSent;
  if (error.code === 'ECONNRESET' || !socket.writable || answered) {
    socket.destroy();
    return;
  }
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Malformed HTTP request'];
  const body = JSON.stringify({ message, code: STATUS_CODE[status]! } satisfies ApiErrorBody);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
