import { defineEntity } from '@mikro-orm/core';

/**
 * A process's LISTEN connection, by its backend pid, while it listens: the NOTIFY triggers of
 * posts and notifications send only when a row is here (an ended session always notifies).
 * PostgreSQL serialises the commits of notifying transactions on one lock, so a NOTIFY nobody
 * hears slows every write. A row whose backend is gone is deleted by the next process to register.
 */
export const LiveListenerEntity = defineEntity({
  name: 'LiveListener',
  tableName: 'live_listeners',
  properties: (p) => ({
    pid: p.integer().primary().autoincrement(false),
    since: p.datetime(3).defaultRaw('now()'),
  }),
});
