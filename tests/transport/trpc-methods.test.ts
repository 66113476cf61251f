import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { useHarness } from '../support/harness.js';

/** A method /trpc does not serve is the client's mistake: 405 in the error format, never a 500 or an error line. */
const lines: string[] = [];
const h = useHarness({}, createLogger('info', { write: (line: string) => void lines.push(line) }));

/** node:http, since fetch refuses to send TRACE. */
function send(method: string, path: string) {
  return new Promise<{ status: number; allow?: string; body: unknown }>((resolve, reject) => {
    const req = request(`${h.baseUrl}${path}`, { method }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, allow: res.headers.allow, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('/trpc and methods it does not serve', () => {
  it.each(['TRACE', 'PUT', 'DELETE', 'PATCH', 'PROPFIND'])(
    '%s /trpc/x answers 405 with Allow, logged below warn',
    async (method) => {
      lines.length = 0;
      const res = await send(method, '/trpc/posts.list');
      expect(res.status).toBe(405);
      expect(res.allow).toBe('GET, POST');
      expect(res.body).toEqual({ message: expect.any(String), code: 'METHOD_NOT_SUPPORTED' });
      expect(lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 40)).toEqual([]);
    },
  );

  it('GET and POST still reach tRPC', async () => {
    expect((await send('GET', '/trpc/posts.list')).status).toBe(401);
  });
});
