import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from './support/harness.js';

/**
 * Every request body, on every route and of every content type, is capped at 1 MB while it
 * streams in: past the cap the answer is 413 and nothing more is read or kept.
 */
let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

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

  it('a body just under the cap still reaches the procedure', async () => {
    const padding = 'x'.repeat(MB - 200);
    const res = await h.request('POST', '/auth/login', {
      body: { email: 'nobody@example.com', password: 'wrong password', padding },
    });
    expect(res.status).toBe(401);
  });
});
