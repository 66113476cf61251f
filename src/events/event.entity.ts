import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { UserEntity } from '../users/user.entity.js';

/** Column sizes, which the input schemas take their limits from. */
export const EVENT_NAME_MAX = 200;
export const EVENT_LOCATION_MAX = 300;

export const EventEntity = defineEntity({
  name: 'Event',
  tableName: 'events',
  properties: (p) => ({
    id: p.integer().primary(),
    name: p.string().length(EVENT_NAME_MAX),
    description: p.text().default(''),
    location: p.string().length(EVENT_LOCATION_MAX).default(''),
    dateTime: p.datetime(3),
    owner: p.manyToOne(UserEntity).deleteRule('cascade').index('events_owner_id_index'),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
  indexes: [{ name: 'events_date_time_index', properties: ['dateTime', 'id'] }],
});

export type IEvent = InferEntity<typeof EventEntity>;
