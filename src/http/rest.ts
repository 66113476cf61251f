import { getTRPCErrorFromUnknown, TRPCError, type AnyProcedure, type AnyRouter } from '@trpc/server';
import { Readable } from 'node:stream';
import { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import {
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  normalizePath,
  unwrapZodType,
  type OpenApiProcedureRecord,
} from 'trpc-to-openapi';
import { notFound } from '../platform/errors.js';
import { restErrorAnswer } from '../trpc/error-handling.js';
import { JsonText } from '../trpc/json-text.js';
import { sendJsonText } from './send-json.js';
import { noteRoute } from '../platform/metrics.js';
import type { AppMeta, Context } from '../trpc/trpc.js';
import type { ListStream } from '../trpc/list-stream.js';
import { proceduresOf } from '../trpc/internals.js';

/** A documented path and method, resolved to its procedure once at start-up. */
interface Route {
  pattern: RegExp;
  procedure: AnyProcedure;
  path: string;
  /** The documented path, e.g. /posts/{id}: the route label of its metrics. */
  template: string;
  type: 'query' | 'mutation';
  /** Input from the JSON body (POST, PUT, PATCH, and a DELETE whose meta says `deleteTakesBody`), else from the query. */
  takesBody: boolean;
  takesInput: boolean;
  successStatus: number;
  /** A list (defineList): streamed when unpaged. */
  list?: ListStream;
  /** The raw body types an upload takes besides multipart/form-data (`meta.rawBody`), else undefined. */
  rawBody?: readonly string[];
}

export interface RestHandlerOptions {
  router: AnyRouter;
  createContext: (req: Request) => Context;
  /** Headers of an answer; `errors` is empty on success. */
  responseHeaders: (errors: TRPCError[]) => Record<string, string>;
  onError: (opts: { error: TRPCError; path?: string }) => void;
  /**
   * Sends a list unpaged, as it is read (json-stream.ts), given its REST input; false when its
   * procedure answers instead.
   */
  streamList: (
    req: Request,
    res: Response,
    list: ListStream,
    input: Record<string, unknown> | undefined,
  ) => Promise<boolean>;
}

const PLAIN_PATH = /^[\w/-]*$/;

/**
 * The path a request is routed by: URL's normalisation for an unusual one (dot segments, escapes),
 * and without a trailing slash (trpc-to-openapi's). Routes match it regardless of case.
 */
export function requestPath(req: Request): string {
  const given = PLAIN_PATH.test(req.path) ? req.path : new URL(req.url, 'http://127.0.0.1').pathname;
  return given.endsWith('/') ? normalizePath(given) : given;
}

/**
 * The REST face of the router at the paths and methods of each procedure's `meta.openapi`, with
 * trpc-to-openapi's rules (path parameters by name, the query for GET and DELETE, the JSON body
 * otherwise and for a DELETE whose meta says `deleteTakesBody`, 415 for any other body) and the
 * documented `{ message, code, issues? }` errors.
 * trpc-to-openapi's own handler does per call what is fixed per route (schema unwrapping, a
 * caller proxy, a scan of every route's pattern) and builds a Fetch `Request`, body copy
 * included, only to hand the procedure an abort signal none of ours reads; so routes are resolved
 * here once and procedures called directly (docs/performance.md).
 */
export function createRestHandler({
  router,
  createContext,
  responseHeaders,
  onError,
  streamList,
}: RestHandlerOptions): RequestHandler {
  const routesByMethod = new Map<string, Route[]>();
  forEachOpenApiProcedure(proceduresOf(router) as OpenApiProcedureRecord, ({ path, type, procedure, meta }) => {
    if (type === 'subscription') return;
    const { method, path: openApiPath } = meta.openapi;
    const routes = routesByMethod.get(method) ?? [];
    routesByMethod.set(method, routes);
    routes.push({
      pattern: getPathRegExp(normalizePath(openApiPath)),
      procedure: procedure as AnyProcedure,
      path,
      template: normalizePath(openApiPath),
      type,
      takesBody: (method !== 'GET' && method !== 'DELETE') || (meta as AppMeta).deleteTakesBody === true,
      // Input stays undefined for z.void().
      takesInput: !instanceofZodTypeLikeVoid(unwrapZodType(getInputOutputParsers(procedure).inputParser, true)),
      successStatus: (meta as AppMeta).successStatus ?? 200,
      list: (meta as AppMeta).list,
      rawBody: (meta as AppMeta).rawBody?.types,
    });
  });

  const handler: RequestHandler = async (req, res, next) => {
    const path = requestPath(req);
    // A HEAD is answered as its GET (Node sends no body with it); methods.ts answered the 405s.
    const route = routeOf(routesByMethod.get(req.method === 'HEAD' ? 'GET' : req.method), path);
    if (route) noteRoute(req, route.template);
    try {
      if (!route) throw notFound('Not found');
      const { takesBody } = route;
      const contentType = mediaType(req);
      let input: unknown;
      let getRawInput: (() => Promise<unknown>) | undefined;
      if (route.rawBody) getRawInput = uploadOf(req, contentType, route.rawBody);
      else if (takesBody && !isJson(contentType)) {
        throw new TRPCError({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: contentType
            ? `Unsupported content-type "${contentType}"; send application/json`
            : 'Missing content-type; send application/json',
        });
      } else if (route.takesInput)
        input = {
          ...(takesBody ? (req.body as object | undefined) : queryOf(req)),
          ...pathParameters(route.pattern.exec(path)!.groups),
        };
      if (route.list) {
        const streamed = await streamList(req, res, route.list, input as Record<string, unknown> | undefined).catch(
          (error: unknown) => error,
        );
        if (streamed === true) return;
        // A database that is away answers 503 from the error handler: the procedure would only wait for it again.
        if (streamed !== false) return next(streamed);
      }
      const data: unknown = await route.procedure({
        ctx: createContext(req),
        path: route.path,
        type: route.type,
        getRawInput: getRawInput ?? rawInputOf(input),
        signal: undefined,
        batchIndex: 0,
      });
      sendJsonText(
        res,
        route.rawBody && (data as { state?: unknown }).state === 'processing' ? 202 : route.successStatus,
        responseHeaders([]),
        data instanceof JsonText ? data.text : JSON.stringify(data),
      );
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      onError({ error, path: route?.path });
      const { status, body } = restErrorAnswer(error);
      sendJsonText(res, status, responseHeaders([error]), JSON.stringify(body));
    }
  };
  return handler;
}

/**
 * A path's parameters, percent-decoded as Express decodes its own (a tag's `%23`, `caf%C3%A9`); a
 * malformed escape is left as it came, for the procedure's schema to refuse.
 */
function pathParameters(groups: Record<string, string> | undefined): Record<string, string> {
  // Most paths hold no escape (an id, a plain tag): their groups are the parameters as they are.
  let decoded: Record<string, string> | undefined;
  for (const name in groups) {
    const value = groups[name]!;
    if (!value.includes('%')) continue;
    decoded ??= { ...groups };
    try {
      decoded[name] = decodeURIComponent(value);
    } catch {
      decoded[name] = value;
    }
  }
  return decoded ?? groups ?? {};
}

/** The first route whose pattern matches, in declaration order. */
function routeOf(routes: Route[] | undefined, path: string): Route | undefined {
  if (routes) for (const route of routes) if (route.pattern.test(path)) return route;
  return undefined;
}

/** The procedure's raw input, as tRPC asks for it. */
const rawInputOf = (input: unknown) => () => Promise.resolve(input);

/**
 * An upload's body as /trpc hands it to the procedure: multipart/form-data as FormData, a raw body
 * of one of `types` as a byte stream (the procedure reads it with its own cap; http.ts's body cap
 * bounds both). Any other body is a 415, at once. Read only when the procedure asks for its input,
 * which it does in its processing place: a request refused before (its place, its session) leaves
 * the body unread, for Node to drop, and its connection open.
 */
function uploadOf(req: Request, contentType: string | undefined, types: readonly string[]): () => Promise<unknown> {
  if (contentType === 'multipart/form-data') {
    let form: Promise<FormData> | undefined;
    return () =>
      (form ??= new globalThis.Request('http://localhost/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] },
        body: Readable.toWeb(bodyOf(req)) as ReadableStream,
        duplex: 'half',
      } as RequestInit)
        .formData()
        .catch(() => {
          throw new TRPCError({ code: 'BAD_REQUEST', message: 'Malformed multipart/form-data body' });
        }));
  }
  if (contentType && types.includes(contentType)) {
    const body = pulledOnly(bodyOf(req));
    return () => Promise.resolve(body);
  }
  throw new TRPCError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: `${contentType ? `Unsupported content-type "${contentType}"` : 'Missing content-type'}; send multipart/form-data or one of ${types.join(', ')}`,
  });
}

/** An upload's body as the upload gate receives it (upload-body.ts), or the request itself. */
const bodyOf = (req: Request): IncomingMessage => (req.body instanceof IncomingMessage ? req.body : req);

/**
 * The request's body as a byte stream that reads nothing until it is read (Readable.toWeb starts
 * reading at once, and a body left so is cut with a reset when its answer ends); cancelled, it
 * stops reading the request (closing its connection), as toWeb's does.
 */
function pulledOnly(req: IncomingMessage): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        chunks ??= (req as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
        const next: IteratorResult<Buffer> = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks?.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** The query's fields, an empty one left out, a field given once as a string, more often as a list. */
export function queryOf(req: Request): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(req.query as Record<string, unknown>)) {
    if (value) query[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
  }
  return query;
}

/** The media types the JSON parser reads (http.ts): application/json and application/*+json. */
const isJson = (type: string | undefined) =>
  type === 'application/json' || (type !== undefined && /^application\/[\w.!#$&^-]+\+json$/.test(type));

/**
 * The request's media type, lower-cased (media types are case-insensitive), without parameters;
 * a request with no body and no Content-Type (POST /posts/{id}/like, POST /users/{id}/follow are
 * often sent so) counts as an empty JSON one.
 */
function mediaType(req: Request): string | undefined {
  const contentType = req.headers['content-type'];
  if (contentType === 'application/json') return contentType; // nearly every request: nothing to take apart
  if (contentType) return contentType.split(';')[0]!.trim().toLowerCase();
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  return hasBody ? undefined : 'application/json';
}
