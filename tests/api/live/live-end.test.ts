import { connect, type Socket } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestUser, useHarness } from '../../support/harness.js';
import { SseReader } from '../../support/sse.js';
import { POST_CONTENT_MAX_BYTES } from '../../../src/posts/posts.schemas.js';

/** When a live stream ends, so does its HTTP answer; a HEAD never opens one. */
vi.setConfig({ testTimeout: 120_000 });
// A stalled answer is cut after STREAM_STALL_TIMEOUT_MS: short here, the cut is what is tested.
const h = useHarness({ LIVE_BUFFER_EVENTS: '20', STREAM_STALL_TIMEOUT_MS: '500' });
let author: TestUser;

beforeAll(async () => {
  author = await h.user();
});

/** A raw connection that sends `request` and never reads, and the server's side of it. */
async function nonReadingClient(request: string): Promise<{ client: Socket; server: () => Socket | undefined }> {
  let serverSide: Socket | undefined;
  const accepted: Socket[] = [];
  const onConnection = (socket: Socket) => accepted.push(socket);
  h.server.on('connection', onConnection);
  const client = connect(Number(new URL(h.baseUrl).port), '127.0.0.1');
  await new Promise((resolve) => client.once('connect', resolve));
  client.write(request);
  await expect
    .poll(() => (serverSide = accepted.find((socket) => socket.remotePort === client.localPort)), { timeout: 20_000 })
    .toBeDefined();
  client.pause();
  h.server.off('connection', onConnection);
  return { client, server: () => serverSide };
}

describe('a live.feed subscription over /trpc', () => {
  it('that falls behind is ended, and the server closes its socket', async () => {
    const slow = await h.user();
    await h.caller(slow.token).users.follow({ id: author.id });
    const { client, server } = await nonReadingClient(
      `GET /trpc/live.feed HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nAuthorization: Bearer ${slow.token}\r\n\r\n`,
    );
    try {
      await expect.poll(() => h.services.live.openStreams(slow.id), { timeout: 20_000 }).toBe(1);
      // Loopback buffers hold a few megabytes; posts of 28 kB as JSON (quotes, which JSON doubles)
      // fill them, then the stream's 20 events. Written ten at a time: how they are written is not the point.
      const big = '"'.repeat(POST_CONTENT_MAX_BYTES / 2);
      for (let i = 0; i < 60 && h.services.live.openStreams(slow.id) > 0; i++)
        await h.orm.em
          .getConnection()
          .execute(
            `insert into posts (title, content, author_id) select 'big ' || g, ?, ? from generate_series(1, 10) g`,
            [big, author.id],
          );
      expect(h.services.live.openStreams(slow.id)).toBe(0);
      // Within STREAM_STALL_TIMEOUT_MS and the time to notice, well before Node's keep-alive timeout (5 s) would.
      await expect.poll(() => server()!.destroyed, { timeout: 4_000 }).toBe(true);
    } finally {
      client.destroy();
    }
  });
});

describe('a live stream whose client leaves while it opens', () => {
  it.each(['/live/feed', '/trpc/live.feed'])(
    'over %s is ended: hang-ups leave the user room for more',
    async (path) => {
      const user = await h.user();
      const open = vi.spyOn(h.services.live, 'open');
      try {
        // One more than LIVE_STREAMS_PER_USER (5): each hang-up left open would hold one of them.
        for (let i = 0; i < 6; i++) {
          const client = connect(Number(new URL(h.baseUrl).port), '127.0.0.1');
          await new Promise((resolve) => client.once('connect', resolve));
          // The request and the hang-up arrive together: the client is gone before its stream is open.
          client.end(
            `GET ${path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nAuthorization: Bearer ${user.token}\r\n\r\n`,
          );
          await expect.poll(() => open.mock.calls.length, { timeout: 20_000, interval: 5 }).toBe(i + 1);
          await Promise.allSettled(open.mock.results.map((result) => result.value as Promise<unknown>));
          await new Promise((resolve) => setImmediate(resolve));
        }
        expect(h.services.live.openStreams(user.id)).toBe(0);
      } finally {
        open.mockRestore();
      }
      const stream = await SseReader.open(`${h.baseUrl}/live/feed`, { authorization: `Bearer ${user.token}` });
      expect(stream.status).toBe(200);
      stream.close();
    },
  );
});

describe('HEAD /live/feed', () => {
  it('answers 405 with Allow: GET at once and holds no stream: a GET after five HEADs opens', async () => {
    const user = await h.user();
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${h.baseUrl}/live/feed`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${user.token}` },
        signal: AbortSignal.timeout(20_000),
      });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET');
    }
    expect(h.services.live.openStreams(user.id)).toBe(0);
    const stream = await SseReader.open(`${h.baseUrl}/live/feed`, { authorization: `Bearer ${user.token}` });
    expect(stream.status).toBe(200);
    stream.close();
  });
});
