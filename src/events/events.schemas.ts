import { z } from 'zod';
import { text, timestamp } from '../schemas.js';

export const EventRecord = z
  .object({
    id: z.int(),
    name: z.string(),
    description: z.string(),
    location: z.string(),
    dateTime: timestamp,
    UserId: z.int().meta({ description: "The owner's user id" }),
    createdAt: timestamp,
  })
  .meta({ id: 'Event' });

export type EventRecord = z.infer<typeof EventRecord>;

/** The body of POST /events/ and PUT /events/{id}: every field but UserId is required. */
export const eventBody = {
  name: text(200),
  description: z.string().trim().max(5000),
  location: z.string().trim().max(300),
  dateTime: z.iso.datetime({ offset: true }).meta({
    description: 'ISO 8601 with a time zone (Z or an offset); returned in UTC',
    example: '2026-12-01T18:30:00Z',
  }),
  UserId: z.int().positive().optional().meta({ description: "The owner: the caller's own id, or absent" }),
};
