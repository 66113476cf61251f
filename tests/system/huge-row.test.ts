import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Harness } from '../support/harness.js';
import { signUpAndLogIn, startServiceProcess, type ServiceProcess } from '../support/service-process.js';

/**
 * Issue 38, end to end with the default DB_MAX_ROW_BYTES: a post whose JSON is past V8's string
 * limit (512 MiB) once ended the process at every read of it. PostgreSQL builds that JSON from
 * the 20 comments a Post embeds, of 30 MiB each (stored compressed, so cheap to write; written past
 * the content limit by an admin connection), which takes it some seconds.
 */
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });
const COMMENTS = 20;
const COMMENT_BYTES = 30 * 1024 * 1024;
let h: Harness;
let service: ServiceProcess | undefined;
beforeAll(async () => {
  h = await Harness.start();
  service = await startServiceProcess({ DATABASE_URL: h.databaseUrl, DB_STATEMENT_TIMEOUT_MS: '180000' });
});
afterAll(async () => {
  if (service) {
    service.child.kill('SIGTERM');
    await service.exited;
  }
  const admin = new pg.Client({ connectionString: h.databaseUrl });
  await admin.connect();
  await admin.query('delete from comments').finally(() => admin.end());
  await h.close();
});

const get = (path: string, token?: string) =>
  fetch(`${service!.baseUrl}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(200_000),
  });

describe('a post whose JSON is past the string limit', () => {
  it('answers 500 in the error format while the process keeps serving', async () => {
    const { baseUrl } = service!;
    const token = await signUpAndLogIn(baseUrl, `huge-${randomUUID()}@example.com`, 'huge row password');
    const other = await signUpAndLogIn(baseUrl, `other-${randomUUID()}@example.com`, 'huge row password');
    const created = await fetch(`${baseUrl}/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'huge', content: 'small' }),
    });
    const post = (await created.json()) as { id: number; createdBy: { id: number } };
    const admin = new pg.Client({ connectionString: h.databaseUrl });
    await admin.connect();
    try {
      await admin.query(
        `insert into comments (content, post_id, author_id)
         select repeat('x', $3), $1, $2 from generate_series(1, ${COMMENTS})`,
        [post.id, post.createdBy.id, COMMENT_BYTES],
      );
    } finally {
      await admin.end();
    }

    for (let i = 0; i < 2; i++) {
      const res = await get(`/posts/${post.id}`, token);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: expect.any(String), code: 'INTERNAL_SERVER_ERROR' });
      expect(service!.child.exitCode).toBeNull();
      expect((await get('/healthz')).status).toBe(200);
      expect((await get('/users/me', other)).status).toBe(200);
    }
    expect(service!.stderr()).not.toContain('ERR_STRING_TOO_LONG');
  });
});
