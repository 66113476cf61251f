import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, forbidden, notFound } from '../platform/errors.js';
import type { Page } from '../trpc/schemas.js';
import {
  type Database,
  type DriverStatement,
  findRow,
  isoTimestamp,
  jsonFragment,
  jsonObject,
  namedStatement,
  runRows,
  StatementValues,
} from '../db/sql.js';
import { EventEntity } from './event.entity.js';
import { EventRecord } from './events.schemas.js';

export const EVENT_NOT_FOUND = 'Event not found';

/** An event as the API shows it (EventRecord). */
export const eventJson = jsonFragment(EventRecord, (e: string) =>
  jsonObject(`select ${e}.id, ${e}.name, ${e}.description, ${e}.location,
    ${isoTimestamp(`${e}.date_time`)} as "dateTime", ${e}.owner_id as "UserId", ${isoTimestamp(`${e}.created_at`)} as "createdAt"`),
);

type JsonRow = { json: EventRecord };

/** An event's fields as the API takes them (dateTime as ISO 8601). */
export interface EventFields {
  name: string;
  description: string;
  location: string;
  dateTime: string;
}

/** dateTime as the instant it names, in UTC: what PostgreSQL reads the same whatever this process's time zone. */
const instant = (dateTime: string) => new Date(dateTime).toISOString();

const EVENT_JSON = namedStatement('event_json', `select ${eventJson('e')} as json from events e where e.id = $1`);

/** The event, or 404. */
export async function getEventById(db: Database, id: number): Promise<EventRecord> {
  const row = await findRow<JsonRow>(db, EVENT_JSON, [id]);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return row.json;
}

const EVENT_OWNER = namedStatement('event_owner', 'select owner_id from events where id = $1');

/** Only an event's owner may replace or delete it: 404 when there is no such event, 403 when it is someone else's. */
export async function assertEventOwner(db: Database, id: number, userId: number): Promise<void> {
  const event = await findRow<{ owner_id: number }>(db, EVENT_OWNER, [id]);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  if (event.owner_id !== userId) throw forbidden('Only the owner may change or delete this event');
}

const EVENT_CURSOR = namedStatement('event_exists', 'select 1 from events where id = $1');

/**
 * Events, latest dateTime first (ties by id), JSON as text, a keyset page after the event `before`
 * names when asked: the list's one statement (list-events.ts).
 */
export function selectEventRecords({ limit, before }: Page): DriverStatement {
  const values = new StatementValues();
  const after =
    before === undefined
      ? ''
      : `where (e.date_time, e.id) < (select b.date_time, b.id from events b where b.id = ${values.add(before)})`;
  const page = limit === undefined ? '' : `limit ${values.add(limit)}`;
  return {
    text: `select ${eventJson('e')}::text as json from events e ${after} order by e.date_time desc, e.id desc ${page}`,
    values: values.values,
  };
}

/** For an empty list: 400 when `before` names no event (else it is the end of the list). */
export async function assertEventCursor(db: Database, before: number | undefined): Promise<void> {
  if (before !== undefined && (await runRows(db, EVENT_CURSOR, [before])).length === 0) {
    throw badRequest('before names no event');
  }
}

const INSERT_EVENT = namedStatement(
  'event_insert',
  `insert into events (name, description, location, date_time, owner_id) values ($1, $2, $3, $4, $5)
    returning ${eventJson('events')} as json`,
);

/** Creates the event and answers it: one statement. */
export async function insertEvent(db: Database, ownerId: number, fields: EventFields): Promise<EventRecord> {
  const { name, description, location, dateTime } = fields;
  const [row] = await runRows<JsonRow>(db, INSERT_EVENT, [name, description, location, instant(dateTime), ownerId]);
  return row!.json;
}

const UPDATE_EVENT_AS_OWNER = namedStatement(
  'event_update_as_owner',
  `update events e set name = $3, description = $4, location = $5, date_time = $6
    where e.id = $1 and e.owner_id = $2 returning ${eventJson('e')} as json`,
);

/** Replaces the event's fields if `userId` owns it and answers it: one statement; null when none such or not theirs. */
export async function updateEventAsOwner(
  db: Database,
  id: number,
  userId: number,
  { name, description, location, dateTime }: EventFields,
): Promise<EventRecord | null> {
  const values = [id, userId, name, description, location, instant(dateTime)];
  return (await findRow<JsonRow>(db, UPDATE_EVENT_AS_OWNER, values))?.json ?? null;
}

/** Deletes the event if `userId` owns it; how many rows went (0: none such, or not theirs). */
export const deleteEventAsOwner = (em: EntityManager, id: number, userId: number) =>
  em.nativeDelete(EventEntity, { id, owner: userId });
