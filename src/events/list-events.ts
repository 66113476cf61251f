import { defineList } from '../trpc/lists.js';
import { pageInput } from '../trpc/schemas.js';
import { publicProcedure } from '../trpc/trpc.js';
import { EventRecord } from './events.schemas.js';
import { assertEventCursor, selectEventRecords } from './events.queries.js';

/** Every event, latest dateTime first: public. */
export const listEvents = defineList(publicProcedure, {
  openapi: {
    path: '/events',
    tags: ['events'],
    protect: false,
    summary: 'All events, latest dateTime first',
  },
  input: pageInput,
  item: EventRecord,
  anonymous: true,
  rows: selectEventRecords,
  whenEmpty: (ctx, { before }) => assertEventCursor(ctx.services.orm, before),
});
