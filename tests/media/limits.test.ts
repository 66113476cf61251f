import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DAILY_QUOTA_FULL } from '../../src/media/uploads.js';
import { Harness, type TestUser } from '../support/harness.js';
import { noise } from './images.js';
import { skipped, storagesOfThisFile, storageConfig } from './storages.js';

/** The daily upload quota, held in PostgreSQL across two apps, and the processing queue's refusals. */

const FILES = 3;
const QUEUE = 8;

/** How long a refusal may take to come before the slow body is sent whole (only a failure waits that long). */
const ANSWER_DEADLINE_MS = 10_000;

/**
 * A multipart upload whose body comes slowly: its head and 16 KB of a 1 MB file part, then nothing
 * until the answer comes (or ANSWER_DEADLINE_MS passes: then the rest, so a service that waits for
 * the whole body answers all the same). Says whether the answer came before the body was sent whole.
 */
function slowMultipart(url: string, token: string) {
  const boundary = `slow${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
  );
  const file = Buffer.alloc(1_000_000, 0xff);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const first = 16 * 1024;
  return new Promise<{ status: number; body: unknown; beforeBodyEnded: boolean }>((resolve, reject) => {
    let ended = false;
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + file.length + tail.length,
      },
    });
    const rest = setTimeout(() => {
      ended = true;
      req.end(Buffer.concat([file.subarray(first), tail]));
    }, ANSWER_DEADLINE_MS);
    req.on('response', (res) => {
      const beforeBodyEnded = !ended;
      clearTimeout(rest);
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()), beforeBodyEnded });
        req.destroy();
      });
    });
    req.on('error', (error) => (ended ? undefined : reject(error)));
    req.write(Buffer.concat([head, file.subarray(0, first)]));
  });
}

const flat = (seed: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: seed % 256, g: 90, b: 120 } } })
    .jpeg()
    .toBuffer();

describe.each(storagesOfThisFile())('upload limits on %s', (storage) => {
  const skip = skipped(storage);
  let a: Harness;
  let b: Harness;
  let big: Buffer;
  let cleanup = () => {};
  beforeAll(async () => {
    if (skip) return;
    big = await noise(500, 400).jpeg({ quality: 90 }).toBuffer();
    const settings = await storageConfig(storage);
    cleanup = settings.cleanup;
    const config = {
      ...settings.config,
      MEDIA_DAILY_FILES: String(FILES),
      // Two of `big` fit within the files quota; the bytes refuse the second.
      MEDIA_DAILY_BYTES: String(Math.floor(big.length * 1.5)),
      MEDIA_PROCESS_MAX: '1',
      MEDIA_QUEUE_MAX: String(QUEUE),
      MEDIA_QUEUE_PER_USER: String(QUEUE),
    };
    a = await Harness.start(config);
    b = await Harness.attach(a.databaseUrl, config);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    cleanup();
  });

  const upload = (h: Harness, user: TestUser, body: Buffer) =>
    fetch(`${h.baseUrl}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'image/jpeg' },
      body,
    });

  const quotaOf = async (user: TestUser) =>
    (await a.orm.em.fork().execute<{ files: number }[]>(`select files from media_quotas where user_id = ${user.id}`))[0]
      ?.files ?? 0;

  it.skipIf(skip)('parallel uploads through two apps over the daily quota: exactly the quota succeeds', async () => {
    const ada = await a.user();
    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => upload(i % 2 ? b : a, ada, await flat(i))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201 || status === 202)).toHaveLength(FILES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8 - FILES);
    for (const answer of answers.filter((answer) => answer.status === 429)) {
      expect(await answer.json()).toEqual({ message: DAILY_QUOTA_FULL, code: 'TOO_MANY_REQUESTS' });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const [{ n }] = await a.orm.em
      .fork()
      .execute<[{ n: number }]>(`select count(*)::int as n from media where owner_id = ${ada.id}`);
    expect(n).toBe(FILES);
  });

  it.skipIf(skip)('the quota counts bytes too', async () => {
    const bob = await a.user();
    expect([201, 202]).toContain((await upload(a, bob, big)).status);
    const refused = await upload(b, bob, big);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ message: DAILY_QUOTA_FULL });
    expect([201, 202]).toContain((await upload(b, bob, await flat(1))).status);
  });

  it.skipIf(skip)(
    'a full queue is 429 for its user and 503 for all, with Retry-After; neither uses the quota',
    async () => {
      const [cy, dee] = [await a.user(), await a.user()];
      const { processor } = a.services.media;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // Cy holds every place a user may; then others fill the queue (one running, QUEUE waiting).
      const places = Array.from({ length: QUEUE }, () => processor.inTurn(cy.id, () => held));
      try {
        const perUser = await upload(a, cy, await flat(2));
        expect(perUser.status).toBe(429);
        expect(await perUser.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
        expect(Number(perUser.headers.get('retry-after'))).toBeGreaterThan(0);
        places.push(processor.inTurn(-1, () => held));
        const full = await upload(a, dee, await flat(3));
        expect(full.status).toBe(503);
        // A 503 names nothing internal (error-handling.ts): the queue's own message stays in the log.
        expect(await full.json()).toEqual({ message: 'Service temporarily unavailable', code: 'SERVICE_UNAVAILABLE' });
        expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await quotaOf(cy)).toBe(0);
        expect(await quotaOf(dee)).toBe(0);
      } finally {
        release();
        await Promise.all(places);
      }
    },
  );

  it.skipIf(skip)('a full queue refuses an upload before reading its body: bodies held stay bounded', async () => {
    const eve = await a.user();
    const { processor } = a.services.media;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // One running and QUEUE waiting: every place of the process is taken.
    const places = Array.from({ length: QUEUE + 1 }, (_, i) => processor.inTurn(-1 - i, () => held));
    let pulled = false;
    const image = await flat(4);
    // A stream, as REST hands the procedure a raw body; read only when asked (highWaterMark 0).
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.enqueue(image);
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    try {
      const refused = await a
        .caller(eve.token)
        .media.upload(body as unknown as Blob)
        .catch((error: { code: string }) => error.code);
      expect(refused).toBe('SERVICE_UNAVAILABLE');
      expect(pulled).toBe(false);
    } finally {
      release();
      await Promise.all(places);
    }
  });

  it.skipIf(skip)(
    'a flood of slow multipart uploads on REST and /trpc is refused before their bodies are read',
    async () => {
      const [fay, gus, hal] = [await a.user(), await a.user(), await a.user()];
      const { processor } = a.services.media;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // Fay holds every place a user may, another the last one of the process.
      const places = Array.from({ length: QUEUE }, () => processor.inTurn(fay.id, () => held));
      places.push(processor.inTurn(-1, () => held));
      try {
        const senders = [gus, hal, gus, hal, fay];
        const answers = await Promise.all(
          senders.flatMap((user) => [
            slowMultipart(`${a.baseUrl}/media`, user.token),
            slowMultipart(`${a.baseUrl}/trpc/media.upload`, user.token),
          ]),
        );
        expect(answers.map((answer) => answer.beforeBodyEnded)).toEqual(answers.map(() => true));
        const [restFay, trpcFay] = answers.slice(-2);
        expect(restFay).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
        expect(trpcFay).toMatchObject({ status: 429, body: { error: { data: { code: 'TOO_MANY_REQUESTS' } } } });
        for (let i = 0; i < answers.length - 2; i += 2) {
          expect(answers[i]).toEqual({
            status: 503,
            body: { message: 'Service temporarily unavailable', code: 'SERVICE_UNAVAILABLE' },
            beforeBodyEnded: true,
          });
          expect(answers[i + 1]).toMatchObject({
            status: 503,
            body: { error: { message: 'Service temporarily unavailable', data: { code: 'SERVICE_UNAVAILABLE' } } },
          });
        }
        expect(processor.load).toEqual({ running: 1, waiting: QUEUE });
      } finally {
        release();
        await Promise.all(places);
      }
    },
  );
});
