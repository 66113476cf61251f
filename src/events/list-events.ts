import { z } from 'zod';
import { LIST_SENT_WHOLE_UP_TO_BYTES, streamedRoute, unpaged } from '../trpc/streamed-route.js';
import { wholeList } from '../trpc/large-answers.js';
import { pageInput } from '../trpc/schemas.js';
import { publicProcedure } from '../trpc/trpc.js';
import { EventRecord } from './events.schemas.js';
import { eventRecordsDocument, listEventRecords } from './events.queries.js';

/** A page is one statement; unpaged over REST, the list is streamed by its twin, streamEvents below. */
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
  .query(({ ctx, input }) =>
    unpaged(input)
      ? // Anonymous callers share one user's large-answer slots (user 0: no user has that id).
        wholeList(ctx, `address:${ctx.clientAddress}`, {}, (limit, maxBytes) =>
          listEventRecords(ctx.em, { ...input, limit, maxBytes }),
        )
      : listEventRecords(ctx.em, input),
  );

/** The REST stream twin of listEvents (json-stream.ts): every event (after `before` when given), whole while short. */
export const streamEvents = streamedRoute({
  input: pageInput,
  streams: unpaged,
  anonymous: true,
  wholeUpTo: LIST_SENT_WHOLE_UP_TO_BYTES,
  document: (input) => eventRecordsDocument(input?.before),
});
