import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MULTIPART_MAX_HEADER_BYTES, MULTIPART_MAX_PARTS } from '../../src/http/upload-body.js';
import type { Harness } from '../support/harness.js';
import { skipped, storagesOfThisFile, useMediaHarness } from './storages.js';

/**
 * An upload's body as it arrives (src/http/upload-body.ts), on every transport that takes one: a body
 * that will not come whole ends every read of it and gives its place back, a trickle is cut, and a
 * multipart body with too many parts is refused from its bytes.
 */

const GRACE_MS = 500;
const BOUNDARY = 'b0undary';

/** Each transport's request for an upload: its path, content type, and the body around an image. */
const TRANSPORTS = {
  'REST raw': { path: '/media', type: 'image/jpeg', wrap: (image: Buffer) => image },
  'REST multipart': { path: '/media', type: `multipart/form-data; boundary=${BOUNDARY}`, wrap: multipart },
  '/trpc binary': { path: '/trpc/media.upload', type: 'application/octet-stream', wrap: (image: Buffer) => image },
  '/trpc FormData': { path: '/trpc/media.upload', type: `multipart/form-data; boundary=${BOUNDARY}`, wrap: multipart },
} as const;

function multipart(image: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/**
 * Sends a request's head and `first` bytes of `body`, then: 'abort' (hangs up after a moment),
 * 'trickle' (a byte every 200 ms until answered), or 'rest' (the rest). Resolves with the status
 * answered (0 for none) once the connection is closed.
 */
function send(
  h: Harness,
  token: string,
  { path, type }: { path: string; type: string },
  body: Buffer,
  first: number,
  then: 'abort' | 'trickle' | 'rest',
  chunked = false,
): Promise<number> {
  const socket = connect(Number(new URL(h.baseUrl).port), '127.0.0.1');
  const length = chunked ? 'transfer-encoding: chunked' : `content-length: ${body.length}`;
  const frame = (bytes: Buffer) =>
    chunked ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]) : bytes;
  let status = 0;
  let timer: NodeJS.Timeout | undefined;
  return new Promise((resolve) => {
    // Answered: that is the status (the connection is closed, if the server has not).
    socket.once('data', (data) => {
      status = Number(/^HTTP\/1\.1 (\d+)/.exec(data.toString())?.[1] ?? 0);
      clearInterval(timer);
      socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(status);
    });
    socket.write(
      `POST ${path} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${token}\r\ncontent-type: ${type}\r\n${length}\r\n\r\n`,
    );
    socket.write(frame(body.subarray(0, first)));
    let at = first;
    if (then === 'abort') setTimeout(() => socket.destroy(), 200);
    else if (then === 'trickle')
      timer = setInterval(() => {
        if (at < body.length) socket.write(frame(body.subarray(at, ++at)));
      }, 200);
    else socket.write(Buffer.concat([frame(body.subarray(first)), Buffer.from(chunked ? '0\r\n\r\n' : '')]));
  });
}

/** Waits until nothing of the app's uploads is left: no place held, no upload call reading or processing. */
async function settled(h: Harness): Promise<{ places: number; underWay: number }> {
  const { processor, uploadsUnderWay } = h.services.media;
  const deadline = Date.now() + 10_000;
  while ((processor.placesHeld > 0 || uploadsUnderWay.size > 0) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return { places: processor.placesHeld, underWay: uploadsUnderWay.size };
}

describe.each(storagesOfThisFile())('upload bodies on %s', (storage) => {
  const skip = skipped(storage);
  const h = useMediaHarness(storage, {
    MEDIA_MIN_BODY_BYTES_PER_SECOND: '16384',
    MEDIA_BODY_GRACE_MS: String(GRACE_MS),
    MEDIA_MAX_BYTES: '1000000',
    MEDIA_QUEUE_MAX: '32',
    MEDIA_QUEUE_PER_USER: '32',
  });
  const image = () =>
    sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 30, g: 90, b: 120 } } })
      .jpeg()
      .toBuffer();

  it.skipIf(skip)('a body that will not come whole ends every read of it, and gives its place back', async () => {
    const user = await h.user();
    const big = Buffer.concat([await image(), Buffer.alloc(500_000, 7)]);
    const cut: Promise<number>[] = [];
    for (const transport of Object.values(TRANSPORTS)) {
      const body = transport.wrap(big);
      // The client hangs up mid-body (declared length, and chunked).
      cut.push(send(h, user.token, transport, body, 100_000, 'abort'));
      cut.push(send(h, user.token, transport, body, 100_000, 'abort', true));
    }
    // A chunked body over the cap: 413, and the connection closed.
    const over = Buffer.alloc(1_200_000, 1);
    const overCap = [
      send(h, user.token, TRANSPORTS['/trpc binary'], over, over.length, 'rest', true),
      send(h, user.token, TRANSPORTS['REST raw'], over, over.length, 'rest', true),
    ];
    await Promise.all(cut);
    const statuses = await Promise.all(overCap);
    expect({ ...(await settled(h)), statuses }).toEqual({ places: 0, underWay: 0, statuses: [413, 413] });
    // And the user's next upload goes through.
    const next = await send(h, user.token, TRANSPORTS['/trpc binary'], await image(), 0, 'rest');
    expect(next).toBe(200);
  });

  it.skipIf(skip)('a body that trickles is cut with 408 after the grace, on every transport', async () => {
    const user = await h.user();
    const body = Buffer.concat([await image(), Buffer.alloc(200_000, 7)]);
    const started = performance.now();
    const statuses = await Promise.all(
      Object.values(TRANSPORTS).map((transport) =>
        send(h, user.token, transport, transport.wrap(body), 1_000, 'trickle'),
      ),
    );
    expect(statuses).toEqual([408, 408, 408, 408]);
    // Cut once its bytes no longer earn the wait (GRACE_MS and a little), far within REQUEST_TIMEOUT_MS.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(await settled(h)).toEqual({ places: 0, underWay: 0 });
  });

  it.skipIf(skip)('a user whose body trickled waits before the next upload; one who hung up does not', async () => {
    const [trickler, leaver, other] = await Promise.all([h.user(), h.user(), h.user()]);
    const body = Buffer.concat([await image(), Buffer.alloc(200_000, 7)]);
    expect(await send(h, trickler.token, TRANSPORTS['REST raw'], body, 1_000, 'trickle')).toBe(408);
    // Hangs up after 200 ms having sent 10 bytes, within the grace: a cancelled upload, not a trickle.
    await send(h, leaver.token, TRANSPORTS['/trpc binary'], body, 10, 'abort');
    const upload = async (user: { token: string }, { path, type }: { path: string; type: string }) =>
      fetch(`${h.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': type },
        body: await image(),
      });
    const refused = await upload(trickler, TRANSPORTS['REST raw']);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await upload(leaver, TRANSPORTS['/trpc binary'])).status).toBe(200);
    // Everyone else uploads as before.
    expect(await send(h, other.token, TRANSPORTS['REST raw'], await image(), 0, 'rest')).toBe(201);
    expect(await settled(h)).toEqual({ places: 0, underWay: 0 });
  });

  it.skipIf(skip)('a multipart body with too many parts is refused from its bytes, REST and /trpc', async () => {
    const user = await h.user();
    const parts = Array.from(
      { length: 5_000 },
      (_, i) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="x${i}"\r\n\r\ny\r\n`,
    ).join('');
    const body = Buffer.concat([Buffer.from(parts), multipart(await image())]);
    for (const transport of [TRANSPORTS['REST multipart'], TRANSPORTS['/trpc FormData']]) {
      const status = await send(h, user.token, transport, body, 0, 'rest');
      expect(status).toBe(400);
    }
    const res = await fetch(`${h.baseUrl}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
    });
    expect(await res.json()).toEqual({
      message: `A multipart upload has at most ${MULTIPART_MAX_PARTS} parts`,
      code: 'BAD_REQUEST',
    });
    // One part whose field name is a megabyte.
    const longName = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${'x'.repeat(1_000_000)}"\r\n\r\ny\r\n`),
      multipart(await image()),
    ]);
    for (const path of ['/media', '/trpc/media.upload']) {
      const answer = await fetch(`${h.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body: longName,
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        message: `A multipart part's headers have at most ${MULTIPART_MAX_HEADER_BYTES} bytes`,
        code: 'BAD_REQUEST',
      });
    }
    expect(await settled(h)).toEqual({ places: 0, underWay: 0 });
    // A few parts are fine.
    expect(await send(h, user.token, TRANSPORTS['/trpc FormData'], multipart(await image()), 0, 'rest')).toBe(200);
  });
});
