import { Socket } from 'node:net';
import { DEFAULT_MAX_ROW_BYTES } from '../platform/config.js';

/**
 * The guard on every connection to PostgreSQL: a backend message over `maxRowBytes`
 * never reaches pg-protocol, which would buffer it whole and, past V8's string limit, throw inside
 * the socket's 'data' handler, where nothing catches it and the process dies. Its bytes are
 * dropped as they arrive, and an ErrorResponse (54000, program_limit_exceeded) takes its place,
 * so pg fails the statement as for any server error.
 *
 * Each backend message is a type byte, then a length that counts its own 4 bytes but not the type.
 */

export const ROW_TOO_LARGE_CODE = '54000';

const HEADER_BYTES = 5;
const DATA_ROW = 0x44; // 'D'
const READY_FOR_QUERY = 0x5a; // 'Z'
/** NotificationResponse, NoticeResponse, ParameterStatus: they may come between statements, outside any answer. */
const ASYNCHRONOUS = new Set([0x41, 0x4e, 0x53]);

/** An ErrorResponse as the server writes one: severity, code and message fields. */
function errorResponse(message: string): Buffer {
  const fields = Buffer.concat(
    [
      ['S', 'ERROR'],
      ['V', 'ERROR'],
      ['C', ROW_TOO_LARGE_CODE],
      ['M', message],
    ].map(([field, value]) => Buffer.from(`${field}${value}\0`, 'utf8')),
  );
  const header = Buffer.alloc(HEADER_BYTES);
  header.write('E', 0, 'latin1');
  header.writeUInt32BE(4 + fields.length + 1, 1);
  return Buffer.concat([header, fields, Buffer.alloc(1)]);
}

/**
 * A socket whose incoming bytes pass through the guard. After an injected error, the rest of that
 * statement's answer is dropped up to its ReadyForQuery, which pg then reads as it does after any
 * error, so the connection stays in step and usable. A message over the limit outside an answer
 * (a notification) cannot be put in step that way: the error is injected and the connection closed.
 */
class GuardedSocket extends Socket {
  private readonly header = Buffer.alloc(HEADER_BYTES);
  private headerFill = 0;
  /** Bytes of the current message's body still to come, and whether they are passed on. */
  private remaining = 0;
  private keep = true;
  /** Between an injected error and the answer's ReadyForQuery. */
  private dropping = false;

  constructor(private readonly maxRowBytes: number) {
    super();
  }

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event !== 'data' || !Buffer.isBuffer(args[0])) return super.emit(event, ...args);
    const chunk = args[0];
    const pieces = this.screen(chunk);
    if (pieces.length === 0) return false;
    return super.emit('data', pieces.length === 1 ? pieces[0] : Buffer.concat(pieces));
  }

  private screen(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let runStart = 0; // where the bytes passed on as they are began
    const flush = (end: number) => {
      if (end > runStart) out.push(chunk.subarray(runStart, end));
    };
    let i = 0;
    while (i < chunk.length) {
      if (this.remaining > 0) {
        const n = Math.min(this.remaining, chunk.length - i);
        if (!this.keep) {
          flush(i);
          runStart = i + n;
        }
        this.remaining -= n;
        i += n;
        continue;
      }
      const headerStart = i;
      const split = this.headerFill > 0;
      const n = Math.min(HEADER_BYTES - this.headerFill, chunk.length - i);
      chunk.copy(this.header, this.headerFill, i, i + n);
      this.headerFill += n;
      i += n;
      if (this.headerFill < HEADER_BYTES) {
        // The header's start waits for the next chunk, and goes out with the rest of it.
        flush(headerStart);
        runStart = i;
        break;
      }
      this.headerFill = 0;
      const type = this.header[0]!;
      const bodyBytes = this.header.readUInt32BE(1) - 4;
      this.remaining = bodyBytes;
      const over = bodyBytes > this.maxRowBytes;
      this.keep = !over && (!this.dropping || type === READY_FOR_QUERY || ASYNCHRONOUS.has(type));
      if (!this.keep || split) {
        flush(headerStart);
        if (this.keep) out.push(Buffer.from(this.header));
        runStart = i;
      }
      if (type === READY_FOR_QUERY) this.dropping = false;
      // One error per statement: later rows over the limit go with the rest of its answer.
      if (over && !this.dropping) {
        const what = type === DATA_ROW ? 'row' : `message '${String.fromCharCode(type)}'`;
        out.push(
          errorResponse(
            `${what} of ${bodyBytes} bytes is over the DB_MAX_ROW_BYTES limit of ${this.maxRowBytes} bytes`,
          ),
        );
        if (ASYNCHRONOUS.has(type)) process.nextTick(() => this.destroy());
        else this.dropping = true;
      }
    }
    flush(chunk.length);
    return out;
  }
}

/**
 * pg's `stream` option, for every pg Client and pool (the ORM's, the LISTEN connection, the
 * migration lock): a guarded socket. A TLS connection's bytes are encrypted below pg, where the
 * guard cannot read them, so it gets a plain socket.
 */
export function rowGuard(maxRowBytes = DEFAULT_MAX_ROW_BYTES): (config?: { ssl?: unknown }) => Socket {
  return (config) => (config?.ssl ? new Socket() : new GuardedSocket(maxRowBytes));
}
