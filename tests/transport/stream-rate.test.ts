import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, type TestUser } from '../support/harness.js';

/** A reader that takes an unpaged list a trickle at a time holds its slot no longer than a stalled one. */
describe('trickling readers of unpaged lists', () => {
  let h: Harness;
  let reader: TestUser;
  let other: TestUser;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    h = await Harness.start({
      STREAM_STALL_TIMEOUT_MS: '6000',
      // Far above what the trickle below reads: its waits soon outgrow what its bytes earn.
      STREAM_MIN_BYTES_PER_SECOND: String(64 * 1024 * 1024),
    });
    reader = await h.user();
    other = await h.user();
    // About 15 MB of JSON: far more than the socket buffers between the server and the reader.
    await h.orm.em
      .getConnection()
      .execute(
        `insert into posts (title, content, author_id) select 'bulk ' || g, repeat('t', 1000), ? from generate_series(1, 12000) g`,
        [reader.id],
      );
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await h.close();
  });

  /** Asks for GET /posts and reads 64 KB of it every 100 ms: never for long enough to look stalled. */
  const trickle = () => {
    const url = new URL(h.baseUrl);
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(`GET /posts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${reader.token}\r\n\r\n`);
    });
    sockets.push(socket);
    socket.pause();
    const tick = setInterval(() => {
      if (socket.readableLength > 0) socket.read(Math.min(64 * 1024, socket.readableLength));
    }, 100);
    socket.on('readable', () => undefined); // paused mode: the socket fills its buffer, then pushes back
    socket.once('close', () => clearInterval(tick));
  };

  it('is cut once it has kept the stream waiting longer than its bytes earn: its connection comes back', async () => {
    const pool = h.orm.em.getConnection().getKnex().client.pool as { numUsed(): number };
    const until = async (done: () => boolean, ms: number) => {
      for (const deadline = Date.now() + ms; !done() && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    trickle();
    await until(() => pool.numUsed() > 0, 5_000);
    expect(pool.numUsed()).toBe(1);
    // At 640 KB/s the whole answer would take over twenty seconds; its allowance is about six. The
    // socket buffers still hold what was sent, so the reader itself sees the end only later.
    await until(() => pool.numUsed() === 0, 15_000);
    expect(pool.numUsed()).toBe(0);
  });

  it('a reader that takes the answer as fast as it comes gets all of it', async () => {
    const res = await h.request('GET', '/posts', { token: other.token });
    expect(res.status).toBe(200);
    expect((res.body as unknown[]).length).toBe(12_000);
  });
});
