import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { MEDIA_ANSWER_WAIT_MS } from '../../src/media/media-services.js';
import type { MediaAttachment } from '../../src/media/media.schemas.js';
import type { Harness, TestUser } from '../support/harness.js';

/**
 * The upload once it is no longer processing (GET /media/{id}), without any timing assumption: asked
 * often (a small image is ready in moments), for at most a minute.
 */
export async function settled(h: Harness, user: TestUser, id: number): Promise<MediaAttachment> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { body } = await h.request<MediaAttachment>('GET', `/media/${id}`, { token: user.token });
    if (body.state !== 'processing') return body;
    await sleep(20);
  }
  throw new Error(`media ${id} still processing`);
}

/** The answer of an upload that may have answered 202 (`ready`: its other status): the attachment once ready. */
export async function settledAnswer(
  h: Harness,
  user: TestUser,
  response: Response,
  ready: number,
): Promise<MediaAttachment> {
  const body = (await response.json()) as MediaAttachment;
  expect([ready, 202], JSON.stringify(body)).toContain(response.status);
  return response.status === ready ? body : settled(h, user, body.id);
}

/**
 * Runs `test` while `holder` takes the processor's one turn and answers do not wait for processing,
 * so uploads answer 202; `release` frees the turn.
 */
export async function whileProcessing(
  h: Harness,
  holder: TestUser,
  test: (release: () => void) => Promise<void>,
): Promise<void> {
  const { media } = h.services;
  let release = () => {};
  const busy = media.processor.inTurn(holder.id, () => new Promise<void>((resolve) => (release = resolve)));
  media.answerWaitMs = 0;
  try {
    await test(() => release());
  } finally {
    release();
    await busy;
    media.answerWaitMs = MEDIA_ANSWER_WAIT_MS;
  }
}
