import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../../src/http/router.js';
import { summary } from '../support/fixtures.js';
import { PASSWORD, useHarness } from '../support/harness.js';

const h = useHarness();

function client(token?: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({ url: `${h.baseUrl}/trpc`, headers: () => (token ? { authorization: `Bearer ${token}` } : {}) }),
    ],
  });
}

describe('typed RPC at /trpc', () => {
  it('signs up, logs in, posts, follows and reads the feed', async () => {
    const email = `rpc-${Date.now()}@example.com`;
    const anonymous = client();
    const user = await anonymous.auth.signup.mutate({
      email,
      password: PASSWORD,
      passwordValidation: PASSWORD,
      firstName: 'Rpc',
      lastName: 'Client',
    });
    const { token } = await anonymous.auth.login.mutate({ email, password: PASSWORD });
    const other = await h.user();
    await client(other.token).posts.create.mutate({ title: 'from other', content: 'hello' });

    const me = client(token);
    const post = await me.posts.create.mutate({ title: 'mine', content: 'typed' });
    expect(post.createdBy).toEqual(user);
    await me.users.follow.mutate({ id: other.id });
    const feed = await me.posts.followed.query();
    expect(feed.map((p) => p.title)).toEqual(['from other']);
    const [profile, everyone] = await Promise.all([me.users.me.query(), me.users.list.query()]);
    expect(profile.followed).toEqual([summary(other)]);
    expect(everyone.length).toBeGreaterThanOrEqual(2);
  });

  it('reports errors with their code and the same message as REST', async () => {
    const me = client((await h.user()).token);
    // @ts-expect-error: ids are numbers to typed callers; an untyped one still gets a clear 400
    const error = await me.posts.get.query({ id: 'abc' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).message).toBe('Invalid ID');
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe('BAD_REQUEST');
    expect((error as TRPCClientError<AppRouter>).data?.httpStatus).toBe(400);

    const unauthorized = await client()
      .posts.list.query()
      .catch((e: unknown) => e);
    expect((unauthorized as TRPCClientError<AppRouter>).data?.code).toBe('UNAUTHORIZED');
  });

  it('carries the field issues of invalid input, worded as on REST', async () => {
    const { token } = await h.user();
    const error = (await client(token)
      .posts.create.mutate({ title: '', content: undefined as never })
      .catch((e: unknown) => e)) as TRPCClientError<AppRouter>;
    const rest = await h.request('POST', '/posts', { token, body: { title: '' } });
    expect(error.message).toBe('title must not be empty; content is required');
    expect(error.message).toBe(rest.body.message);
    expect(error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, issues: rest.body.issues });
  });
});
