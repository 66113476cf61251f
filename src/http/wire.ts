/**
 * The low-level request and response code under the app's mount order (http.ts): the body cap and
 * the JSON body reader, the fixed headers written with every answer, Node's request and response
 * objects built with Express's prototypes, and the answers written to a raw socket.
 */
import { IncomingMessage, ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Express, RequestHandler, Response } from 'express';
import { PAYLOAD_TOO_LARGE, STATUS_CODE, type ApiErrorBody } from '../platform/errors.js';
import { requestIdOf } from './request-log.js';

const LINGER_MS = 1_000;

/**
 * helmet's headers depend on nothing in the request (no CSP nonces here): worked out once, as a
 * list of names and values, instead of running its dozen middlewares per request.
 */
export function fixedHeadersOf(headerMiddleware: RequestHandler): string[] {
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
export function writeFixedHeadersWithEveryAnswer(app: Express, fixed: readonly string[]): void {
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

/** Whether a request has a body (HTTP/1.1: it declares a length or a transfer coding), as body-parser decides. */
export function hasBody(req: IncomingMessage): boolean {
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
export function capRequestBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  refusal: ApiErrorBody = PAYLOAD_TOO_LARGE,
): boolean {
  const declared = req.headers['content-length'];
  if (declared !== undefined && req.headers['transfer-encoding'] === undefined) {
    // Node's parser delivers exactly the declared length as the body: nothing more to count.
    if (Number(declared) <= limit) return true;
    refuseBody(req, res, 413, refusal);
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
    if (!res.headersSent) refuseBody(req, res, 413, refusal);
    return false;
  };
  return true;
}

/** A refusal of a body not yet received whole (413, 408, 400): answered for good, then the connection closed. */
export function refuseBody(req: IncomingMessage, res: ServerResponse, status: number, refusal: ApiErrorBody): void {
  closeAfterAnswer(req, res);
  (res as Response).status(status).json(refusal);
  answeredForGood(res);
}

/**
 * How long a transfer (a streamed answer, an upload's body) may take: `graceMs`, plus a second per
 * `minBytesPerSecond` of its `bytes`. One that trickles slower than that is cut.
 */
export const earnedMs = (bytes: number, graceMs: number, minBytesPerSecond: number) =>
  graceMs + (bytes / minBytesPerSecond) * 1000;

/**
 * The connection closes once the answer is sent (`Connection: close`), so a body the request has not
 * sent yet is never received. Lingering close: a client still sending would get a reset, and lose the
 * answer, if the socket closed at once; what it sends for a moment is read and dropped, then it closes.
 * Call before the answer's head is written.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Connection', 'close');
  const socket = req.socket as Socket & { destroySoon(): void };
  socket.destroySoon = () => {
    socket.end();
    socket.on('data', () => undefined).resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
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
export function isPlainJsonBody(req: IncomingMessage): boolean {
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
export function readJsonBody(req: IncomingMessage & { body?: unknown }, done: (error?: unknown) => void): void {
  const chunks: Buffer[] = [];
  let ended = false;
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.once('error', () => {
    if (!ended) done(Object.assign(new Error('request aborted'), { status: 400, type: 'request.aborted' }));
    ended = true;
  });
  req.once('end', () => {
    ended = true;
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    try {
      refuseDeepJson(body);
    } catch (error) {
      return done(error);
    }
    let text = body.toString('utf8');
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

const MAX_JSON_DEPTH = 64;
const [QUOTE, BACKSLASH, OPEN_OBJECT, OPEN_ARRAY, CLOSE_OBJECT, CLOSE_ARRAY] = [0x22, 0x5c, 0x7b, 0x5b, 0x7d, 0x5d];

/**
 * No input is nested more than a few levels, but the tRPC adapter and error paths serialise
 * bodies recursively (a body nested thousands deep would overflow the stack there), and parsing
 * one costs the event loop a quarter of a second a megabyte. So the depth is read from the bytes
 * (brackets outside strings: ASCII bytes never occur inside a UTF-8 sequence), before any parse,
 * and a body too deep is a 400; malformed JSON is left to the parser.
 */
export function refuseDeepJson(body: Buffer): void {
  // Each level takes two bytes at least (its brackets): a shorter body cannot be that deep.
  if (body.length < 2 * MAX_JSON_DEPTH) return;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (++depth > MAX_JSON_DEPTH)
        throw Object.assign(new Error(`JSON body nested more than ${MAX_JSON_DEPTH} levels deep`), {
          status: 400,
          type: 'entity.too.deep',
        });
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) depth--;
  }
}

/**
 * Express gives each request and response its app's prototypes (`Object.setPrototypeOf`, per
 * request), and V8 then treats every object so changed as of a shape of its own, slow in Express
 * and in Node's HTTP code after it. Node builds them with those prototypes from the start here, so
 * Express's swap finds the prototype already in place and does nothing (docs/performance.md).
 */
export function expressPrototypes(app: Express) {
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
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
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
