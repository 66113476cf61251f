import { onPrimary } from '../db/read-pool.js';
import { namedStatement, runStatement } from '../db/sql.js';
import { runForSession, SESSION_ENDED, sessionIsOpen, type SessionScope } from '../viewer/session.js';
import { unauthorized } from '../platform/errors.js';
import {
  HAS_NONE,
  readerHadAny,
  rememberReader,
  runForReader,
  type ReaderStatement,
} from '../viewer/reader-statements.js';
import { countSharedRead, registerSharedReadWaiters } from '../platform/metrics.js';

/**
 * Shared answers: concurrent reads of one post or profile by readers without blocks or mutes share
 * one statement in flight, and each adds what is theirs alone (`likedByMe`, `repostedByMe`,
 * `bookmarkedByMe`). docs/performance.md, "Hot reads share work".
 *
 * The statement builds its JSON with a marker in place of each of them (posts.sql.ts, `markers`):
 * `"#p12t"` names post 12, liked by the reader who sent it ('f': not liked). That reader's answer is
 * the JSON with its own values; a reader who joins the flight runs one small statement instead
 * (VIEWER_STATE) for its session, its likes, reposts and bookmarks of the items named, and whether
 * the shared answer is current for it.
 */

/** How a marker starts: '#', then its kind (MARKER_FIELDS), the id, and 't' or 'f'. */
export const LIKED_MARKER = '#';

/** Each marker's kind and its field: a post liked, a comment liked, a post reposted, a post bookmarked. */
const MARKER_FIELDS = { p: 'likedByMe', c: 'likedByMe', r: 'repostedByMe', b: 'bookmarkedByMe' } as const;
export type MarkerKind = keyof typeof MARKER_FIELDS;

/** Where each marker kind's values are kept: a table of (user_id, the item's key) rows. */
export const MARKED_IN = {
  p: ['post_likes', 'post_id'],
  c: ['comment_likes', 'comment_id'],
  r: ['reposts', 'post_id'],
  b: ['bookmarks', 'post_id'],
} as const satisfies Record<MarkerKind, readonly [string, string]>;

/**
 * The rows that fill markers of `kind` for some readers among some items, as `select` of them:
 * `users` and `items` are conditions on the row's user and item (`= …`, `= any(…)`, `in (…)`);
 * `columns(user, item)` what is selected. What a shared answer's readers get their own values
 * from: those who joined a flight (VIEWER_STATES), and those a live event goes to (live.queries.ts).
 */
export function markedRows(
  kind: MarkerKind,
  { users, items }: { users: string; items: string },
  columns: (user: string, item: string) => string,
): string {
  const [table, key] = MARKED_IN[kind];
  return `select ${columns('m.user_id', `m.${key}`)} from ${table} m where m.${key} ${items} and m.user_id ${users}`;
}

// Only the JSON's own keys can match: inside a JSON string, every `"` is escaped.
const MARKER = /"(?:likedByMe|repostedByMe|bookmarkedByMe)":"#([pcrb])(\d+)([tf])"/;
const MARKERS = new RegExp(MARKER.source, 'g');

/** A quoted post's id: the first key of a `quoteOf` object (posts.sql.ts, quotedPost), which has no marker. */
const QUOTED = /"quoteOf"\s*:\s*\{\s*"id"\s*:\s*(\d+)/g;

/** The posts and comments a reader likes, and the posts they reposted and bookmarked, among those an answer names. */
export interface Liked {
  posts: ReadonlySet<number>;
  comments: ReadonlySet<number>;
  reposted: ReadonlySet<number>;
  bookmarked: ReadonlySet<number>;
}

const setOf: Record<MarkerKind, keyof Liked> = { p: 'posts', c: 'comments', r: 'reposted', b: 'bookmarked' };

/** Answers kept per SharedAnswer, by which of its markers hold: most of a flight's readers share one. */
const FILLED_KEPT = 16;

/** An answer built once with markers, for every reader it is shared by. */
export class SharedAnswer {
  /** The text between markers, then each marker's item and the builder's value, in turns. */
  private readonly pieces: string[];
  /** The answers filled so far, by the markers that hold in them (their places in `pieces`). */
  private readonly filled = new Map<string, string>();
  /** The posts the answer shows: those its markers name, and those quoted (shown, so checked for freshness too). */
  readonly postIds: number[];
  readonly commentIds: number[];

  constructor(text: string) {
    this.pieces = text.split(MARKERS);
    const posts = new Set<number>();
    const comments = new Set<number>();
    for (let i = 1; i < this.pieces.length; i += 4) {
      (this.pieces[i] === 'c' ? comments : posts).add(Number(this.pieces[i + 1]));
    }
    for (const [, id] of text.matchAll(QUOTED)) posts.add(Number(id));
    this.postIds = [...posts];
    this.commentIds = [...comments];
  }

  /** The answer for the reader whose statement built it. */
  own(): string {
    return this.fill((kind, id, builderLikes) => builderLikes);
  }

  /** The answer for a reader who likes, reposted and bookmarked `liked`. */
  for(liked: Liked): string {
    return this.fill((kind, id) => liked[setOf[kind]].has(id));
  }

  /**
   * The text with each marker's value from `likes`: built once for each set of values (readers
   * who like none of the items, say, share one text), in one join rather than a concatenation
   * per marker of answers that carry hundreds.
   */
  private fill(likes: (kind: MarkerKind, id: number, builderLikes: boolean) => boolean): string {
    const { pieces } = this;
    const held: boolean[] = [];
    for (let i = 1; i < pieces.length; i += 4) {
      held.push(likes(pieces[i] as MarkerKind, Number(pieces[i + 1]), pieces[i + 2] === 't'));
    }
    const key = held.map(Number).join('');
    let text = this.filled.get(key);
    if (text === undefined) {
      const parts = [pieces[0]!];
      for (let i = 1; i < pieces.length; i += 4) {
        parts.push(`"${MARKER_FIELDS[pieces[i] as MarkerKind]}":${held[(i - 1) / 4]}`, pieces[i + 3]!);
      }
      text = parts.join('');
      if (this.filled.size < FILLED_KEPT) this.filled.set(key, text);
    }
    return text;
  }
}

/** Whether every row version of `table` rows `ids` (with their counters) is seen by the snapshot $4 too. */
const seenInShared = (table: string, key: string, stats: string, statsKey: string, ids: string) =>
  `(select count(*) from ${table} r left join ${stats} rs on rs.${statsKey} = r.${key}
    where r.${key} = any(${ids}) and feedline_visible_in(r.xmin, $4::pg_snapshot)
      and (rs.xmin is null or feedline_visible_in(rs.xmin, $4::pg_snapshot))) = cardinality(${ids})`;

/**
 * The readers who joined one flight ($1 their sessions' jti, $2 their users), in one statement: for
 * each whose session is open, whether they have blocks or mutes, whether the shared answer is
 * current for them, and their likes among its posts ($5) and comments ($6), and their reposts and bookmarks among its posts.
 *
 * Current: every row the answer was built from that a reader could have changed (its posts, the
 * posts they quote and its comments, with their counters, the users $3 with theirs, and the
 * reader's own name) is, as this statement sees it, a version the shared statement's snapshot ($4)
 * saw too; so are the reader's own counters, which any post, comment or follow of theirs moves (a
 * new post of theirs belongs on a page of posts the shared snapshot does not show it on). A write
 * of the reader's answered before they asked is in this snapshot: if it touched the answer, the
 * shared one is not current for them. Arrays behind sub-selects, so the statement
 * is planned once (viewer/read-your-writes.ts, SESSIONS_WRITE_LSN).
 */
const VIEWER_STATES = namedStatement(
  'shared_answer_viewer_states',
  `with shared as materialized (select
      ${seenInShared('posts', 'id', 'post_stats', 'post_id', '(select $5::int[])::int[]')}
      and ${seenInShared('comments', 'id', 'comment_stats', 'comment_id', '(select $6::int[])::int[]')}
      and ${seenInShared('users', 'id', 'user_stats', 'user_id', '(select $3::int[])::int[]')} as current)
    select b.i::int, not (${HAS_NONE}),
      shared.current and feedline_visible_in(u.xmin, $4::pg_snapshot)
        and (us.xmin is null or feedline_visible_in(us.xmin, $4::pg_snapshot)),
      ${(['p', 'c', 'r', 'b'] as const)
        .map((kind) => {
          const items = `= any((select ${kind === 'c' ? '$6' : '$5'}::int[])::int[])`;
          return `array(${markedRows(kind, { users: '= b.user_id', items }, (user, item) => item)})`;
        })
        .join(',\n      ')}
    from unnest((select $1::uuid[]), (select $2::int[])) with ordinality b(jti, user_id, i)
    cross join shared
    join sessions s on s.jti = b.jti and s.user_id = b.user_id and ${sessionIsOpen('s')}
    join users u on u.id = b.user_id
    left join user_stats us on us.user_id = b.user_id`,
);

/** What VIEWER_STATES says of one reader. */
interface ViewerState {
  hasAny: boolean;
  current: boolean;
  liked: Liked;
}

/** Readers in one VIEWER_STATES statement at most. */
const STATES_BATCH_MAX = 256;

/**
 * The readers waiting for their state against one shared answer: those who resume together when
 * its flight lands go in one statement, sent once they have all asked (a microtask later).
 */
class ViewerStates {
  private waiting: {
    scope: SessionScope;
    resolve: (state: ViewerState | undefined) => void;
    reject: (error: unknown) => void;
  }[] = [];

  constructor(
    private readonly shared: SharedAnswer,
    private readonly snapshot: string,
    private readonly users: number[],
  ) {}

  /** The reader's state, or undefined when their session has ended. */
  of(scope: SessionScope): Promise<ViewerState | undefined> {
    return new Promise((resolve, reject) => {
      if (this.waiting.push({ scope, resolve, reject }) === 1) queueMicrotask(() => void this.send());
    });
  }

  private async send(): Promise<void> {
    const batch = this.waiting.splice(0);
    for (let start = 0; start < batch.length; start += STATES_BATCH_MAX) {
      const part = batch.slice(start, start + STATES_BATCH_MAX);
      const { orm } = part[0]!.scope.services;
      // One row per session: its requests on several connections at once have one state.
      const sessions = new Map<string, number>();
      const readers: SessionScope['user'][] = [];
      const rowOf = part.map(({ scope: { user } }) => {
        const key = `${user.jti}:${user.userId}`;
        let row = sessions.get(key);
        if (row === undefined) sessions.set(key, (row = readers.push(user)));
        return row;
      });
      try {
        // On the primary, which has every reader's own writes, whichever replica each was routed to.
        const rows = await onPrimary(() =>
          runStatement(orm, VIEWER_STATES, [
            readers.map((user) => user.jti),
            readers.map((user) => user.userId),
            this.users,
            this.snapshot,
            this.shared.postIds,
            this.shared.commentIds,
          ]),
        );
        // Ordinality counts from 1; a reader with no row has no open session.
        const states = new Map(
          rows.map((row) => [
            row[0] as number,
            {
              hasAny: row[1] as boolean,
              current: row[2] as boolean,
              liked: {
                posts: new Set(row[3] as number[]),
                comments: new Set(row[4] as number[]),
                reposted: new Set(row[5] as number[]),
                bookmarked: new Set(row[6] as number[]),
              },
            },
          ]),
        );
        part.forEach((reader, i) => {
          reader.scope.user.sessionChecked = true;
          reader.resolve(states.get(rowOf[i]!));
        });
      } catch (error) {
        for (const reader of part) reader.reject(error);
      }
    }
  }
}

/** What a flight lands with: its answer and its statement's snapshot. */
interface Landed {
  shared: SharedAnswer;
  snapshot: string;
}

/** A statement in flight, and the states of the readers who joined it. */
interface Flight {
  landing: Promise<Landed | undefined>;
  states?: ViewerStates;
}

/** The flights of each database (a test process may serve several), by statement and values. */
const flightsByDatabase = new WeakMap<object, Map<string, Flight>>();

function flightsOf({ services: { orm } }: SessionScope): Map<string, Flight> {
  let flights = flightsByDatabase.get(orm);
  if (!flights) flightsByDatabase.set(orm, (flights = new Map<string, Flight>()));
  return flights;
}

/** Readers waiting now on a flight they joined. */
let waiting = 0;
registerSharedReadWaiters(() => waiting);

/**
 * Runs a ReaderStatement built with `snapshot` (and markers in its plain answer) as runForReader
 * does, sharing the plain one in flight: a reader without blocks or mutes who finds the same
 * statement in flight waits for it (it answers sooner than one sent now), then gets their state
 * with the others who joined it (VIEWER_STATES); when the shared answer is not current for them,
 * they send their own. `users`: the users whose rows (and user_stats) the answer shows besides the
 * reader.
 */
export async function runShared(
  scope: SessionScope,
  statement: ReaderStatement,
  values: unknown[],
  users: number[] = [],
): Promise<string | null> {
  const { userId } = scope.user;
  if (readerHadAny(userId)) return runForReader<string | null>(scope, statement, values);
  const key = `${statement.plain.name}:${values.join(':')}`;
  const flight = flightsOf(scope).get(key);
  const landed = flight && (await waitFor(flight.landing));
  if (flight && landed) {
    const { shared, snapshot } = landed;
    const state = await (flight.states ??= new ViewerStates(shared, snapshot, users)).of(scope);
    if (!state) throw unauthorized(SESSION_ENDED);
    rememberReader(userId, state.hasAny);
    if (state.hasAny) return runForReader<string | null>(scope, statement, values);
    if (state.current) {
      countSharedRead('joined');
      return shared.for(state.liked);
    }
  }
  countSharedRead(landed ? 'refreshed' : 'led');
  return lead(scope, key, statement, values);
}

async function waitFor(landing: Promise<Landed | undefined>) {
  waiting++;
  try {
    return await landing;
  } finally {
    waiting--;
  }
}

async function lead(scope: SessionScope, key: string, statement: ReaderStatement, values: unknown[]) {
  let settle!: (landed: Landed | undefined) => void;
  const flight: Flight = { landing: new Promise((resolve) => (settle = resolve)) };
  const flights = flightsOf(scope);
  if (!flights.has(key)) flights.set(key, flight);
  try {
    const [text, hasAny, snapshot] = await runForSession<[string | null, boolean, string]>(
      scope,
      statement.plain,
      values,
    );
    rememberReader(scope.user.userId, hasAny);
    if (hasAny) {
      settle(undefined);
      return runForReader<string | null>(scope, statement, values);
    }
    if (text === null) return null;
    const shared = new SharedAnswer(text);
    settle({ shared, snapshot });
    return shared.own();
  } finally {
    settle(undefined);
    if (flights.get(key) === flight) flights.delete(key);
  }
}
