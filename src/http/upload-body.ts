import { IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { closeAfterAnswer, earnedMs, refuseBody } from './wire.js';

/** The parts a multipart upload may have: it takes a `file` and a `description`. */
export const MULTIPART_MAX_PARTS = 8;
/** A part's headers (its name, file name, type), at most: a field name of megabytes is refused unparsed. */
export const MULTIPART_MAX_HEADER_BYTES = 1024;

export interface UploadBodySettings {
  /** MEDIA_MIN_BODY_BYTES_PER_SECOND and MEDIA_BODY_GRACE_MS: a body earns its time as a stream does (earnedMs). */
  minBytesPerSecond: number;
  graceMs: number;
}

/** An upload's body as its readers take it (`feed`), and `cut`: aborted when it will not arrive whole. */
export interface UploadBody {
  feed: IncomingMessage;
  cut: AbortSignal;
}

/**
 * The body readers take (tRPC's adapter reads `req.body` when it is an IncomingMessage, and listens
 * only to its 'data' and 'end'): it ends when the request's body does, and also when the body is cut,
 * so no reader waits for a body that will never come. Destroyed by a reader that wants no more
 * (over MEDIA_MAX_BYTES), it calls `stop`.
 */
class BodyFeed extends IncomingMessage {
  constructor(private readonly stop: () => void) {
    super(null as unknown as Socket);
  }
  override _read(): void {
    // Fed as the request's body arrives (receiveUploadBody), whole: its place bounds it.
  }
  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.stop();
    done(error);
  }
}

/**
 * Receives an upload's body (after its place was taken, upload-gate.ts) into a feed its readers
 * take, and watches it as it arrives. It is cut (`cut` aborts, the feed ends) when the client
 * leaves, when the answer went before the body did (a 413), when it arrives slower than it earns
 * (earnedMs: 408, so slow senders cannot keep places; `onTooSlow` is told), or when a multipart
 * body has more than MULTIPART_MAX_PARTS parts or a part's headers more than
 * MULTIPART_MAX_HEADER_BYTES (400, from its bytes as they arrive, before any parser builds them).
 */
export function receiveUploadBody(
  req: IncomingMessage,
  res: ServerResponse,
  settings: UploadBodySettings,
  onTooSlow: () => void,
): UploadBody {
  const cut = new AbortController();
  // A reader that stops (its 413) has the rest dropped, and the connection closed after its answer.
  const feed = new BodyFeed(() => {
    if (!res.headersSent) closeAfterAnswer(req, res);
    end('The upload body was not read whole');
  });
  const started = performance.now();
  let received = req.readableLength;
  let ended = false;
  let timer: NodeJS.Timeout | undefined;
  const checkMultipart = multipartCheck(req.headers['content-type']);

  const end = (reason?: string) => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    req.off('data', onData);
    if (!reason) feed.push(null);
    else {
      cut.abort(new Error(reason));
      // Ended after the readers that cancel on `cut` have (tRPC's adapter closes its stream on 'end', even a cancelled one).
      setImmediate(() => feed.destroyed || feed.push(null));
    }
    // What still comes of a cut body is dropped (its connection closes after a refusal's answer).
    if (!req.complete) req.resume();
  };
  const refuse = (status: number, message: string, code: string) => {
    if (!res.headersSent) refuseBody(req, res, status, { message, code });
    end(message);
  };
  // Taken whole as it comes, read or not yet (its place allows it): so the rate is the sender's, never the reader's.
  const onData = (chunk: Buffer) => void feed.push(chunk);

  // Counted as the parser delivers them (as the body cap, wire.ts), before any reader takes them.
  const push = req.push.bind(req);
  req.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
    if (chunk !== null && !ended) {
      received += chunk.length;
      const refusal = checkMultipart?.(chunk);
      if (refusal) {
        refuse(400, refusal, 'BAD_REQUEST');
        return false;
      }
    }
    return push(chunk, encoding);
  };

  const checkRate = () => {
    const dueMs = earnedMs(received, settings.graceMs, settings.minBytesPerSecond) - (performance.now() - started);
    if (dueMs > 0) timer = setTimeout(checkRate, dueMs + 1).unref();
    else {
      onTooSlow();
      refuse(408, 'The upload body arrived too slowly (MEDIA_MIN_BODY_BYTES_PER_SECOND)', 'TIMEOUT');
    }
  };
  checkRate();

  req.on('data', onData);
  req.once('end', () => end());
  // Gone before the body came whole: the client left, or the answer went first (a refusal).
  req.once('close', () => end('The upload body was not received whole'));
  res.once('finish', () => end('The upload was answered before its body came whole'));
  res.once('close', () => end('The upload body was not received whole'));
  return { feed, cut: cut.signal };
}

/**
 * Checks a multipart body from its bytes as they arrive, a bounded scan per chunk: it counts the
 * parts (each delimiter is the boundary after `--`, which the parts' bytes never contain) and
 * measures each part's headers (a delimiter to the blank line). Returns the refusal, if any, once
 * there are more than MULTIPART_MAX_PARTS parts or a part's headers pass MULTIPART_MAX_HEADER_BYTES
 * (a field name of megabytes). Undefined for any other body.
 */
function multipartCheck(contentType: string | undefined): ((chunk: Buffer) => string | undefined) | undefined {
  const boundary = /^\s*multipart\/form-data\s*;.*\bboundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType ?? '');
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const keep = Math.max(delimiter.length, HEADERS_END.length) - 1; // what may continue into the next chunk
  let tail = Buffer.alloc(0);
  let scanned = 0; // bytes before `tail`
  let delimiters = 0;
  let headersFrom: number | undefined; // where the open part's headers began, counted from the body's start
  return (chunk) => {
    const bytes = tail.length ? Buffer.concat([tail, chunk]) : chunk;
    const base = scanned;
    let at = 0;
    for (;;) {
      if (headersFrom !== undefined) {
        const end = bytes.indexOf(HEADERS_END, Math.max(at, headersFrom - base));
        if ((end === -1 ? base + bytes.length : base + end) - headersFrom > MULTIPART_MAX_HEADER_BYTES)
          return `A multipart part's headers have at most ${MULTIPART_MAX_HEADER_BYTES} bytes`;
        if (end === -1) break;
        headersFrom = undefined;
        at = end + HEADERS_END.length;
      }
      const next = bytes.indexOf(delimiter, at);
      if (next === -1) break;
      // The last delimiter closes the body: parts are the delimiters before it.
      if (++delimiters - 1 > MULTIPART_MAX_PARTS) return `A multipart upload has at most ${MULTIPART_MAX_PARTS} parts`;
      at = next + delimiter.length;
      headersFrom = base + at;
    }
    const from = Math.max(at, bytes.length - keep);
    tail = Buffer.from(bytes.subarray(from));
    scanned = base + from;
    return undefined;
  };
}

const HEADERS_END = Buffer.from('\r\n\r\n');
