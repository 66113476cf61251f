import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedlineRestClient } from '../../packages/client/src/rest.js';
import { createFeedlineTrpcClient } from '../../packages/client/src/trpc.js';

/** A service behind a path prefix (a proxy's /api): both clients send their requests under it. */
const paths: string[] = [];
let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(req.url!.split('?')[0]!);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found","code":"NOT_FOUND"}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((done) => server.close(done)));

describe('a base URL with a path', () => {
  it.each([`/api`, `/api/`])('keeps it: %s', async (prefix) => {
    paths.length = 0;
    const baseUrl = `${origin}${prefix}`;
    await createFeedlineTrpcClient({ baseUrl })
      .users.me.query()
      .catch(() => undefined);
    await createFeedlineRestClient({ baseUrl: baseUrl.replace(/\/$/, '') }).GET('/users/me');
    expect(paths).toEqual(['/api/trpc/users.me', '/api/users/me']);
  });
});
