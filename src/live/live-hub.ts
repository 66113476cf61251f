import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../platform/config.js';
import { directDatabaseUrl } from '../db/db.js';
import { tooMany, unavailable } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { InIdOrder } from './in-id-order.js';
import { LiveListener } from './listener.js';
import { LiveStream } from './live-stream.js';
import { TransactionSettler } from './settle.js';

declare module '../trpc/trpc.js' {
  interface AppServices {
    /** The process's live streams (GET /live/*, live.* subscriptions). */
    live: LiveHub;
  }
}
import {
  listEventsAfter,
  longestWriteMs,
  getLastIdsTaken,
  listHomeEventsForReaders,
  listNotificationsById,
  listOpenSessions,
  listPostsForFollowers,
  type LiveKind,
  type StreamUser,
} from './live.queries.js';

const STREAM_RETRY_AFTER_SECONDS = 5;

/**
 * The live streams of one process. Writers NOTIFY small messages (ids) from their own
 * transactions (triggers, see the migration); the one listening connection hears every commit of
 * every process, and the hub reads what its open streams need, one statement per kind for a whole
 * batch of messages, then pushes the events to the streams. Nothing is read, and the listener is
 * not even connected, while no stream is open; no stream holds a pool connection.
 *
 * Messages: `p<post id>`, `r<repost id>` (from the posts' sequence: one order with the posts),
 * `n<notification id>,<recipient id>`, `s<user id>` (one of the user's sessions ended: their
 * streams check theirs). Each stream delivers ids in increasing order and
 * skips none: the hub releases messages in id order (InIdOrder), and a replay reads only ids whose
 * writers have all ended (`settledLastId`).
 */
export class LiveHub {
  private readonly listener: LiveListener;
  private readonly streamsByUser = new Map<number, Set<LiveStream>>();
  private streamCount = 0;
  /** Opens under way per user, counted against the limits until their streams exist. */
  private readonly opening = new Map<number, number>();
  private readonly settler: TransactionSettler;
  private readonly postsInOrder = new InIdOrder(
    (id) => {
      if (this.streamCount === 0) return;
      this.pendingPosts.push(id);
      this.schedule();
    },
    () => this.gapSettled(),
  );
  // A notification released without its message has no recipient yet: the read finds it.
  private readonly notificationsInOrder = new InIdOrder(
    (id, payload) => {
      if (payload !== undefined && !this.streamsByUser.has(Number(payload.split(',')[1]))) return;
      this.pendingNotifications.push(id);
      this.schedule();
    },
    () => this.gapSettled(),
  );
  private pendingPosts: number[] = [];
  private pendingNotifications: number[] = [];
  private pendingSessionUsers = new Set<number>();
  private scheduled = false;
  private dispatching = Promise.resolve();
  private closed = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly config: Config,
    private readonly logger: Logger,
  ) {
    this.settler = new TransactionSettler(orm, config.LIVE_SETTLE_MAX_WAIT_MS, logger);
    this.listener = new LiveListener(
      directDatabaseUrl(config) ?? orm.config.getClientUrl(),
      { message: (payload) => this.heard(payload), listening: (again) => this.listening(again) },
      logger,
      config.LIVE_HEARTBEAT_MS,
      config.DB_MAX_ROW_BYTES,
    );
  }

  /**
   * Opens a stream for the caller: after `lastEventId` when resuming (the missed events are
   * replayed first), else from now. 429 over the per-user or per-process limit; 503 when the
   * listener cannot listen.
   */
  async open(user: StreamUser, kind: LiveKind, lastEventId?: number): Promise<LiveStream> {
    if (this.closed) throw unavailable('The service is shutting down; reconnect shortly');
    const { userId } = user;
    const opening = this.opening.get(userId) ?? 0;
    const mine = (this.streamsByUser.get(userId)?.size ?? 0) + opening;
    if (mine >= this.config.LIVE_STREAMS_PER_USER || this.streamCount >= this.config.LIVE_STREAMS_MAX)
      throw tooMany(STREAM_RETRY_AFTER_SECONDS, 'live-streams');
    // Counted before anything is awaited, so concurrent opens cannot pass the limits together.
    this.opening.set(userId, opening + 1);
    this.streamCount++;
    let stream: LiveStream | undefined;
    let stillOpening = true;
    // Once its stream is among the user's streams, an open no longer counts as one under way.
    const opened = () => {
      if (!stillOpening) return;
      stillOpening = false;
      const left = this.opening.get(userId)! - 1;
      if (left === 0) this.opening.delete(userId);
      else this.opening.set(userId, left);
    };
    try {
      await this.listener.listening().catch((error: unknown) => {
        this.logger.warn({ err: error }, 'live listener cannot listen');
        throw unavailable('Live updates are unavailable; retry shortly');
      });
      stream = new LiveStream(
        user,
        kind,
        lastEventId,
        {
          settledLastId: () => this.settledLastId(kind),
          read: (range) => listEventsAfter(this.orm, kind, userId, range, longestWriteMs(this.config)),
        },
        this.config.LIVE_BUFFER_EVENTS,
        (ended) => this.forget(ended),
      );
      let streams = this.streamsByUser.get(userId);
      if (!streams) this.streamsByUser.set(userId, (streams = new Set()));
      streams.add(stream);
      opened();
      // A new stream starts after the last id taken, committed or not, read once it is listening
      // and among the streams: every id above it is released to it (one released while the start
      // was read would otherwise go to the streams already there, and not to this one).
      if (lastEventId === undefined)
        try {
          stream.startAfter((await getLastIdsTaken(this.orm))[kind]);
        } catch (error) {
          stream.end('behind');
          throw error;
        }
      if (this.closed) stream.end('shutdown');
      else {
        // The session was read before the stream was here (and, for a process's first stream, before
        // LISTEN): a revocation that committed since was not heard for it. Checked again now that
        // every later one is (checkSessions batches the checks of concurrent opens in one statement).
        this.pendingSessionUsers.add(userId);
        this.schedule();
      }
      return stream;
    } finally {
      opened();
      if (!stream) this.streamCount--;
    }
  }

  private forget(stream: LiveStream): void {
    const streams = this.streamsByUser.get(stream.user.userId);
    if (!streams?.delete(stream)) return;
    this.streamCount--;
    if (streams.size === 0) this.streamsByUser.delete(stream.user.userId);
  }

  private heard(payload: string): void {
    const id = parseInt(payload.slice(1), 10);
    if (payload[0] === 'p' || payload[0] === 'r') this.postsInOrder.add(id, payload);
    else if (payload[0] === 'n') this.notificationsInOrder.add(id, payload);
    else if (this.streamsByUser.has(id)) {
      this.pendingSessionUsers.add(id);
      this.schedule();
    }
  }

  /** Batches arrive while one is read: they are read next, in order, in one statement each. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.dispatching = this.dispatching.then(() => {
      this.scheduled = false;
      return this.dispatch();
    });
  }

  private async dispatch(): Promise<void> {
    const posts = this.pendingPosts;
    const notifications = this.pendingNotifications;
    const sessionUsers = this.pendingSessionUsers;
    this.pendingPosts = [];
    this.pendingNotifications = [];
    this.pendingSessionUsers = new Set();
    await Promise.all([
      this.deliverPosts(posts).catch((error: unknown) => this.failed(error, 'feed')),
      this.deliverHome(posts).catch((error: unknown) => this.failed(error, 'home')),
      this.deliverNotifications(notifications).catch((error: unknown) => this.failed(error, 'notifications')),
      this.checkSessions(sessionUsers).catch((error: unknown) =>
        this.logger.warn({ err: error }, 'live session check failed'),
      ),
    ]);
  }

  /** Events that could not be read are owed: the streams that may be owed them end, and resume by id. */
  private failed(error: unknown, kind: LiveKind): void {
    this.logger.warn({ err: error, kind }, 'live events could not be read; ending the streams that wait for them');
    for (const stream of this.allStreams()) if (stream.kind === kind) stream.end('behind');
  }

  private async deliverPosts(ids: number[]): Promise<void> {
    const readers = [...this.streamsByUser].filter(([, streams]) => [...streams].some((s) => s.kind === 'feed'));
    if (ids.length === 0 || readers.length === 0) return;
    const posts = await listPostsForFollowers(
      this.orm,
      ids,
      readers.map(([userId]) => userId),
    );
    for (const { event, followers } of posts)
      for (const userId of followers)
        for (const stream of this.streamsByUser.get(userId) ?? []) if (stream.kind === 'feed') stream.push(event);
  }

  /** Posts and reposts (one sequence) to the home streams of the readers whose timeline holds them. */
  private async deliverHome(ids: number[]): Promise<void> {
    const readers = [...this.streamsByUser].filter(([, streams]) => [...streams].some((s) => s.kind === 'home'));
    if (ids.length === 0 || readers.length === 0) return;
    const events = await listHomeEventsForReaders(
      this.orm,
      ids,
      readers.map(([userId]) => userId),
    );
    for (const { event, readers } of events)
      for (const reader of readers)
        for (const stream of this.streamsByUser.get(reader) ?? []) if (stream.kind === 'home') stream.push(event);
  }

  private async deliverNotifications(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    for (const { event, recipient } of await listNotificationsById(this.orm, ids))
      for (const stream of this.streamsByUser.get(recipient) ?? [])
        if (stream.kind === 'notifications') stream.push(event);
  }

  /** A user's session ended somewhere: their streams on ended sessions end too. */
  private async checkSessions(userIds: Set<number>): Promise<void> {
    const streams = [...userIds].flatMap((userId) => [...(this.streamsByUser.get(userId) ?? [])]);
    if (streams.length === 0) return;
    const open = await listOpenSessions(this.orm, [...new Set(streams.map((s) => s.user.jti))]);
    for (const stream of streams) if (!open.has(stream.user.jti)) stream.end('session');
  }

  /**
   * LISTEN is in place: the orders start after the last ids taken. After a loss (`again`), every
   * stream reads what it missed from the database, and every session is checked again.
   */
  private async listening(again: boolean): Promise<void> {
    const lastIds = await getLastIdsTaken(this.orm);
    this.postsInOrder.startAfter(lastIds.feed);
    this.notificationsInOrder.startAfter(lastIds.notifications);
    if (!again) return;
    for (const stream of this.allStreams()) stream.catchUp();
    for (const userId of this.streamsByUser.keys()) this.pendingSessionUsers.add(userId);
    this.schedule();
  }

  /** A gap in the ids heard settles when the transactions in progress end; with no stream, at once. */
  private async gapSettled(): Promise<void> {
    if (this.streamCount === 0) return;
    await this.settler.settled().catch((error: unknown) => {
      this.logger.warn({ err: error }, 'live ordering could not wait for write transactions; releasing in id order');
    });
  }

  /**
   * The last id taken once every write in progress has ended: a replay reads up to it and finds
   * every id at or below it that will ever commit (the sequence is read first, so each writer of
   * such an id is among those waited for).
   */
  private async settledLastId(kind: LiveKind): Promise<number> {
    const lastId = (await getLastIdsTaken(this.orm))[kind];
    await this.settler.settled();
    return lastId;
  }

  private *allStreams(): Generator<LiveStream> {
    for (const streams of this.streamsByUser.values()) yield* [...streams];
  }

  /** Streams open in this process, or the user's. */
  openStreams(userId?: number): number {
    return userId === undefined ? this.streamCount : (this.streamsByUser.get(userId)?.size ?? 0);
  }

  /** Ends every stream (their clients resume elsewhere, by id) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const stream of this.allStreams()) stream.end('shutdown');
    await this.listener.stop();
    await this.dispatching;
  }
}
