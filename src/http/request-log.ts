import { randomUUID } from 'node:crypto';
import { IncomingMessage, type ServerResponse } from 'node:http';
import { scrubSecrets, type Logger } from '../platform/logger.js';

const REQUEST_ID = Symbol('requestId');
const BASE_LOGGER = Symbol('baseLogger');
const REQUEST_LOGGER = Symbol('requestLogger');

declare module 'http' {
  interface IncomingMessage {
    /** This request's logger: every line it writes names the request. */
    log?: Logger;
    /** This request's id (X-Request-Id). */
    [REQUEST_ID]?: string;
    /** The logger `log` is a child of. */
    [BASE_LOGGER]?: Logger;
    /** `log`, once built. */
    [REQUEST_LOGGER]?: Logger;
  }
}

// One getter on the prototype, not one defined on every request: defining an accessor on each
// request object is costly. The child logger is built when something logs: most requests at
// `warn` never do, and it is not free.
Object.defineProperty(IncomingMessage.prototype, 'log', {
  configurable: true,
  get(this: IncomingMessage) {
    const base = this[BASE_LOGGER];
    if (!base) return undefined;
    return (this[REQUEST_LOGGER] ??= base.child({
      req: { id: this[REQUEST_ID], method: this.method, url: loggedUrl(this) },
    }));
  },
});

const SANE_REQUEST_ID = /^[\w.:-]{1,100}$/;
const UNLOGGED_PATHS = new Set(['/healthz', '/readyz']);

/** The request's id, once requestLogging has seen it: every answer sends it as X-Request-Id (http.ts). */
export const requestIdOf = (req: IncomingMessage): string | undefined => req[REQUEST_ID];

/**
 * Gives every request an id (a sane incoming X-Request-Id, or a new one: requestIdOf), gives the
 * request a logger bound to it, and at `info` logs each response's method, path, status and time:
 * no headers, bodies or tokens (pino-http's work, for less CPU per request).
 * A step of the app's first middleware (http.ts), run for every request; allocates no closure
 * unless responses are logged.
 */
export function requestLogging(logger: Logger): (req: IncomingMessage, res: ServerResponse) => void {
  const logsRequests = logger.isLevelEnabled('info');
  return (req, res) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req[REQUEST_ID] = id;
    req[BASE_LOGGER] = logger;
    if (logsRequests && !UNLOGGED_PATHS.has(req.url!)) {
      const startedAt = performance.now();
      res.once('close', () => {
        const outcome = !res.writableFinished
          ? 'request aborted'
          : res.statusCode >= 500
            ? 'request errored'
            : 'request completed';
        req.log!.info(
          { res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - startedAt) },
          outcome,
        );
      });
    }
  };
}

/** Query parameters whose values are logged: paging, which carries nothing personal. */
const LOGGED_QUERY_VALUES = new Set(['limit', 'before']);

/**
 * The URL as the client sent it (Express rewrites `url` under a mount such as /trpc), with every
 * query value but paging's replaced by `[…]`: a query can carry a credential (a live ticket, a
 * tRPC `input`, a password or an email sent where it does not belong), and none is ever logged.
 */
function loggedUrl(req: IncomingMessage & { originalUrl?: string }): string {
  const url = req.originalUrl ?? req.url ?? '';
  const query = url.indexOf('?');
  // A path can carry one too (a token or an email pasted where an id belongs): scrubbed as messages are.
  if (query < 0) return upTo(LOGGED_URL_MAX, scrubSecrets(url));
  const parameters = url
    .slice(query + 1)
    .split('&')
    .map((parameter) => {
      const name = parameter.split('=', 1)[0]!;
      return name === parameter || LOGGED_QUERY_VALUES.has(name) ? parameter : `${name}=[…]`;
    });
  return upTo(LOGGED_URL_MAX, `${scrubSecrets(url.slice(0, query))}?${parameters.join('&')}`);
}

/** How much of a URL a log line holds: a request line may be as long as the header limit (16 KB). */
export const LOGGED_URL_MAX = 512;

/** `text`, cut to `max` characters (an ellipsis last) when longer. */
const upTo = (max: number, text: string) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
