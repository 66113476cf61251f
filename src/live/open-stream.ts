import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { authenticate } from '../auth/authenticate.js';
import { unauthorized } from '../platform/errors.js';
import type { AppServices } from '../trpc/trpc.js';
import type { LiveStream } from './live-stream.js';
import { deleteTicket, getHomeEventId, getStreamUserFor, type LiveKind, type StreamUser } from './live.queries.js';
import { cursorValues } from '../posts/home.queries.js';

export const newTicket = () => randomBytes(32).toString('base64url');
export const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A stream's starting point: the id of the last event the client has (SSE's Last-Event-ID). */
export const lastEventIdInput = z
  .string()
  .regex(/^\d{1,10}$/, 'must be the id of an event (an integer)')
  .transform(Number)
  .pipe(z.int().max(2_147_483_647, 'must be the id of an event (an integer)'));

/**
 * A ticket is a credential: any string is taken, and one that is not a ticket (a JWT pasted in by
 * mistake, a truncated one) is refused as an invalid credential, 401, never as malformed input.
 */
export const ticketInput = z.string().meta({ description: 'A ticket from POST /live/ticket' });
const TICKET = /^[\w-]{43}$/;

export interface StreamRequest {
  kind: LiveKind;
  /** The bearer token (a header, never a URL), or else a ticket from POST /live/ticket. */
  token: string | null;
  ticket?: string;
  /** An event's id; for the home timeline, an item's cursor. */
  lastEventId?: number | string;
}

/** The caller a bearer token or a ticket names; a ticket is used up by this. 401 otherwise. */
async function authenticateStream(services: AppServices, { token, ticket }: StreamRequest): Promise<StreamUser> {
  if (ticket !== undefined) {
    const user = TICKET.test(ticket) ? await deleteTicket(services.orm, ticketHash(ticket)) : null;
    if (!user) throw unauthorized('Invalid, used or expired ticket');
    return user;
  }
  // The session is checked open by the statement that reads the stream's session.
  const user = await authenticate(services, token, { sessionNow: false });
  return getStreamUserFor({ services, user, jsonAsText: false });
}

/** One way in for both transports (tRPC subscriptions and GET /live/*): authenticate, then open. */
export async function openStream(services: AppServices, request: StreamRequest): Promise<LiveStream> {
  const user = await authenticateStream(services, request);
  const { lastEventId } = request;
  const after =
    typeof lastEventId === 'string'
      ? await getHomeEventId(services.orm, cursorValues(lastEventId), services.config.LIVE_SETTLE_MAX_WAIT_MS)
      : lastEventId;
  return services.live.open(user, request.kind, after);
}
