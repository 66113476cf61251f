import { keysSettle, namedStatement, type Statement } from '../db/sql.js';
import { badRequest, notFound } from '../platform/errors.js';
import { jsonValue } from '../trpc/json-text.js';
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
 * one. A write that answers what it wrote is one (readerWrite).
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
  return (await runForReaderRow<[T, boolean]>(scope, statement, values))[0];
}

/**
 * runForReader's whole row, of the variant that answered: its last column says whether the reader
 * has blocks or mutes, which it remembers.
 */
export async function runForReaderRow<T extends unknown[]>(
  scope: SessionScope,
  statement: ReaderStatement,
  values: unknown[],
): Promise<T> {
  const { userId } = scope.user;
  const guarded = readersWithAny.has(userId);
  const row = await runForSession<T>(scope, guarded ? statement.guarded : statement.plain, values);
  const hasAny = row.at(-1) as boolean;
  rememberReader(userId, hasAny);
  if (!hasAny || guarded) return row;
  return runForSession<T>(scope, statement.guarded, values);
}

/** The caller's session row as the CTE `s`, with its counters (HAS_NONE): what a write's statement starts from. */
export const SESSION_ROW = `s as (select s.user_id, s.block_count, s.mute_count from ${OPEN_SESSION})`;

/** What a readerWrite is made of. */
export interface WriteParts {
  /** The CTE of the row written on: a select of its `id` (and what the write needs) ending in its `where`. */
  target: string;
  /** The CTEs after it, the write's named `done` (a row when it wrote). */
  ctes: string;
  /** The row's JSON, for the reader as `viewer` (undefined: no check). */
  answer: (viewer: Viewer | undefined) => string;
}

/**
 * A write on one row (a post, a comment) that answers that row as the caller sees it, as a
 * ReaderStatement: `plain` writes and answers without block or mute checks, only for a reader with
 * none; for anyone else its target is empty, so it writes nothing, and runForReaderRow sends
 * `guarded`, which writes and answers with the checks. A write is sent once, and always answered
 * by the statement, and so the snapshot, that wrote it: a later read could answer 404 for a write
 * that happened (the row deleted, or a block with its author committed, in between). The target
 * is the CTE `alias`, its row locked (key share) as it is read: a delete of it waits for the write,
 * or the write for the delete, which then finds no row, as after any delete (404), not a row without
 * the like the delete's cascade took (400). Each answers the target's id (null: none the caller
 * sees), whether it wrote, the JSON, and whether the reader has blocks or mutes.
 */
export function readerWrite(name: string, alias: string, { target, ctes, answer }: WriteParts): ReaderStatement {
  return readerStatements(name, (viewer) => {
    const onlyForNone = viewer ? '' : ` and (select ${HAS_NONE} from s)`;
    return `with ${SESSION_ROW}, ${alias} as (${target}${onlyForNone} for key share), ${ctes}
    select (select id from ${alias}), exists (select from done),
      case when exists (select from done) then ${answer(viewer)} end, not (${HAS_NONE})
    from s`;
  });
}

/**
 * Runs a readerWrite on the row `id` (runForReaderRow) and answers its JSON. The (row, user) key,
 * not a read-then-write, settles a double write, even under races: 400 `refused`; no row the caller
 * sees, one deleted before the statement locked it, or a row its write names gone (a broken foreign
 * key): 404 `missing`.
 */
export async function runReaderWrite<T>(
  scope: SessionScope,
  statement: ReaderStatement,
  id: number,
  { missing, refused }: { missing: string; refused: string },
): Promise<T> {
  const [found, wrote, json] = await keysSettle(
    runForReaderRow<[number | null, boolean, string | null, boolean]>(scope, statement, [id]),
    { foreign: () => notFound(missing) },
  );
  if (found === null) throw notFound(missing);
  if (!wrote) throw badRequest(refused);
  return jsonValue<T>(json!, scope.jsonAsText);
}
