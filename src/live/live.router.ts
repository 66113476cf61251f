import { tracked } from '@trpc/server';
import { z } from 'zod';
import { unauthorized, unavailable } from '../platform/errors.js';
import type { Notification } from '../notifications/notifications.schemas.js';
import { homeCursor, type HomeItem, type Post } from '../posts/posts.schemas.js';
import { publicProcedure, router, type Context } from '../trpc/trpc.js';
import { sessionProcedure } from '../auth/procedures.js';
import type { LiveKind } from './live.queries.js';
import { lastEventIdInput, newTicket, openStream, ticketHash, ticketInput } from './open-stream.js';
import { insertTicketFor, TICKET_TTL_SECONDS } from './live.queries.js';

const streamInput = z
  .object({
    /** Set by the client link on a reconnect (the id of the last event it got). */
    lastEventId: lastEventIdInput.optional(),
    ticket: ticketInput.optional(),
  })
  .optional();

/** The home timeline's stream: it resumes after an item's cursor. */
const homeStreamInput = z.object({ lastEventId: homeCursor.optional(), ticket: ticketInput.optional() }).optional();

/**
 * A tRPC subscription over the live stream: tracked events (the id is the post's or the
 * notification's), so httpSubscriptionLink resumes with `lastEventId` after a reconnect. The
 * stream is open (listening, its start read) before the client hears it has started. A stream
 * that fell behind or whose process is stopping ends with a retryable 503 (the client reconnects
 * and resumes); one whose session ended, with a 401.
 */
async function subscribe<T>(
  ctx: Context,
  kind: LiveKind,
  input: z.infer<typeof streamInput> | z.infer<typeof homeStreamInput>,
  signal?: AbortSignal,
) {
  const stream = await openStream(ctx.services, { kind, token: ctx.token, ...input });
  const stop = () => stream.end('client');
  signal?.addEventListener('abort', stop);
  // A client that left while the stream opened aborted before there was a listener.
  if (signal?.aborted) stop();
  // Ended by the server (behind, session, shutdown): the HTTP answer must end too, read or not.
  void stream.finished.then(() => stream.ended !== 'client' && ctx.closeUnlessAnswerEnds?.());
  return (async function* () {
    try {
      for await (const event of stream.events())
        yield tracked(event.cursor ?? String(event.id), JSON.parse(event.json) as T);
    } finally {
      signal?.removeEventListener('abort', stop);
      stop();
    }
    if (stream.ended === 'session') throw unauthorized('Session has ended');
    if (stream.ended !== 'client') throw unavailable('Stream interrupted; resume from the last event');
  })();
}

export const liveRouter = router({
  ticket: sessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/live/ticket',
        tags: ['live'],
        summary: 'A single-use ticket for a browser EventSource',
        description: `EventSource cannot send an Authorization header, and a bearer token must never travel in a URL: open GET /live/feed?ticket=… or /live/notifications?ticket=… within ${TICKET_TTL_SECONDS} s instead. A ticket works once and belongs to the session that asked for it.`,
      },
    })
    .input(z.void())
    .output(z.object({ ticket: z.string(), expiresInSeconds: z.int().min(1).max(TICKET_TTL_SECONDS) }))
    .mutation(async ({ ctx }) => {
      const ticket = newTicket();
      await insertTicketFor(ctx, ticketHash(ticket));
      return { ticket, expiresInSeconds: TICKET_TTL_SECONDS };
    }),
  feed: publicProcedure
    .input(streamInput)
    .subscription(({ ctx, input, signal }) => subscribe<Post>(ctx, 'feed', input, signal)),
  notifications: publicProcedure
    .input(streamInput)
    .subscription(({ ctx, input, signal }) => subscribe<Notification>(ctx, 'notifications', input, signal)),
  home: publicProcedure
    .input(homeStreamInput)
    .subscription(({ ctx, input, signal }) => subscribe<HomeItem>(ctx, 'home', input, signal)),
});
