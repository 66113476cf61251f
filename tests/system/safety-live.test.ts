import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD } from '../support/harness.js';
import { signUpAndLogIn, useServiceProcesses } from '../support/service-process.js';
import { SseReader } from '../support/sse.js';

/**
 * Block and mute (docs/safety.md) on live streams of real service processes: a block or mute
 * written through one process holds at once on the streams another process serves.
 */
vi.setConfig({ testTimeout: 90_000 });
const services = useServiceProcesses(2);

async function user(baseUrl: string) {
  const email = `safety-${randomUUID()}@example.com`;
  const token = await signUpAndLogIn(baseUrl, email, PASSWORD);
  const me = (await (await fetch(`${baseUrl}/users/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    id: number;
  };
  return { id: me.id, token };
}

const call = async (baseUrl: string, token: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { id: number } };
};

describe('block and mute on live streams across processes', () => {
  it('a mute or block written on one process stops delivery on the other from that moment', async () => {
    const [one, two] = services.processes.map((service) => service.baseUrl) as [string, string];
    const [reader, muted, other] = [await user(one), await user(two), await user(two)];
    for (const followed of [muted, other])
      expect((await call(one, reader.token, 'POST', `/users/${followed.id}/follow`)).status).toBe(200);
    const mine = (await call(one, reader.token, 'POST', '/posts', { title: 'mine', content: 'c' })).body.id;
    const open = async (path: string) => {
      const stream = await SseReader.open(`${one}${path}`, { authorization: `Bearer ${reader.token}` });
      services.streams.push(stream);
      expect(stream.status).toBe(200);
      return stream;
    };
    const feed = await open('/live/feed');
    const notes = await open('/live/notifications');
    const post = async (as: { token: string }, title: string) =>
      (await call(two, as.token, 'POST', '/posts', { title, content: 'c' })).body.id;
    const before = await post(muted, 'before');
    await call(two, muted.token, 'POST', `/posts/${mine}/like`);
    await feed.until(() => feed.events.some((e) => e.id === String(before)), 'the post before');
    await notes.untilEvents(1);

    expect((await call(two, reader.token, 'POST', `/users/${muted.id}/mute`)).status).toBe(200);
    const whileMuted = await post(muted, 'muted');
    await call(two, muted.token, 'POST', `/posts/${mine}/comment`, { content: 'unseen' });
    const sentinel = await post(other, 'sentinel');
    await call(two, other.token, 'POST', `/posts/${mine}/comment`, { content: 'seen' });
    await feed.until(() => feed.events.some((e) => e.id === String(sentinel)), 'the sentinel');
    await notes.until(() => notes.json().some((n) => n.actor.id === other.id), "the other's comment");
    expect(feed.events.map((e) => Number(e.id))).not.toContain(whileMuted);
    expect(notes.json().filter((n) => n.actor.id === muted.id)).toHaveLength(1); // the like from before

    expect((await call(two, reader.token, 'DELETE', `/users/${muted.id}/mute`)).status).toBe(200);
    expect((await call(two, reader.token, 'POST', `/users/${muted.id}/block`)).status).toBe(200);
    const whileBlocked = await post(muted, 'blocked');
    const last = await post(other, 'last');
    await feed.until(() => feed.events.some((e) => e.id === String(last)), 'the last post');
    expect(feed.events.map((e) => Number(e.id))).not.toContain(whileBlocked);
  });
});
