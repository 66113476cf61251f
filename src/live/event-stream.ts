import type { RequestHandler, Response } from 'express';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import { errorHeaders } from '../trpc/error-handling.js';
import { badRequest, type ApiErrorBody } from '../platform/errors.js';
import { bearerToken, type AppServices } from '../trpc/trpc.js';
import type { LiveStream } from './live-stream.js';
import type { LiveKind } from './live.queries.js';
import { lastEventIdInput, openStream } from './open-stream.js';
import { HOME_CURSOR, homeCursor } from '../posts/posts.schemas.js';

export const EVENT_STREAM_PATHS = {
  '/live/feed': 'feed',
  '/live/notifications': 'notifications',
  '/live/home': 'home',
} as const;
const EVENT_NAME: Record<LiveKind, string> = { feed: 'post', notifications: 'notification', home: 'post' };

/**
 * GET /live/feed and GET /live/notifications for plain HTTP clients and browsers: the same
 * streams as the live.* subscriptions (openStream), written as text/event-stream with `id:`,
 * `event:` and `data:` per event and a heartbeat comment every LIVE_HEARTBEAT_MS. Authenticated
 * by the bearer header, or by `?ticket=` (POST /live/ticket) for EventSource; `Last-Event-ID`
 * (header, or `?lastEventId=`) resumes.
 */
export function eventStreamRoute(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    const kind = EVENT_STREAM_PATHS[req.path.replace(/(.)\/$/, '$1') as keyof typeof EVENT_STREAM_PATHS];
    // Express routes HEAD to GET handlers: a stream's head has no end, so a HEAD would hold a slot for nothing.
    if (req.method === 'HEAD') {
      res.set('Allow', 'GET');
      return refuse(
        res,
        new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: `HEAD is not supported on ${req.path}; use GET` }),
      );
    }
    let stream: LiveStream;
    // A client may leave while its stream opens: its 'close' comes before the stream exists.
    let left = false;
    res.once('close', () => (left = true));
    try {
      const lastEventId = parsed<number | string>(
        kind === 'home' ? homeCursor : lastEventIdInput,
        req.headers['last-event-id'] ?? req.query.lastEventId,
        kind === 'home'
          ? "Last-Event-ID is invalid: /live/home resumes after an item's cursor (<milliseconds>_<post id>; 0_0 replays from the start)"
          : 'Last-Event-ID is invalid: a stream resumes after an event id (a whole number; 0 replays from the start)',
      );
      // Repeated or bracketed (?ticket=a&ticket=b) is no ticket either: refused with the rest, 401.
      const query = req.query.ticket;
      const ticket = query === undefined ? undefined : typeof query === 'string' ? query : '';
      stream = await openStream(services, { kind, token: bearerToken(req.headers.authorization), ticket, lastEventId });
    } catch (error) {
      // Our own refusals answer as they are; a failing database goes to the one error handler (503).
      if (error instanceof TRPCError) return refuse(res, error);
      return next(error);
    }
    if (left) {
      stream.end('client');
      return;
    }

    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      // Proxies such as nginx must pass each event on at once.
      'X-Accel-Buffering': 'no',
    });
    res.write(': connected\n\n');
    const heartbeat = setInterval(() => {
      if (!res.writableNeedDrain) res.write(': heartbeat\n\n');
    }, services.config.LIVE_HEARTBEAT_MS);
    res.on('close', () => stream.end('client'));
    try {
      for await (const event of stream.events()) {
        if (!res.write(`id: ${event.cursor ?? event.id}\nevent: ${EVENT_NAME[kind]}\ndata: ${event.json}\n\n`))
          await drainedOrEnded(res, stream);
      }
    } catch (error) {
      services.logger.warn({ err: error }, 'live stream failed; the client resumes by id');
    } finally {
      clearInterval(heartbeat);
      stream.end('client');
      // A client that stopped reading would hold the socket while its buffer never drains.
      if (res.writableNeedDrain) res.destroy();
      else res.end();
    }
  };
}

function parsed<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
  refusal: string,
): T | undefined {
  if (value === undefined) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(refusal);
  return result.data;
}

function refuse(res: Response, error: TRPCError): void {
  res
    .set(errorHeaders([error]))
    .status(getHTTPStatusCodeFromError(error))
    .json({ message: error.message, code: error.code } satisfies ApiErrorBody);
}

/** Resolves when the socket can take more, or the stream has ended (a client too far behind). */
function drainedOrEnded(res: Response, stream: LiveStream): Promise<void> {
  let done!: () => void;
  const drained = new Promise<void>((resolve) => {
    done = resolve;
    res.once('drain', done);
    res.once('close', done);
  });
  return Promise.race([drained, stream.finished]).finally(() => {
    res.off('drain', done);
    res.off('close', done);
  });
}

/** An event id as a stream writes it: an integer, or for the home timeline an item's cursor. */
const idPattern = (kind: LiveKind) => (kind === 'home' ? HOME_CURSOR.source : '^\\d{1,10}$');

/** GET /live/feed, /live/notifications and /live/home as the OpenAPI document shows them. */
export function eventStreamPaths({ security, errors }: { security: object[]; errors: Record<number, object> }) {
  const operation = (kind: LiveKind, summary: string, shape: string) => ({
    get: {
      operationId: `live-${kind}-events`,
      summary,
      description:
        `Server-sent events (text/event-stream): each event has \`id:\` (${kind === 'home' ? "the item's cursor" : `the ${shape}'s id`}), \`event: ${EVENT_NAME[kind]}\` ` +
        `and \`data:\` (the ${shape} JSON); a \`: heartbeat\` comment comes every 15 s. With Last-Event-ID, ` +
        'everything after that id is replayed first, then the stream goes on live. Authenticate with the bearer ' +
        'header, or (EventSource, which cannot send one) with ?ticket= from POST /live/ticket. Each event is ' +
        'described by `x-itemSchema` (OpenAPI 3.2 `itemSchema`, in this 3.1 document as an extension).',
      tags: ['live'],
      // One event of the stream, as OpenAPI 3.2's itemSchema says it (3.1 has no such field); on the
      // operation, where the docs page shows extensions.
      'x-itemSchema': {
        type: 'object',
        required: ['id', 'event', 'data'],
        properties: {
          id: {
            type: 'string',
            pattern: idPattern(kind),
            description: kind === 'home' ? "The item's cursor" : `The ${shape}'s id`,
          },
          event: { const: EVENT_NAME[kind] },
          data: { $ref: `#/components/schemas/${shape}`, description: `The ${shape}, as JSON` },
        },
      },
      security,
      parameters: [
        {
          in: 'header',
          name: 'Last-Event-ID',
          description: kind === 'home' ? "Resume after this item's cursor" : 'Resume after this event id',
          schema: { type: 'string', pattern: idPattern(kind) },
        },
        {
          in: 'query',
          name: 'ticket',
          description: 'A one-time ticket from POST /live/ticket, instead of the bearer header (a browser EventSource)',
          schema: { type: 'string' },
        },
      ],
      responses: {
        200: {
          description: 'The stream',
          content: {
            'text/event-stream': {
              schema: { type: 'string', example: `id: 42\nevent: ${EVENT_NAME[kind]}\ndata: {…}\n\n` },
            },
          },
        },
        ...errors,
      },
    },
  });
  return {
    '/live/feed': operation('feed', 'New posts by the users the caller follows, as they are written', 'Post'),
    '/live/notifications': operation('notifications', "The caller's new notifications, as they happen", 'Notification'),
    '/live/home': operation(
      'home',
      "New items of the caller's home timeline (GET /posts/home), as they are written: posts of followed users and tags, and followed users' reposts",
      'HomeItem',
    ),
  };
}
