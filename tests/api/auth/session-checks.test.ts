import { describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../../../src/auth/tokens.js';
import { borrowConnection } from '../../../src/db/sql.js';
import { SESSIONS_WRITE_LSN, SessionChecks, sessionLookup } from '../../../src/viewer/read-your-writes.js';
import { useHarness } from '../../support/harness.js';

/**
 * A read request routed to replicas first checks its session on the primary (src/viewer/read-your-writes.ts).
 * Checks that arrive together share one statement; each still gets its own session's answer, and
 * none is answered by a statement sent before it arrived.
 */
const h = useHarness();

/** A signed-in user's session, as a read request holds it. */
async function session() {
  const user = await h.user();
  return { ...verifyAccessToken(user.token, h.services.config.JWT_SECRET) };
}

/**
 * The checker on the real statement, counting the statements it sends; `fail` makes a statement
 * fail, `answered` is awaited after a statement ran and before its answer is given.
 */
function checker({
  fail = (): boolean => false,
  answered = (): Promise<void> => Promise.resolve(),
}: { fail?: () => boolean; answered?: () => Promise<void> } = {}) {
  const lookup = sessionLookup(h.orm);
  const counted = {
    statements: 0,
    checks: new SessionChecks(async (jtis, userIds) => {
      counted.statements++;
      if (fail()) throw new Error('primary away');
      const rows = await lookup(jtis, userIds);
      await answered();
      return rows;
    }),
  };
  return counted;
}

const sql = (text: string, values: unknown[]) => h.orm.em.getConnection().execute(text, values);

describe('session checks on the primary', () => {
  it('checks arriving together share one statement, each answered for its own session', async () => {
    const [open, wrote, revoked, expired] = [await session(), await session(), await session(), await session()];
    await sql(`update users set write_lsn = '1/2A' where id = ?`, [wrote.userId]);
    await sql('update sessions set revoked_at = now() where jti = ?', [revoked.jti]);
    await sql(`update sessions set expires_at = now() - interval '1 second' where jti = ?`, [expired.jti]);
    const cases = [
      { session: open, expected: null },
      { session: wrote, expected: '1/2A' },
      { session: revoked, expected: undefined },
      { session: expired, expected: undefined },
      // A token of one user with another's session id: not that user's session.
      { session: { jti: open.jti, userId: wrote.userId }, expected: undefined },
      { session: { jti: '00000000-0000-4000-8000-000000000000', userId: open.userId }, expected: undefined },
    ];
    const counted = checker();
    const all = Array.from({ length: 10 }, () => cases).flat();
    const answers = await Promise.all(all.map(({ session }) => counted.checks.check(session)));
    expect(answers).toEqual(all.map(({ expected }) => expected));
    // The first went alone; the 59 that came while it ran went together.
    expect(counted.statements).toBe(2);
  });

  it("a check that comes after a logout is refused, even while an earlier statement's answer is on its way", async () => {
    const user = await session();
    let ran!: () => void;
    const earlierRan = new Promise<void>((resolve) => (ran = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { checks } = checker({
      answered: () => {
        ran();
        return held;
      },
    });
    const earlier = checks.check(user);
    await earlierRan; // its statement saw the session open
    await sql('update sessions set revoked_at = now() where jti = ?', [user.jti]);
    const later = checks.check(user);
    release();
    expect(await earlier).toBeNull();
    expect(await later).toBeUndefined();
  });

  it('a failed statement fails the checks it carried, and the next ones are sent again', async () => {
    const user = await session();
    let failing = true;
    const { checks } = checker({ fail: () => failing });
    const carried = [checks.check(user), checks.check(user)];
    for (const check of carried) await expect(check).rejects.toThrow('primary away');
    failing = false;
    expect(await checks.check(user)).toBeNull();
  });

  it('a batch costs two index lookups per session, and is not planned again on each run', async () => {
    const { client, release } = await borrowConnection(h.orm);
    const user = await session();
    try {
      // PostgreSQL plans a prepared statement 5 times for its values, then keeps a generic plan
      // unless the values' plans look cheaper.
      for (let size = 1; size <= 10; size++) {
        const { rows } = await client.query({
          name: 'session_plan_runs',
          text: SESSIONS_WRITE_LSN.text,
          values: [Array<string>(size).fill(user.jti), Array<number>(size).fill(user.userId)],
        });
        expect(rows).toHaveLength(size);
      }
      const { rows: plans } = await client.query<{ generic: number }>(
        `select generic_plans as generic from pg_prepared_statements where name = 'session_plan_runs'`,
      );
      expect(Number(plans[0]!.generic)).toBeGreaterThanOrEqual(5);
      await client.query(`prepare session_plan (uuid[], int[]) as ${SESSIONS_WRITE_LSN.text}`);
      await client.query('set plan_cache_mode = force_generic_plan');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (costs off) execute session_plan ('{00000000-0000-4000-8000-000000000000}', '{1}')`,
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).not.toMatch(/Seq Scan|Hash/);
      expect(plan).toMatch(/Index Scan using sessions_pkey/);
      expect(plan).toMatch(/Index (Only )?Scan using \w+ on users/);
    } finally {
      await client.query('deallocate session_plan').catch(() => undefined);
      await client.query('deallocate session_plan_runs').catch(() => undefined);
      await client.query('reset plan_cache_mode').catch(() => undefined);
      await release();
    }
  });
});
