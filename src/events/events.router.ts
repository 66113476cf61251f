import type { StreamedRoute } from '../trpc/streamed-route.js';
import { router } from '../trpc/trpc.js';
import { createEvent } from './create-event.js';
import { deleteEvent } from './delete-event.js';
import { getEvent } from './get-event.js';
import { listEvents, streamEvents } from './list-events.js';
import { replaceEvent } from './replace-event.js';

export const eventsRouter = router({
  list: listEvents,
  get: getEvent,
  create: createEvent,
  replace: replaceEvent,
  delete: deleteEvent,
});

/** REST stream twins of the procedures above, by name (json-stream.ts). */
export const eventsStreams = { list: streamEvents } satisfies { [name in keyof typeof eventsRouter]?: StreamedRoute };
