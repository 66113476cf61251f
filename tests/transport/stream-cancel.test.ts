import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { largeAnswerSlots } from '../../src/trpc/large-answers.js';
import { type TestUser, useHarness } from '../support/harness.js';

/**
 * A streamed answer says nothing until its statement's first row, and a large sort can take many
 * seconds to give one. A client that leaves meanwhile must not keep its large-answer slot and its
 * pool connection for all that time: the statement is cancelled when it leaves.
 */
const lines: string[] = [];
const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
const h = useHarness({ STREAMS_MAX: '1', STREAMS_PER_USER: '1' }, logger);
let reader: TestUser;

beforeAll(async () => {
  reader = await h.user();
  await h.caller(reader.token).posts.create({ title: 'one', content: 'post' });
});

it('a client that leaves before the first row has its statement cancelled, and its slot comes back at once', async () => {
  // Another session holds `posts`: the stream's statement waits, as a long sort would, with no row to send.
  const locker = new pg.Client({ connectionString: h.databaseUrl });
  await locker.connect();
  try {
    await locker.query('begin; lock table posts in access exclusive mode');
    const controller = new AbortController();
    const answer = fetch(`${h.baseUrl}/posts`, {
      headers: { authorization: `Bearer ${reader.token}` },
      signal: controller.signal,
    }).catch(() => 'left');
    await expect.poll(() => h.waitingOnLocks(), { timeout: 10_000 }).toBe(1);
    controller.abort();
    expect(await answer).toBe('left');
    // Cancelled while the lock is still held: nothing waits any more, and the slot is free.
    await expect.poll(() => h.waitingOnLocks(), { timeout: 5_000 }).toBe(0);
    await expect.poll(() => largeAnswerSlots(h.services).take(reader.id), { timeout: 5_000 }).toBeUndefined();
    largeAnswerSlots(h.services).release(reader.id);
  } finally {
    await locker.query('rollback').catch(() => undefined);
    await locker.end();
  }
  // The same stream answers in full afterwards, and nothing was logged as an error.
  const again = await h.request('GET', '/posts', { token: reader.token });
  expect(again.status).toBe(200);
  expect(again.body).toHaveLength(1);
  expect(lines.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
});
