import type { Request, Response } from 'express';
import { assertSessionOpen } from '../auth/auth.queries.js';
import { authenticate, type SessionUser } from '../auth/authenticate.js';
import { isDatabaseUnavailable, type OutageLog } from '../trpc/error-handling.js';
import type { ApiErrorBody } from '../platform/errors.js';
import {
  LARGE_ANSWER_RETRY_AFTER_SECONDS,
  LARGE_ANSWERS_PER_PROCESS,
  LARGE_ANSWERS_PER_USER,
  largeAnswerSlots,
  type SlotHolder,
} from '../trpc/large-answers.js';
import { earnedMs } from './wire.js';
import { sendJsonText } from './send-json.js';
import { asksForPage, type DocumentPart, type ListStream } from '../trpc/list-stream.js';
import { countRateLimited } from '../platform/metrics.js';
import { SnapshotRead } from '../db/snapshot-read.js';
import { bearerToken, clientAddressOf, type AppServices } from '../trpc/trpc.js';

/** What the first statement's failure means: a 503 (see rest.ts) when the database is away; else null, the procedure answers (an ended session's 401, say). */
function procedureAnswers(error: unknown): null {
  if (isDatabaseUnavailable(error)) throw error;
  return null;
}

/**
 * Lists asked for unpaged over REST (defineList, trpc/lists.ts) are written as their statements'
 * rows arrive, with backpressure, from one snapshot (db/snapshot-read.ts): memory per answer is
 * bounded (a list's `wholeUpTo` bytes, and one fetch of rows) however large the data, and the
 * JSON is the procedures' own (the same fragments of sql.ts), byte for byte. Anything else (pages, invalid
 * input, errors, an empty first statement that may be a 404 or a bad cursor's 400) goes on to the
 * procedure. Like withOutputBuiltBySql, nothing re-validates the output at run time: the
 * byte-equality tests (stream.test.ts, rest-list-bounds.test.ts) hold each list's stream to its procedure.
 *
 * A stream holds a pool connection (and its snapshot) while the client reads, so a client that
 * reads slowly or not at all must not be able to pin the pool: streams are capped per process and
 * per user, and one whose client stalls or trickles (STREAM_STALL_TIMEOUT_MS, STREAM_MIN_BYTES_PER_SECOND) is cut.
 */
export class JsonStreams {
  private readonly viaProxy: boolean;

  constructor(
    private readonly services: AppServices,
    private readonly outages: OutageLog,
  ) {
    this.viaProxy = services.config.TRUST_PROXY !== 'false';
  }

  /**
   * Answers a list that REST reads unpaged (`raw`, its REST input), streamed; false when its
   * procedure must answer instead (nothing was sent): a page, invalid input, no valid token, or an
   * empty first statement. A database that is away throws: a 503 (see rest.ts).
   */
  async answer(
    req: Request,
    res: Response,
    list: ListStream,
    raw: Record<string, unknown> | undefined,
  ): Promise<boolean> {
    if (asksForPage(raw)) return false;
    const parsed = list.input.safeParse(raw);
    if (!parsed.success) return false; // the procedure answers the 401 or 400
    const input = parsed.data;
    // A HEAD costs what its head does: the list statement is not run (docs/limits.md).
    if (req.method === 'HEAD') {
      await this.answerHead(req, res, list.anonymous);
      return true;
    }
    if (list.anonymous) {
      const holder = `address:${clientAddressOf(req, this.viaProxy)}`;
      return this.send(req, res, holder, { parts: list.document(input, 0), wholeUpTo: list.wholeUpTo });
    }
    // The session is checked by the first statement: the whole answer's, or assertSessionOpen's.
    const user = await authenticate(this.services, bearerToken(req.headers.authorization), {
      sessionNow: false,
    }).catch(() => null);
    if (!user) return false; // the procedure answers the 401, in the one error format
    const { reads } = this.services;
    // With replicas, the session is checked on the primary first and the answer read from a replica that fits.
    const answered = await (reads
      ? reads.asReader(user, () => this.sendWholeOrStream(req, res, list, input, user))
      : this.sendWholeOrStream(req, res, list, input, user));
    return answered !== 'ended' && answered;
  }

  /** Sends the answer; false when the procedure must answer instead (nothing was sent). */
  private async sendWholeOrStream(
    req: Request,
    res: Response,
    list: ListStream,
    input: unknown,
    user: SessionUser,
  ): Promise<boolean> {
    const { orm } = this.services;
    const { userId } = user;
    const { wholeUpTo } = list;
    // An answer known to be large takes its slot before the session check: a refused one costs no pool connection.
    const slotHeld = wholeUpTo === 0 && (await this.takeSlot(req, res, userId, true));
    if (wholeUpTo === 0 && !slotHeld) return true;
    let sending = false;
    try {
      if (!user.sessionChecked && (await assertSessionOpen(orm, user).catch(procedureAnswers)) === null) return false;
      this.outages.succeeded();
      sending = true; // send releases the slot from here
      return await this.send(req, res, userId, { parts: list.document(input, userId), wholeUpTo, slotHeld });
    } finally {
      if (slotHeld && !sending) this.releaseSlot(req, userId);
    }
  }

  /** Streams the document; false when the procedure must answer instead (nothing was sent). */
  private async send(
    req: Request,
    res: Response,
    userId: SlotHolder,
    { parts, wholeUpTo, slotHeld = false }: { parts: DocumentPart[]; wholeUpTo: number; slotHeld?: boolean },
  ): Promise<boolean> {
    const { STREAM_STALL_TIMEOUT_MS, STREAM_MIN_BYTES_PER_SECOND } = this.services.config;
    // An answer known to be large asks for its slot (unless its caller holds it) before it takes a pool connection.
    let slotTaken = slotHeld || (wholeUpTo === 0 && (await this.takeSlot(req, res, userId, true)));
    if (wholeUpTo === 0 && !slotTaken) return true;
    let buffered: string[] | undefined = []; // until the answer outgrows `wholeUpTo` (and its first row)
    let bufferedBytes = 0;
    let refused = false;
    let sentBytes = 0;
    let waitedMs = 0; // on the client: the only time a slow reader costs a slot
    /** Buffers, then (holding a slot) streams; false once the answer has ended: refused, or the client gone. */
    const write = async (text: string, isRow: boolean): Promise<boolean> => {
      if (buffered) {
        buffered.push(text);
        bufferedBytes += Buffer.byteLength(text);
        if (!isRow || bufferedBytes <= wholeUpTo) return true;
        // Its statement is under way, holding a connection: no waiting for a slot here.
        slotTaken ||= await this.takeSlot(req, res, userId, false);
        if ((refused = !slotTaken)) return false;
        res.writeHead(200, ['Content-Type', 'application/json']); // as sendJsonText, without a length
        text = buffered.join('');
        buffered = undefined;
      }
      // A client may keep the stream waiting STREAM_STALL_TIMEOUT_MS, plus a second per
      // STREAM_MIN_BYTES_PER_SECOND it has taken: one that stalls or trickles loses it, and the
      // connection goes back. One that has left takes nothing more (its 'close' has passed).
      if (res.destroyed) return false;
      sentBytes += Buffer.byteLength(text);
      if (res.write(text)) return true;
      const allowedMs = earnedMs(sentBytes, STREAM_STALL_TIMEOUT_MS, STREAM_MIN_BYTES_PER_SECOND) - waitedMs;
      const waitStarted = performance.now();
      if (!(await writableOrClosed(res, Math.max(0, Math.min(STREAM_STALL_TIMEOUT_MS, allowedMs))))) res.destroy();
      waitedMs += performance.now() - waitStarted;
      return !res.destroyed;
    };

    // A client that leaves while a statement runs has it cancelled (snapshot-read.ts), so that its
    // slot and connection come back now.
    const read = new SnapshotRead(this.services.orm);
    const cancelOnLeave = () => read.cancel();
    res.once('close', cancelOnLeave);
    let noFirstRow = false;
    try {
      await read.begin();
      if (res.destroyed) {
        await read.end('ROLLBACK'); // gone already: nothing to run
        return true;
      }
      const firstStatement = parts.find((part) => typeof part !== 'string');
      let ended = false;
      for (const part of parts) {
        if (typeof part === 'string') ended = !(await write(part, false));
        else {
          let rows = 0;
          let separator = '';
          for await (const row of read.rows<{ json: string }>(part)) {
            rows++;
            if ((ended = !(await write(separator + row.json, true)))) break;
            separator = ',';
          }
          noFirstRow = part === firstStatement && rows === 0;
        }
        if (ended || noFirstRow) break;
      }
      if (!(await read.end(ended || noFirstRow ? 'ROLLBACK' : 'COMMIT')))
        req.log?.error('a stream left its connection out of step with the database: it is closed');
      this.outages.succeeded(); // the database answered: an incident, if one was open, is over
    } catch (error) {
      await read.end('ROLLBACK').catch(() => false);
      // A reader that left (its statement cancelled), or that was cut for stalling, ends its stream early: no failure.
      if (res.destroyed) {
        req.log?.info('streamed answer ended early: the client left or stalled');
        res.destroy();
        return true;
      }
      // Nothing sent yet: a lost database is a 503 (see handler); the procedure answers anything else.
      if (!res.headersSent) {
        if (isDatabaseUnavailable(error)) throw error;
        return false;
      }
      if (isDatabaseUnavailable(error)) this.outages.failed(error);
      else req.log?.error({ err: error }, 'streaming an answer failed');
      res.destroy(); // a truncated body must not pass for a whole one
      return true;
    } finally {
      res.off('close', cancelOnLeave);
      await read.release();
      if (slotTaken) this.releaseSlot(req, userId);
    }
    if (noFirstRow) return false;
    if (refused || res.destroyed) return true; // answered 429/503, or the client has gone
    if (buffered) sendJsonText(res, 200, {}, buffered.join(''));
    else res.end();
    return true;
  }

  /** A slot for a large answer (large-answers.ts), or the 429 (this user) / 503 (this process) that says to come back. */
  private async takeSlot(req: Request, res: Response, userId: SlotHolder, wait: boolean): Promise<boolean> {
    const slots = largeAnswerSlots(this.services);
    const address = clientAddressOf(req, this.viaProxy);
    const refused = wait ? await slots.acquire(userId, address) : slots.take(userId, address);
    if (!refused) return true;
    const perUser = refused === 'user';
    if (perUser) countRateLimited('large-answers');
    res
      .status(perUser ? 429 : 503)
      .set('Retry-After', String(LARGE_ANSWER_RETRY_AFTER_SECONDS))
      .json({
        message: perUser ? LARGE_ANSWERS_PER_USER : LARGE_ANSWERS_PER_PROCESS,
        code: perUser ? 'TOO_MANY_REQUESTS' : 'SERVICE_UNAVAILABLE',
      } satisfies ApiErrorBody);
    return false;
  }

  /**
   * A HEAD of a large answer: its status and headers, without the statements that would build it.
   * The session is checked (a 401 as GET's); whether a `before` or an `{id}` names something is not
   * (GET's 400 or 404).
   */
  private async answerHead(req: Request, res: Response, anonymous = false): Promise<void> {
    if (!anonymous) {
      const user = await authenticate(this.services, bearerToken(req.headers.authorization), {
        sessionNow: false,
      }).catch(() => null);
      if (!user) return void res.status(401).set('WWW-Authenticate', 'Bearer').end();
      if (!user.sessionChecked && (await assertSessionOpen(this.services.orm, user).catch(() => null)) === null)
        return void res.status(401).set('WWW-Authenticate', 'Bearer').end();
    }
    res.writeHead(200, ['Content-Type', 'application/json']);
    res.end();
  }

  private releaseSlot(req: Request, userId: SlotHolder): void {
    largeAnswerSlots(this.services).release(userId, clientAddressOf(req, this.viaProxy));
  }
}

/** Resolves true when the socket takes more data or the client has gone, false after `timeoutMs` without. */
function writableOrClosed(res: Response, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (writable: boolean) => () => {
      clearTimeout(timer);
      res.off('drain', onDrain);
      res.off('close', onDrain);
      resolve(writable);
    };
    const onDrain = done(true);
    const timer = setTimeout(done(false), timeoutMs);
    res.on('drain', onDrain);
    res.on('close', onDrain);
  });
}
