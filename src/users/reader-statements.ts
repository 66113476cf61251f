import { OPEN_SESSION, runForSession, type SessionScope, type Statement } from '../db/sql.js';
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
  return {
    plain: {
      name,
      text: `select case when ${HAS_NONE} then ${column(undefined)} end, not (${HAS_NONE})${snapshot ? ', pg_current_snapshot()::text' : ''} from ${OPEN_SESSION}`,
    },
    guarded: {
      name: `${name}_guarded`,
      text: `select ${column(SESSION_VIEWER)}, not (${HAS_NONE}) from ${OPEN_SESSION}`,
    },
  };
}

/** Readers (user ids) this process last saw with blocks or mutes; at most READERS_KEPT, the oldest forgotten first. */
const readersWithAny = new Set<number>();
const READERS_KEPT = 10_000;

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
  const { userId } = scope.user;
  const guarded = readersWithAny.has(userId);
  const [answer, hasAny] = await runForSession<[T, boolean]>(
    scope,
    guarded ? statement.guarded : statement.plain,
    values,
  );
  rememberReader(userId, hasAny);
  if (!hasAny || guarded) return answer;
  return (await runForSession<[T, boolean]>(scope, statement.guarded, values))[0];
}
