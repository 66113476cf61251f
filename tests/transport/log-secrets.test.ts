import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { withPasswords } from '../../src/auth/passwords.js';
import { signAccessToken } from '../../src/auth/tokens.js';
import { createLogger } from '../../src/platform/logger.js';
import { LOGGED_URL_MAX } from '../../src/http/request-log.js';
import { UserEntity } from '../../src/users/user.entity.js';
import { Harness, PASSWORD, useHarness } from '../support/harness.js';

/** No log line, at any level, holds an email, a password hash or a token: not even ORM and driver errors. */
const h = useHarness();

function capturedLogger() {
  const lines: string[] = [];
  return { lines, logger: createLogger('trace', { write: (line: string) => void lines.push(line) }) };
}

/** A real failing insert: MikroORM puts the statement, parameters inlined, in its message. */
async function failingInsert(email: string, passwordHash: string, firstName = 'x'.repeat(150)) {
  return h.orm.em
    .fork()
    .insert(UserEntity, { email, passwordHash, firstName, lastName: 'L', handle: `leak_${randomUUID().slice(0, 8)}` })
    .then(
      () => expect.unreachable('the insert should fail'),
      (error: unknown) => error as Error,
    );
}

describe('secrets in logs', () => {
  it('ORM and driver errors are logged without the email, the hash or a token', async () => {
    const email = `leak-${randomUUID()}@example.com`;
    const hash = await withPasswords(h.services.config, 'test', (passwords) => passwords.hash(PASSWORD));
    const { token } = signAccessToken(1, 60, h.services.config.JWT_SECRET);
    const tooLong = await failingInsert(email, hash);
    await h.orm.em.fork().insert(UserEntity, {
      email,
      passwordHash: hash,
      firstName: 'F',
      lastName: 'L',
      handle: `leak_${randomUUID().slice(0, 8)}`,
    });
    const duplicate = await failingInsert(email, hash, 'F'); // "Key (email)=(…) already exists."
    expect(`${tooLong.message}${duplicate.message}${JSON.stringify(duplicate)}`).toContain(email);

    const { lines, logger } = capturedLogger();
    for (const error of [tooLong, duplicate]) {
      logger.error({ err: error }, 'procedure failed');
      logger.error({ err: new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error }) }, 'wrapped');
      logger.warn({ err: new Error(`token ${token} for ${email} rejected`) }, `debug ${email}`);
    }
    const text = lines.join('\n');
    expect(lines).toHaveLength(6);
    expect(text).toContain('insert into');
    for (const secret of [email, hash, '$argon2', token]) expect(text).not.toContain(secret);
  });

  it('no value of a URL query is logged but paging, whatever the route: tickets, passwords, emails, tRPC input', async () => {
    const lines: string[] = [];
    const logged = await Harness.attach(
      h.databaseUrl,
      { LOG_LEVEL: 'info' },
      createLogger('info', { write: (line: string) => void lines.push(line) }),
    );
    try {
      const user = await logged.user();
      const { ticket } = await logged.caller(user.token).live.ticket();
      const response = await fetch(`${logged.baseUrl}/live/feed?ticket=${ticket}`);
      await response.body?.cancel();
      expect(response.status).toBe(200);
      const password = 'hunter2 correct horse';
      const email = 'ada.lovelace@example.com';
      const sent = [
        ['DELETE', `/users/me?password=${encodeURIComponent(password)}`],
        ['GET', `/auth/login?email=${email}&password=${encodeURIComponent(password)}`],
        ['POST', `/auth/login?email=${email}&password=${encodeURIComponent(password)}`],
        ['GET', `/trpc/auth.login?input=${encodeURIComponent(JSON.stringify({ email, password }))}`],
        ['GET', '/posts?limit=5&q=lovelace'],
        // A credential pasted where an id belongs: the path is logged, the secret in it is not.
        ['GET', `/media/${user.token}`],
        ['GET', `/media/files/${user.token}`],
        ['PATCH', `/media/${email}`],
        ['GET', `/users/${encodeURIComponent(email)}`],
        // Long ones: a log line holds at most LOGGED_URL_MAX characters of a URL.
        ['GET', `/tags/${'t'.repeat(10_000)}/posts`],
        ['GET', `/posts?${Array.from({ length: 1_500 }, (_, i) => `p${i}`).join('&')}`],
      ] as const;
      for (const [method, path] of sent) {
        const answer = await fetch(`${logged.baseUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${user.token}` },
        });
        expect(answer.status).toBeLessThan(500);
        await answer.body?.cancel();
      }
      await expect
        .poll(() => lines.filter((line) => line.includes('request completed')).length)
        .toBeGreaterThanOrEqual(sent.length);
      const text = lines.join('\n');
      for (const secret of [
        ticket,
        user.token,
        email,
        encodeURIComponent(email),
        password,
        encodeURIComponent(password),
        'lovelace',
      ])
        expect(text).not.toContain(secret);
      // What is logged still says what was asked: the path as sent (a mount's prefix too), and paging.
      expect(text).toContain('/live/feed?ticket=[…]');
      expect(text).toContain('/trpc/auth.login?input=[…]');
      expect(text).toContain('/posts?limit=5&q=[…]');
      expect(text).toContain('/media/files/[token]');
      expect(text).toContain('"url":"/media/[email]"');
      const urls = lines.flatMap((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url ?? []);
      expect(Math.max(...urls.map((url) => url.length))).toBe(LOGGED_URL_MAX);
      expect(urls).toContain(`/tags/${'t'.repeat(LOGGED_URL_MAX - '/tags/'.length - 1)}…`);
    } finally {
      await logged.close();
    }
  });
});
