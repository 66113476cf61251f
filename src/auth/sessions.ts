import type { EntityManager } from '@mikro-orm/postgresql';
import { SessionEntity } from './session.entity.js';

/** Deletes sessions that can no longer authenticate anything; returns how many. */
export function purgeExpiredSessions(em: EntityManager, now = new Date()): Promise<number> {
  return em.nativeDelete(SessionEntity, { expiresAt: { $lt: now } });
}
