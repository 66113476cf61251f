import { defineEntity } from '@mikro-orm/core';
import { SessionEntity } from '../auth/session.entity.js';

/**
 * A single-use ticket for a browser's EventSource (which cannot send a bearer header), kept in
 * PostgreSQL so any process accepts it. Only its SHA-256 is stored; it belongs to the session that
 * asked for it, so a stream opened with it ends with that session.
 */
export const LiveTicketEntity = defineEntity({
  name: 'LiveTicket',
  tableName: 'live_tickets',
  properties: (p) => ({
    hash: p.string().length(64).primary(),
    session: p.manyToOne(SessionEntity).deleteRule('cascade').index('live_tickets_session_index'),
    expiresAt: p.datetime(3).index('live_tickets_expires_at_index'),
  }),
});
