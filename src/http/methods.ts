import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import type { ApiErrorBody } from '../platform/errors.js';
import { sendJsonText } from './send-json.js';

/** What /trpc serves: queries by GET, mutations and batches by POST. */
const TRPC_ALLOW = ['GET', 'POST'];

/** The methods a path serves (the document's, or tRPC's under /trpc); undefined for an unknown path. */
export type AllowedMethods = (path: string) => string[] | undefined;

/** Whether `path` is under /trpc, which Express mounts regardless of case. */
export const isTrpcPath = (path: string) => /^\/trpc(?:\/|$)/i.test(path);

function allowedAt(allowedMethods: AllowedMethods, path: string): string[] | undefined {
  return isTrpcPath(path) ? TRPC_ALLOW : allowedMethods(path);
}

const methodNotAllowed = (method: string, path: string, allowed: string[]): string => {
  const body: ApiErrorBody = {
    message: `${method} is not supported on ${path}; use ${allowed.join(', ')}`,
    code: 'METHOD_NOT_SUPPORTED',
  };
  return JSON.stringify(body);
};

/**
 * HTTP's method rules on the documented paths and under /trpc, before any route runs: OPTIONS is
 * 204 with Allow (a CORS preflight is answered before, by cors()); a method the path does not
 * serve, of any name Node parses, is 405 with Allow (no adapter sees it, so none logs an error);
 * HEAD goes on wherever GET is served, to be answered as GET without its body. Unknown paths go on
 * to their 404. Allow lists the documented methods (HEAD and OPTIONS go without saying).
 */
export function httpMethods(allowedMethods: AllowedMethods): RequestHandler {
  return (req, res, next) => {
    const allowed = allowedAt(allowedMethods, req.path);
    if (!allowed) return next();
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (allowed.includes(method)) {
      // tRPC's adapter has no HEAD: it answers the GET, and Node drops the body of a HEAD's answer.
      if (req.method === 'HEAD' && isTrpcPath(req.path)) req.method = 'GET';
      return next();
    }
    const allow = allowed.join(', ');
    if (req.method === 'OPTIONS') return sendJsonText(res, 204, { Allow: allow }, undefined);
    sendJsonText(res, 405, { Allow: allow }, methodNotAllowed(req.method, req.path, allowed));
  };
}

/**
 * CONNECT never reaches the app (Node hands it to the server's `connect` event, and drops the
 * connection when nobody listens): it is given a response on its socket and goes through the app
 * as any other method does, to its 405 or 404, and the connection closes.
 */
export function answerConnect(server: Server): void {
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket);
    res.once('finish', () => {
      res.detachSocket(socket);
      socket.end();
    });
    server.emit('request', req, res);
  });
}
