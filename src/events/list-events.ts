import { defineList } from '../trpc/lists.js';
import { pageInput } from '../trpc/schemas.js';
import { publicProcedure } from '../trpc/trpc.js';
import { EventRecord } from './events.schemas.js';
import { eventRecordsDocument, listEventRecords } from './events.queries.js';

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
  page: (ctx, input) => listEventRecords(ctx.em, input),
  whole: (ctx, input, bounds) => listEventRecords(ctx.em, { ...input, ...bounds }),
  document: (input) => eventRecordsDocument(input?.before),
});
