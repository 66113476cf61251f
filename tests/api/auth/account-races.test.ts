import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { type ApiResponse, PASSWORD, type TestUser, useHarness } from '../../support/harness.js';

/**
 * Races made certain rather than hoped for: the test holds the user's row locked, lets the racing
 * requests reach the statements that wait on it (seen in pg_stat_activity), then lets go.
 */
// Generous: the racers must all reach PostgreSQL, on a machine that may be busy.
vi.setConfig({ testTimeout: 180_000 });

// Enough connections for every racer to wait in PostgreSQL rather than in the pool.
const h = useHarness({ DB_POOL_MAX: '30', DB_ACQUIRE_TIMEOUT_MS: '60000' });

async function lockUserRow(userId: number) {
  const client = new pg.Client({ connectionString: h.databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query('select 1 from users where id = $1 for update', [userId]);
  // pg_stat_activity is read once per transaction unless its snapshot is cleared. Only the
  // racers' own statements count: a write's count of itself (write_count, "with open as") may wait
  // a moment on another's, whatever the test holds.
  const waiting = async () => {
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()
         and query not like 'with open as%'`,
    );
    return rows[0]!.n;
  };
  return {
    /** Polls until `n` statements wait on a lock (generously: the machine may be busy). */
    async untilWaiting(n: number) {
      for (let tries = 0; (await waiting()) < n; tries++) {
        if (tries > 2400) throw new Error(`only ${await waiting()} of ${n} statements came to wait`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async release() {
      await client.query('rollback');
      await client.end();
    },
  };
}

const login = (email: string, password: string) => h.request('POST', '/auth/login', { body: { email, password } });
const deleteMe = (token: string) => h.request('DELETE', '/users/me', { token, body: { password: PASSWORD } });

describe('account deletion races', () => {
  it('two concurrent DELETE /users/me: exactly one 204, the other 401', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await h.user();
      const lock = await lockUserRow(user.id);
      const deletes = [deleteMe(user.token), deleteMe(user.token)];
      await lock.untilWaiting(2);
      await lock.release();
      const statuses = (await Promise.all(deletes)).map((res) => res.status).sort();
      expect(statuses).toEqual([204, 401]);
    }
  });

  it('16 writes racing the deletion of their author answer 401 once it has won, never 404 or 500', async () => {
    const other = await h.user();
    const { id: postId } = await h.caller(other.token).posts.create({ title: 'target', content: 'x' });
    const victim: TestUser = await h.user();
    const lock = await lockUserRow(victim.id);
    const deleted = deleteMe(victim.token);
    await lock.untilWaiting(1);
    const { token } = victim;
    const writes: Promise<ApiResponse>[] = [];
    for (let i = 0; i < 4; i++) {
      writes.push(h.request('POST', '/posts', { token, body: { title: `t${i}`, content: 'c' } }));
      writes.push(h.request('POST', `/posts/${postId}/comment`, { token, body: { content: `c${i}` } }));
    }
    writes.push(h.request('POST', `/posts/${postId}/like`, { token }));
    writes.push(h.request('POST', `/users/${other.id}/follow`, { token }));
    writes.push(h.request('POST', '/trpc/posts.like', { token, body: { id: postId } }));
    writes.push(h.request('POST', '/trpc/users.follow', { token, body: { id: other.id } }));
    writes.push(h.request('POST', '/trpc/posts.create', { token, body: { title: 'trpc', content: 'c' } }));
    writes.push(h.request('POST', '/trpc/posts.comment', { token, body: { id: postId, content: 'trpc' } }));
    writes.push(h.request('POST', '/posts', { token, body: { title: 'last', content: 'c' } }));
    writes.push(h.request('POST', `/posts/${postId}/comment`, { token, body: { content: 'last' } }));
    expect(writes).toHaveLength(16);
    // Every write has reached its insert, which waits on the author's row behind the deletion.
    await lock.untilWaiting(17);
    await lock.release();
    expect((await deleted).status).toBe(204);
    const answers = await Promise.all(writes);
    for (const res of answers) {
      expect(res.status, res.text).toBe(401);
      expect(res.body.code ?? res.body.error?.data?.code).toBe('UNAUTHORIZED');
    }
  });
});

describe('password change races', () => {
  const changeTo = (token: string, from: string, to: string) =>
    h.request('POST', '/auth/password', {
      token,
      body: { currentPassword: from, newPassword: to, newPasswordValidation: to },
    });

  it('a change that started before GET /auth/logout?all=true, and writes after it, answers 401 and changes nothing', async () => {
    const user = await h.user();
    const lock = await lockUserRow(user.id);
    const change = changeTo(user.token, PASSWORD, 'a brand new password');
    await lock.untilWaiting(1);
    expect((await h.request('GET', '/auth/logout?all=true', { token: user.token })).status).toBeLessThan(300);
    await lock.release();
    expect((await change).status).toBe(401);
    expect((await login(user.email, 'a brand new password')).status).not.toBe(200);
    expect((await login(user.email, PASSWORD)).status).toBe(200);
  });

  it('two sessions changing at once: exactly one 200, the other 401, and only the winner’s password works', async () => {
    const user = await h.user();
    const second = (await login(user.email, PASSWORD)).body.token as string;
    const lock = await lockUserRow(user.id);
    const changes = [
      changeTo(user.token, PASSWORD, 'first new password'),
      changeTo(second, PASSWORD, 'second new password'),
    ];
    await lock.untilWaiting(2);
    await lock.release();
    const statuses = (await Promise.all(changes)).map((res) => res.status);
    expect([...statuses].sort()).toEqual([200, 401]);
    const winner = statuses[0] === 200 ? 'first new password' : 'second new password';
    const loser = statuses[0] === 200 ? 'second new password' : 'first new password';
    expect((await login(user.email, winner)).status).toBe(200);
    expect((await login(user.email, loser)).status).not.toBe(200);
    expect((await login(user.email, PASSWORD)).status).not.toBe(200);
  });
});
