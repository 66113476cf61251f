import { router } from '../trpc/trpc.js';
import { createEvent } from './create-event.js';
import { deleteEvent } from './delete-event.js';
import { getEvent } from './get-event.js';
import { listEvents } from './list-events.js';
import { replaceEvent } from './replace-event.js';

export const eventsRouter = router({
  list: listEvents,
  get: getEvent,
  create: createEvent,
  replace: replaceEvent,
  delete: deleteEvent,
});
