/**
 * Several statements read from one read-only snapshot on a borrowed pool connection, their rows
 * fetched ROWS_PER_FETCH at a time: what an answer written as it is read needs
 * (http/json-stream.ts), with the cursor, transaction and cancel protocol in one place and its
 * progress in one explicit state.
 */
import type { Client } from 'pg';
import QueryStream from 'pg-query-stream';
import { CLIENT_DEADLINE_MARGIN_MS } from '../../mikro-orm.config.js';
import { borrowConnection, type Database, type DriverStatement } from './sql.js';

/** A streamed answer may take minutes on a large data set; every other statement keeps the short limit. */
const STREAM_STATEMENT_TIMEOUT_MS = 10 * 60_000;
/** Rows fetched per round trip: what one read holds of its statement's rows at a time. */
const ROWS_PER_FETCH = 20;

type Borrowed = Awaited<ReturnType<typeof borrowConnection>>;

/**
 * Where a read is:
 * - `idle`: nothing borrowed yet (or borrowing failed);
 * - `borrowed`: a connection, its transaction not begun (or its begin failed);
 * - `open`: in its transaction, whose server process is `pid`;
 * - `ended`: the transaction ended (or a failed begin was rolled back); `inStep` says whether what
 *   answered was that command's own answer, that is, whether the connection may serve others;
 * - `released`: the connection went back to the pool (closed first unless in step).
 * `cancel`, once the reader's client has left: the cancel sent for `pid`, awaited before the
 * transaction ends, so it can never reach another request's statement.
 */
type ReadState =
  | { at: 'idle' }
  | { at: 'borrowed'; borrowed: Borrowed }
  | { at: 'open'; borrowed: Borrowed; pid: number; cancel?: Promise<void> }
  | { at: 'ended'; borrowed: Borrowed; pid?: number; inStep: boolean; cancel?: Promise<void> }
  | { at: 'released' };

export class SnapshotRead {
  private state: ReadState = { at: 'idle' };

  constructor(private readonly db: Database) {}

  /** Borrows a connection and begins the read-only transaction, with a statement timeout that fits a long read. */
  async begin(): Promise<void> {
    if (this.state.at !== 'idle') throw new Error(`a snapshot read begins once (it is ${this.state.at})`);
    const borrowed = await borrowConnection(this.db);
    this.state = { at: 'borrowed', borrowed };
    const started = (await borrowed.client.query(
      `begin isolation level repeatable read read only; set local statement_timeout = ${STREAM_STATEMENT_TIMEOUT_MS};
       select pg_backend_pid() as pid`,
    )) as unknown as { rows: { pid: number }[] }[];
    this.state = { at: 'open', borrowed, pid: started.at(-1)!.rows[0]!.pid };
  }

  /**
   * Cancels what the read's statement runs (a large sort says nothing until its first row), so that
   * its connection comes back now: for a client that has left.
   */
  cancel(): void {
    const { state } = this;
    if ((state.at === 'open' || state.at === 'ended') && state.pid !== undefined && !state.cancel) {
      const { pid } = state;
      state.cancel = state.borrowed.cancel(pid).catch(() => undefined);
    }
  }

  /** The rows of one statement of the read, in its snapshot. */
  rows<T>(statement: DriverStatement): AsyncGenerator<T> {
    if (this.state.at !== 'open')
      throw new Error(`a snapshot read's rows come while it is open (it is ${this.state.at})`);
    const { client } = this.state.borrowed;
    return rowsUntilLost<T>(statementRows(client, statement), client);
  }

  /**
   * Ends the transaction, once a cancel sent has been; whether the connection is in step with the
   * server (false: it would hand its next statement another one's answer). False when nothing was borrowed.
   */
  async end(command: 'COMMIT' | 'ROLLBACK'): Promise<boolean> {
    const { state } = this;
    if (state.at !== 'borrowed' && state.at !== 'open' && state.at !== 'ended') return false;
    const cancel = state.at === 'borrowed' ? undefined : state.cancel;
    await cancel;
    const inStep = (await state.borrowed.client.query(command)).command === command;
    const pid = state.at === 'borrowed' ? undefined : state.pid;
    this.state = { at: 'ended', borrowed: state.borrowed, pid, inStep, cancel };
    return inStep;
  }

  /**
   * Gives the connection back, once a cancel sent has been (PostgreSQL ignores one that finds the
   * connection idle): closed first unless the transaction ended in step.
   */
  async release(): Promise<void> {
    const { state } = this;
    if (state.at === 'idle' || state.at === 'released') return;
    this.state = { at: 'released' };
    if (state.at !== 'borrowed') await state.cancel;
    await state.borrowed.release({ discard: !(state.at === 'ended' && state.inStep) });
  }
}

/**
 * The rows of one statement, fetched ROWS_PER_FETCH at a time. Only its reader stops it, between
 * rows: a cursor closed before PostgreSQL has described its rows (say, on the client leaving just
 * after the statement was sent) sends a second Sync once they arrive (pg-cursor 2.x), whose
 * ReadyForQuery then ends the connection's next statement before its own answer: the connection is
 * out of step ("Received unexpected commandComplete message from backend"), and may hand a
 * statement another's rows. After a row, a close is safe whatever fetch is under way.
 */
function statementRows(connection: Client, { text, values }: DriverStatement): QueryStream {
  // The client-side deadline of this one statement follows its own, longer, statement timeout.
  const stream = Object.assign(new QueryStream(text, values, { batchSize: ROWS_PER_FETCH }), {
    query_timeout: STREAM_STATEMENT_TIMEOUT_MS + CLIENT_DEADLINE_MARGIN_MS,
  });
  return connection.query(stream);
}

/**
 * The stream's rows, failing as soon as its connection is lost. A stream on a dead connection never
 * ends by itself: destroying it closes its cursor, and pg-cursor then waits for a readyForQuery
 * that a dead connection never sends. Each step gets a watcher of its own: racing every row against
 * one long-lived "lost" promise would keep every row alive until the stream ended.
 */
async function* rowsUntilLost<T>(rows: QueryStream, connection: Client): AsyncGenerator<T> {
  let lost: Error | undefined;
  let failStep: ((error: Error) => void) | undefined;
  const onLost = (error?: Error) => failStep?.((lost = error ?? new Error('database connection ended')));
  const untilLost = <R>(step: Promise<R>) =>
    new Promise<R>((resolve, reject) => {
      if (lost) return reject(lost);
      failStep = reject;
      step.then(resolve, reject);
    });
  connection.once('error', onLost).once('end', onLost);
  const iterator = (rows as AsyncIterable<T>)[Symbol.asyncIterator]();
  let atRow = false; // suspended at a row, where the caller may stop
  try {
    for (;;) {
      const next = await untilLost(iterator.next());
      if (next.done) return;
      atRow = true;
      yield next.value;
      atRow = false;
    }
  } finally {
    // Stopped by the caller on a live connection: its cursor is closed (PostgreSQL has said so, the
    // stream then emits 'close') before the connection is used again. After an error the caller's
    // rollback comes first: a cursor closed after its error waits for the next ReadyForQuery.
    const closed = atRow && new Promise((resolve) => (rows.closed ? resolve(undefined) : rows.once('close', resolve)));
    await untilLost(Promise.resolve(iterator.return?.()).then(() => closed)).finally(() =>
      connection.off('error', onLost).off('end', onLost),
    );
  }
}
