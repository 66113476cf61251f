import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

export const Event = defineEntity({
  name: 'Event',
  tableName: 'events',
  properties: (p) => ({
    id: p.integer().primary(),
    name: p.string().length(200),
    description: p.text().default(''),
    location: p.string().length(300).default(''),
    dateTime: p.datetime(3),
    owner: p.manyToOne(User).deleteRule('cascade').index('events_owner_id_index'),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
  indexes: [{ name: 'events_date_time_index', properties: ['dateTime', 'id'] }],
});

export type IEvent = InferEntity<typeof Event>;
