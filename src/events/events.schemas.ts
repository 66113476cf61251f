import { z } from 'zod';
import { idOutput, storedText, text, timestamp } from '../trpc/schemas.js';
import { EVENT_LOCATION_MAX, EVENT_NAME_MAX } from './event.entity.js';

export const EventRecord = z
  .object({
    id: idOutput,
    name: z.string(),
    description: z.string(),
    location: z.string(),
    dateTime: timestamp,
    UserId: idOutput.meta({ description: "The owner's user id", example: 1 }),
    createdAt: timestamp,
  })
  .meta({ id: 'Event' });

export type EventRecord = z.infer<typeof EventRecord>;

const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** PostgreSQL has no year 0, and an ISO timestamp past 9999 is not one it reads. */
const storableInstant = (dateTime: string) => {
  const instant = Date.parse(dateTime);
  return instant >= FIRST_INSTANT && instant <= LAST_INSTANT;
};

const EVENT_DESCRIPTION_MAX = 5_000;

/** The body of POST /events/ and PUT /events/{id}: every field but UserId is required. */
export const eventBody = {
  name: text(EVENT_NAME_MAX, 2 * EVENT_NAME_MAX),
  description: storedText(EVENT_DESCRIPTION_MAX, 2 * EVENT_DESCRIPTION_MAX),
  location: storedText(EVENT_LOCATION_MAX, 2 * EVENT_LOCATION_MAX),
  dateTime: z.iso
    .datetime({ offset: true })
    .refine(storableInstant, 'must fall between years 0001 and 9999 in UTC')
    .meta({
      description: 'ISO 8601 with a time zone (Z or an offset), years 0001 to 9999 in UTC; returned in UTC',
      example: '2026-12-01T18:30:00Z',
    }),
  UserId: idOutput.optional().meta({ description: "The owner: the caller's own id, or absent", example: 1 }),
};
