import { namedStatement, type Statement } from '../db/sql.js';
import { OPEN_SESSION, runForSession, type SessionScope } from './session.js';
import { SESSION_VIEWER, type Viewer } from './safety.sql.js';

/**
 * A hot read whose answer depends on whom the reader blocks, is blocked by or mutes
 * (docs/safety.md), as two prepared statements of one column each, both reading `from
 * ${OPEN_SESSION}`:
 * - `plain`, without any block or mute check, for a reader with none: PostgreSQL prepares no
 *   probe, so such a reader's read costs what it did before block and mute existed. It answers
 *   only when the session row says the reader has none (evaluated once per statement); otherwise
 *   it says so and builds nothing;
 * - `guarded`, with the checks, for a reader with some.
 * Each says whether the reader has any, from the session row in the statement's own snapshot, so
 * the choice is exact whatever was written since, on any node; runForReader remembers it.
 */
export interface ReaderStatement {
  plain: Statement;
  guarded: Statement;
}

/** Whether the session row `s` says its reader has neither blocks nor mutes. */
export const HAS_NONE = 's.block_count = 0 and s.mute_count = 0';

/**
 * `column(viewer)`: the answer's expression; without a viewer, with no check. With `snapshot`, the
 * plain one also answers its snapshot, for an answer other readers may share (shared-answers.ts).
 */
export function readerStatement(
  name: string,
  column: (viewer: Viewer | undefined) => string,
  { snapshot = false } = {},
): ReaderStatement {
  return readerStatements(name, (viewer) =>
    viewer
      ? `select ${column(viewer)}, not (${HAS_NONE}) from ${OPEN_SESSION}`
      : `select case when ${HAS_NONE} then ${column(undefined)} end, not (${HAS_NONE})${snapshot ? ', pg_current_snapshot()::text' : ''} from ${OPEN_SESSION}`,
  );
}

/**
 * The two statements of a ReaderStatement from one text: `text(undefined)` the plain one, which
 * builds its answer only for a reader with no blocks or mutes, `text(SESSION_VIEWER)` the guarded
 * one. A write that answers what it wrote is one (posts.queries.ts, postWrite): its plain statement
 * writes for anyone, and answers only such a reader.
 */
export const readerStatements = (name: string, text: (viewer: Viewer | undefined) => string): ReaderStatement => ({
  plain: namedStatement(name, text(undefined)),
  guarded: namedStatement(`${name}_guarded`, text(SESSION_VIEWER)),
});

/** Readers (user ids) this process last saw with blocks or mutes; at most READERS_KEPT, the oldest forgotten first. */
const readersWithAny = new Set<number>();
const READERS_KEPT = 10_000;

/** Forgets every reader: user ids name other users on another database (a test's harness starts on a new one). */
export const forgetReaders = (): void => readersWithAny.clear();

/** Whether `userId` had blocks or mutes when this process last saw; runForReader starts from that guess. */
export const readerHadAny = (userId: number): boolean => readersWithAny.has(userId);

/** Records whether `userId` has blocks or mutes, as a statement just said. */
export function rememberReader(userId: number, hasAny: boolean): void {
  if (!hasAny) readersWithAny.delete(userId);
  else if (!readersWithAny.has(userId)) {
    if (readersWithAny.size >= READERS_KEPT) readersWithAny.delete(readersWithAny.values().next().value!);
    readersWithAny.add(userId);
  }
}

/**
 * Runs a ReaderStatement as runForSession runs a statement, and returns its answer. The variant
 * the reader needed last time first; a plain one that finds the reader now has blocks or mutes is
 * followed by the guarded one (one more round trip, once per change on each process).
 */
export async function runForReader<T>(scope: SessionScope, statement: ReaderStatement, values: unknown[]): Promise<T> {
  const { row, hasAny, guarded } = await runReaderVariant<[T, boolean]>(scope, statement, values);
  if (!hasAny || guarded) return row[0];
  return (await runForSession<[T, boolean]>(scope, statement.guarded, values))[0];
}

/**
 * Runs the variant of a ReaderStatement the reader needed last time, as runForSession runs a
 * statement: its row (whose last column says whether the reader has blocks or mutes, which it
 * remembers), that, and whether it was the guarded one. A plain one that found some answered
 * nothing: the caller reads the answer again, guarded (a write is not sent twice).
 */
export async function runReaderVariant<T extends unknown[]>(
  scope: SessionScope,
  statement: ReaderStatement,
  values: unknown[],
): Promise<{ row: T; hasAny: boolean; guarded: boolean }> {
  const { userId } = scope.user;
  const guarded = readersWithAny.has(userId);
  const row = await runForSession<T>(scope, guarded ? statement.guarded : statement.plain, values);
  const hasAny = row.at(-1) as boolean;
  rememberReader(userId, hasAny);
  return { row, hasAny, guarded };
}
