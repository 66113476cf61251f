import type { EntityManager } from '@mikro-orm/postgresql';
import { forbidden, notFound } from '../errors.js';
import { EventEntity, type IEvent } from './event.entity.js';
import type { EventRecord } from './events.schemas.js';

/** The one serializer of an event. */
export function toEventRecord(event: IEvent): EventRecord {
  return {
    id: event.id,
    name: event.name,
    description: event.description,
    location: event.location,
    dateTime: event.dateTime.toISOString(),
    UserId: event.owner.id,
    createdAt: event.createdAt.toISOString(),
  };
}

export async function findEventOr404(em: EntityManager, id: number): Promise<IEvent> {
  const event = await em.findOne(EventEntity, { id });
  if (!event) throw notFound('Event not found');
  return event;
}

/** Only an event's owner may replace or delete it. */
export async function findOwnEvent(em: EntityManager, id: number, userId: number): Promise<IEvent> {
  const event = await findEventOr404(em, id);
  if (event.owner.id !== userId) throw forbidden('Only the owner may change or delete this event');
  return event;
}

/** Nobody creates or moves an event into another user's name. */
export function assertOwnUserId(userId: number | undefined, callerId: number): void {
  if (userId !== undefined && userId !== callerId) throw forbidden('UserId must be your own user id');
}
