import { describe, expect, it, vi } from 'vitest';
import { PASSWORD } from '../support/harness.js';
import { useServiceProcesses } from '../support/service-process.js';
import { SseReader } from '../support/sse.js';

/**
 * The live feed as a subscriber sees it under concurrent writers: every acknowledged post arrives,
 * in increasing id order, once, on one process and across two sharing one database (with a resume
 * by Last-Event-ID on the other process half way). Bounded by the number of writes, not by time.
 * LIVE_DELIVERY_WRITES sets the writes per run (each run checks every one of them).
 */
vi.setConfig({ testTimeout: 600_000 });
const WRITES = Number(process.env.LIVE_DELIVERY_WRITES ?? 2_000);
const WRITERS = 8;
// Per-user write limits lifted: this is a load test.
const services = useServiceProcesses(2, { WRITE_LIMITS: 'off' });

async function login(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A subscriber following WRITERS authors, each logged in on the process it writes through. */
async function cast(writeTo: (writer: number) => string, readOn: string) {
  const reader = await services.h.user();
  const authors = [];
  for (let i = 0; i < WRITERS; i++) {
    const author = await services.h.user();
    await services.h.caller(reader.token).users.follow({ id: author.id });
    authors.push({ baseUrl: writeTo(i), token: await login(writeTo(i), author.email) });
  }
  return { authors, readerToken: await login(readOn, reader.email) };
}

async function open(baseUrl: string, token: string, lastEventId?: number): Promise<SseReader> {
  const stream = await SseReader.open(`${baseUrl}/live/feed`, {
    authorization: `Bearer ${token}`,
    ...(lastEventId !== undefined && { 'last-event-id': String(lastEventId) }),
  });
  services.streams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

/**
 * WRITERS concurrent loops write `count` posts in all; `halfway` runs once, when half are
 * acknowledged. Returns the ids acknowledged (201) and how many writes were answered otherwise.
 */
async function write(authors: { baseUrl: string; token: string }[], count: number, halfway?: () => Promise<void>) {
  const acknowledged: number[] = [];
  let started = 0;
  let refused = 0;
  let pausing: Promise<void> | undefined;
  await Promise.all(
    authors.map(async ({ baseUrl, token }) => {
      while (started < count) {
        started++;
        if (halfway && !pausing && acknowledged.length >= count / 2) pausing = halfway();
        const response = await fetch(`${baseUrl}/posts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: `load ${started}`, content: 'live delivery' }),
          signal: AbortSignal.timeout(60_000),
        });
        const body = (await response.json()) as { id: number };
        if (response.status === 201) acknowledged.push(body.id);
        else refused++;
      }
    }),
  );
  await pausing;
  return { acknowledged, refused };
}

/** Waits until every acknowledged id has arrived on `streams` (generously), then checks the whole delivery. */
async function expectDelivered(acknowledged: number[], delivered: () => number[], last: SseReader) {
  const missing = () => {
    const seen = new Set(delivered());
    return acknowledged.filter((id) => !seen.has(id));
  };
  // A loss shows as a timeout here: the report names the missing ids.
  await last.until(() => missing().length === 0, 'every acknowledged post', 60_000).catch(() => undefined);
  const ids = delivered();
  const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
  const outOfOrder = ids.filter((id, i) => i > 0 && id <= ids[i - 1]!);
  console.log(
    `live delivery: ${acknowledged.length} acknowledged, ${ids.length} delivered, ${missing().length} missing, ` +
      `${duplicates.length} duplicated, ${outOfOrder.length} out of order`,
  );
  expect({ missing: missing(), duplicates, outOfOrder }).toEqual({ missing: [], duplicates: [], outOfOrder: [] });
}

const idsOf = (...readers: SseReader[]) => readers.flatMap((reader) => reader.events.map((event) => Number(event.id)));

describe('the live feed under concurrent writers', () => {
  it('one process: a subscriber that stays connected gets every acknowledged post, in id order', async () => {
    const [a] = services.processes.map((service) => service.baseUrl) as [string];
    const { authors, readerToken } = await cast(() => a, a);
    const feed = await open(a, readerToken);
    const { acknowledged, refused } = await write(authors, WRITES);
    expect(acknowledged.length).toBeGreaterThan(WRITES * 0.9);
    console.log(`one process: ${refused} writes not acknowledged`);
    await expectDelivered(acknowledged, () => idsOf(feed), feed);
  });

  it('two processes: writes through both, a subscriber on one resuming on the other by Last-Event-ID', async () => {
    const [a, b] = services.processes.map((service) => service.baseUrl) as [string, string];
    const { authors, readerToken } = await cast((writer) => (writer % 2 === 0 ? a : b), a);
    const first = await open(a, readerToken);
    let second: SseReader | undefined;
    const { acknowledged, refused } = await write(authors, WRITES, async () => {
      first.close();
      await first.ended;
      second = await open(b, readerToken, idsOf(first).at(-1));
    });
    expect(acknowledged.length).toBeGreaterThan(WRITES * 0.9);
    console.log(`two processes: ${refused} writes not acknowledged, resumed after ${idsOf(first).length} events`);
    await expectDelivered(acknowledged, () => idsOf(first, second!), second!);
  });
});
