import { TRPCError } from '@trpc/server';
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import sharp from 'sharp';
import { RateLimited, tooMany } from '../platform/errors.js';
import { countRateLimited } from '../platform/metrics.js';
import { Deadlines } from '../platform/deadlines.js';
import { processImage, type MediaLimits, type ProcessedImage } from './process-image.js';

/** How soon an upload refused a place in the processing queue may try again. */
export const MEDIA_QUEUE_RETRY_AFTER_SECONDS = 2;
export const MEDIA_QUEUE_FULL = 'Too many images are being processed (see Retry-After)';
/** How long a user whose upload body came too slowly waits for the next place (coolDown). */
export const SLOW_UPLOAD_COOLDOWN_SECONDS = 30;
/** Users one process remembers cooling down, at most. */
const COOLING_MAX = 10_000;

export interface MediaProcessorSettings extends MediaLimits {
  /** Images decoded and encoded at once in this process (MEDIA_PROCESS_MAX). */
  concurrency: number;
  /** Images waiting for a turn in this process, at most (MEDIA_QUEUE_MAX): then 503. */
  queueMax: number;
  /** Images of one user running or waiting at once, at most (MEDIA_QUEUE_PER_USER): then 429. */
  perUser: number;
}

/**
 * A place in the processing queue, taken before an upload's body is read: the bodies a process
 * holds are then bounded by its places (MEDIA_PROCESS_MAX + MEDIA_QUEUE_MAX, each at most
 * MEDIA_MAX_BYTES), however many clients send at once. `process` runs in it and gives it back;
 * `release` gives back one that will not be used.
 */
export interface ProcessingPlace {
  process(bytes: Buffer): Promise<ProcessedImage>;
  /** Runs `work` in the place, in turn, and gives the place back. */
  run<T>(work: () => Promise<T>): Promise<T>;
  release(this: void): void;
}

/**
 * Image processing off the event loop, bounded: libvips runs on libuv's threads, one thread per
 * image (so `concurrency` images take at most that many cores), at most `concurrency` at once, the
 * rest waiting in the order they came, at most `queueMax` of them. One user holds at most `perUser`
 * places, so a flood from one account cannot fill the queue for others. Refusals cost no decoding.
 */
export class MediaProcessor {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Places taken whose work has not yet started or queued (an upload's body being read). */
  private reserved = 0;
  private readonly places = new Map<number, number>(); // user → images running or waiting
  private readonly cooling = new Deadlines<number>(COOLING_MAX); // users refused a place for a while

  constructor(private readonly settings: MediaProcessorSettings) {
    // libvips would otherwise give each image a thread per core, so `concurrency` would not bound CPU.
    sharp.concurrency(1);
  }

  /** Images running and waiting now (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Places held now: reserved (a body being read), running and waiting (for tests and metrics). */
  get placesHeld(): number {
    return this.reserved + this.running + this.waiting.length;
  }

  /** A place for `userId`'s image; 429 or 503 with Retry-After when there is none. */
  reserve(userId: number): ProcessingPlace {
    const cooling = this.cooling.secondsLeft(userId);
    if (cooling > 0) throw tooMany(cooling, 'media-slow-upload');
    const mine = this.places.get(userId) ?? 0;
    if (mine >= this.settings.perUser) throw tooMany(MEDIA_QUEUE_RETRY_AFTER_SECONDS, 'media-processing');
    const { concurrency, queueMax } = this.settings;
    if (this.running + this.waiting.length + this.reserved >= concurrency + queueMax) {
      countRateLimited('media-processing');
      throw new TRPCError({
        code: 'SERVICE_UNAVAILABLE',
        message: MEDIA_QUEUE_FULL,
        cause: new RateLimited(MEDIA_QUEUE_RETRY_AFTER_SECONDS),
      });
    }
    this.places.set(userId, mine + 1);
    this.reserved++;
    let given = false;
    const giveBack = () => {
      if (given) return;
      given = true;
      const left = this.places.get(userId)! - 1;
      if (left === 0) this.places.delete(userId);
      else this.places.set(userId, left);
    };
    let started = false;
    const run = async <T>(work: () => Promise<T>): Promise<T> => {
      if (started || given) throw new Error('a processing place is used once');
      started = true;
      this.reserved--;
      try {
        return await this.inOrder(work);
      } finally {
        giveBack();
      }
    };
    return {
      run,
      process: (bytes) => run(() => processImage(bytes, this.settings)),
      release: () => {
        if (started || given) return;
        this.reserved--;
        giveBack();
      },
    };
  }

  /**
   * Refuses `userId` a place (429) for SLOW_UPLOAD_COOLDOWN_SECONDS: their upload's body came too
   * slowly. A slow sender would otherwise hang up and hold a new place at once, again and again.
   */
  coolDown(userId: number): void {
    this.cooling.refuse(userId, SLOW_UPLOAD_COOLDOWN_SECONDS);
  }

  /** Processes `bytes` for `userId` in a place of their own (429 or 503 when there is none). */
  process(userId: number, bytes: Buffer): Promise<ProcessedImage> {
    return this.reserve(userId).process(bytes);
  }

  /** Runs `work` in a processing place of `userId`'s (for tests that need a slow job). */
  async inTurn<T>(userId: number, work: () => Promise<T>): Promise<T> {
    return this.reserve(userId).run(work);
  }

  /** Runs `work` once one of `concurrency` turns is free, in the order asked. */
  private async inOrder<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.settings.concurrency) await new Promise<void>((turn) => this.waiting.push(turn));
    else this.running++;
    yieldCoresToRequests();
    try {
      return await work();
    } finally {
      // The turn passes to the first waiting, still counted as running.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** The niceness of the process's threads but its main one (libuv's pool, where libvips works, and V8's helpers). */
export const WORKER_THREAD_NICENESS = 10;
const lowered = new Set<string>();

/**
 * Images decode and encode on libuv's pool at the main thread's priority, so on a small machine
 * they take the cores the event loop and PostgreSQL answer other requests with. On Linux each
 * thread has its own niceness (setpriority on a thread id): the process's other threads are lowered
 * (threads they start, libvips's own, inherit it), and the event loop wins whenever both want a core,
 * while images still take every core left idle. Elsewhere, a no-op.
 */
function yieldCoresToRequests(): void {
  if (process.platform !== 'linux') return;
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const thread of threads) {
    if (thread === String(process.pid) || lowered.has(thread)) continue;
    lowered.add(thread);
    try {
      setPriority(Number(thread), WORKER_THREAD_NICENESS);
    } catch {
      // A thread that ended meanwhile, or a system that refuses: processing runs as before.
    }
  }
}
