import type { FilterQuery } from '@mikro-orm/core';
import { z } from 'zod';
import { badRequest } from '../errors.js';
import { pageInput } from '../schemas.js';
import { publicProcedure } from '../trpc.js';
import { toEventRecord } from './event-access.js';
import { EventEntity, type IEvent } from './event.entity.js';
import { EventRecord } from './events.schemas.js';

export const listEvents = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/events',
      tags: ['events'],
      protect: false,
      summary: 'All events, latest dateTime first',
    },
  })
  .input(pageInput)
  .output(z.array(EventRecord))
  .query(async ({ ctx, input: { limit, before } = {} }) => {
    let where: FilterQuery<IEvent> = {};
    if (before !== undefined) {
      const cursor = await ctx.em.findOne(EventEntity, { id: before }, { fields: ['dateTime'] });
      if (!cursor) throw badRequest('before names no event');
      where = { $or: [{ dateTime: { $lt: cursor.dateTime } }, { dateTime: cursor.dateTime, id: { $lt: before } }] };
    }
    const events = await ctx.em.find(EventEntity, where, { orderBy: { dateTime: 'desc', id: 'desc' }, limit });
    return events.map(toEventRecord);
  });
