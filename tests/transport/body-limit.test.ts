import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { borrowConnection } from '../../src/db/sql.js';
import { Harness, useHarness } from '../support/harness.js';

/**
 * Every request body, on every route and of every content type, is capped at 1 MB while it
 * streams in: past the cap the answer is 413 and nothing more is read or kept.
 */
const h = useHarness({}, createLogger('info', { write: (line: string) => void logLines.push(line) }));
const logLines: string[] = [];

const MB = 1024 * 1024;

interface Sent {
  status: number | undefined;
  body: string;
  /** Bytes the client managed to write before the server answered or hung up. */
  written: number;
}

/**
 * Sends up to `total` bytes in 64 KB chunks (with Content-Length, or chunked when `declare` is
 * false), stopping as soon as the server answers or closes the connection.
 */
function sendLargeBody(
  path: string,
  contentType: string,
  total: number,
  { declare = true, method = 'POST' }: { declare?: boolean; method?: string } = {},
): Promise<Sent> {
  const url = new URL(path, h.baseUrl);
  return new Promise((resolve) => {
    let written = 0;
    let settled = false;
    const finish = (status: number | undefined, body: string) => {
      if (settled) return;
      settled = true;
      req.destroy();
      resolve({ status, body, written });
    };
    const req = request(url, {
      method,
      headers: { 'content-type': contentType, ...(declare && { 'content-length': String(total) }) },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => finish(res.statusCode, body));
      res.on('error', () => finish(res.statusCode, body));
    });
    req.on('error', () => finish(undefined, ''));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      while (!settled && written < total) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!settled) req.end();
    };
    pump();
  });
}

describe('request bodies over 1 MB', () => {
  for (const path of ['/trpc/auth.login', '/trpc/auth.signup', '/auth/login', '/healthz', '/no/such/route']) {
    it(`${path}, multipart with Content-Length: 413 before the body is read`, async () => {
      const sent = await sendLargeBody(path, 'multipart/form-data; boundary=B', 64 * MB);
      expect(sent.status, sent.body).toBe(413);
      expect(JSON.parse(sent.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(sent.written).toBeLessThan(32 * MB);
    });
  }

  // Without a length, routes that read bodies stop at the cap (the others answer without reading).
  for (const [path, contentType] of [
    ['/trpc/auth.login', 'multipart/form-data; boundary=B'],
    ['/trpc/auth.register', 'multipart/form-data; boundary=B'],
    ['/trpc/auth.login', 'application/json'],
    ['/auth/login', 'application/json'],
  ]) {
    it(`${path}, ${contentType}, chunked: 413 once 1 MB has arrived`, async () => {
      const sent = await sendLargeBody(path!, contentType!, 64 * MB, { declare: false });
      expect(sent.status, sent.body).toBe(413);
      expect(JSON.parse(sent.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(sent.written).toBeLessThan(32 * MB);
    });
  }

  // Upload paths take MEDIA_MAX_BYTES only as an image (raw, multipart, tRPC's binary input): a 10 MB
  // JSON body there would be parsed on the event loop, seconds of it when nested.
  for (const [path, contentType] of [
    ['/media', 'application/json'],
    ['/trpc/media.upload', 'application/json'],
    ['/trpc/media.upload', 'text/plain'],
  ]) {
    it(`${path}, ${contentType} of 2 MB: 413 before the body is read`, async () => {
      const sent = await sendLargeBody(path!, contentType!, 2 * MB);
      expect(sent.status, sent.body).toBe(413);
      expect(JSON.parse(sent.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    });
  }

  // An upload path spelled another way (as REST and Express route it, and as tRPC's adapter reads
  // the last segment, decoded) is still an upload: its gate answers a request without a token at
  // once, before the 1 MB cap of other paths is reached.
  for (const path of [
    '/media/',
    '/Media',
    '/MEDIA/',
    '/users/me/Avatar',
    '/TRPC/media.upload',
    '/trpc/media.upload/',
    '/trpc/x/media.upload',
    '/trpc//media.upload',
    '/trpc/media%2Eupload',
    '/trpc/%75sers.setAvatar',
  ]) {
    it(`${path}, an image of 2 MB without a token: 401 as on its usual spelling`, async () => {
      const method = path.startsWith('/users/') ? 'PUT' : 'POST';
      const sent = await sendLargeBody(path, 'image/png', 2 * MB, { method });
      expect(sent.status, sent.body).toBe(401);
    });
  }

  it('a body just under the cap still reaches the procedure', async () => {
    const padding = 'x'.repeat(MB - 200);
    const res = await h.request('POST', '/auth/login', {
      body: { email: 'nobody@example.com', password: 'wrong password', padding },
    });
    expect(res.status).toBe(401);
  });
});

/** Sends up to `total` bytes chunked, with `headers`, until the server answers or closes the connection. */
function sendChunked(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  total: number,
): Promise<{ status?: number; body: string }> {
  return new Promise((resolve) => {
    let written = 0;
    const req = request(new URL(path, baseUrl), { method, headers });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body }));
      res.on('error', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', () => resolve({ body: '' }));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      while (!req.destroyed && written < total) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}

describe('a 413 sent while the body streams in', () => {
  it('is not logged as a failure when the procedure answers after it', async () => {
    const lines: string[] = [];
    // One pool connection, held by the test: the procedure (its session check first) answers only after its 413.
    const slow = await Harness.start(
      { DB_POOL_MAX: '1' },
      createLogger('info', { write: (line: string) => void lines.push(line) }),
    );
    try {
      const user = await slow.user();
      const pool = slow.orm.em.getConnection().getKnex().client.pool as {
        numUsed(): number;
        numPendingAcquires(): number;
      };
      // tRPC reads an octet-stream body as it arrives, whatever the procedure needs of it.
      const headers = {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/octet-stream',
        'transfer-encoding': 'chunked',
      };
      for (let i = 0; i < 3; i++) {
        const held = await borrowConnection(slow.orm);
        const sent = await sendChunked(slow.baseUrl, 'POST', '/trpc/users.follow', headers, 2 * MB);
        expect(sent.status).toBe(413);
        await held.release();
        await expect.poll(() => pool.numUsed() + pool.numPendingAcquires()).toBe(0);
      }
      // The procedures' answers follow their statements.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50)).toEqual([]);
    } finally {
      await slow.close();
    }
  }, 120_000);
});
