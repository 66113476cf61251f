import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { retryAfterOf } from '../../src/platform/errors.js';
import { MEDIA_QUEUE_RETRY_AFTER_SECONDS, MediaProcessor } from '../../src/media/processor.js';
import { DEFAULT_MEDIA_MAX_BYTES, DEFAULT_MEDIA_MAX_PIXELS } from '../../src/media/process-image.js';
import { jpeg } from './images.js';

const settings = {
  maxBytes: DEFAULT_MEDIA_MAX_BYTES,
  maxPixels: DEFAULT_MEDIA_MAX_PIXELS,
  concurrency: 1,
  queueMax: 2,
  perUser: 2,
};

/** A job that runs until its `finish` is called, and says when it started. */
function gate() {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: () => {
      started = true;
      return done;
    },
    finish,
    get started() {
      return started;
    },
  };
}

/** How `promise` was refused: at once, before any work (a place that was given never settles here). */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; retryAfter: number | undefined }> {
  const error = await Promise.race([
    promise.then(
      () => undefined,
      (thrown: unknown) => thrown,
    ),
    new Promise((resolve) => setImmediate(() => resolve('not refused at once'))),
  ]);
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, retryAfter: retryAfterOf(error) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('MediaProcessor', () => {
  it('runs at most `concurrency` images at once, the rest in the order they came', async () => {
    const processor = new MediaProcessor({ ...settings, queueMax: 8, perUser: 8 });
    const jobs = [gate(), gate(), gate()];
    const order: number[] = [];
    const runs = jobs.map((job, i) => processor.inTurn(i, () => job.work().then(() => order.push(i))));
    await settle();
    expect(jobs.map((job) => job.started)).toEqual([true, false, false]);
    expect(processor.load).toEqual({ running: 1, waiting: 2 });
    jobs[0]!.finish();
    await settle();
    expect(jobs.map((job) => job.started)).toEqual([true, true, false]);
    jobs[1]!.finish();
    jobs[2]!.finish();
    await Promise.all(runs);
    expect(order).toEqual([0, 1, 2]);
    expect(processor.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a user past their places with 429, and anyone past the queue with 503, both with Retry-After', async () => {
    const processor = new MediaProcessor(settings);
    const running = gate();
    const first = processor.inTurn(1, running.work); // user 1: running
    const second = processor.inTurn(1, running.work); // user 1: waiting (their second place)
    expect(await refusal(processor.inTurn(1, running.work))).toEqual({
      code: 'TOO_MANY_REQUESTS',
      retryAfter: MEDIA_QUEUE_RETRY_AFTER_SECONDS,
    });
    const third = processor.inTurn(2, running.work); // user 2: waiting; the queue (2) is full
    expect(await refusal(processor.inTurn(3, running.work))).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      retryAfter: MEDIA_QUEUE_RETRY_AFTER_SECONDS,
    });
    running.finish();
    await Promise.all([first, second, third]);
    // Places are given back: the same users are served again.
    await processor.inTurn(1, () => Promise.resolve());
    await processor.inTurn(3, () => Promise.resolve());
    expect(processor.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives a place back when a job fails', async () => {
    const processor = new MediaProcessor({ ...settings, perUser: 1 });
    await expect(processor.inTurn(1, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(processor.process(1, Buffer.from('not an image'))).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const image = await processor.process(1, await jpeg(100, 50));
    expect(image.full).toMatchObject({ width: 100, height: 50 });
    expect(processor.load).toEqual({ running: 0, waiting: 0 });
  });
});
