import argon2 from 'argon2';
import type { Env } from '../platform/config.js';
import { tooMany } from '../platform/errors.js';
import { networkOf } from './rate-limits.js';

/** The hashing settings, from the configuration. */
export type HashSettings = Pick<
  Env,
  | 'ARGON2_MEMORY_KIB'
  | 'ARGON2_TIME_COST'
  | 'ARGON2_PARALLELISM'
  | 'ARGON2_MAX_CONCURRENT'
  | 'ARGON2_QUEUE_MAX'
  | 'ARGON2_QUEUE_PER_ADDRESS'
>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** How soon a request refused a place in the queue may try again. */
export const HASH_QUEUE_RETRY_AFTER_SECONDS = 1;
/** How fast an address's count of recent requests for hashes fades: halved every this many milliseconds. */
const RECENT_HALF_LIFE_MS = 60_000;
/** The most addresses whose recent hashes are remembered; past it, the faded ones are forgotten. */
const RECENT_MAX = 10_000;

function hashOptions(config: HashSettings) {
  return {
    type: argon2.argon2id,
    memoryCost: config.ARGON2_MEMORY_KIB,
    timeCost: config.ARGON2_TIME_COST,
    parallelism: config.ARGON2_PARALLELISM,
  };
}

/** A request's place in the queue: its own hashes run in turn, through it, until it leaves. */
class Place {
  state: 'held' | 'waiting' | 'running' | 'gone' = 'held';
  wake?: (turn: boolean) => void;
  constructor(readonly address: string) {}
}

/**
 * Argon2 is built to eat memory and CPU: unbounded, a login flood fills libuv's threadpool and every
 * other request waits. So each process runs ARGON2_MAX_CONCURRENT hashes at once, and holds at most
 * ARGON2_QUEUE_MAX more places (requests that will hash: taken before their statements, held until
 * they answer), at most ARGON2_QUEUE_PER_ADDRESS of them per client address. A request past either
 * bound is refused at once (429, Retry-After), before any statement. Shared fairly between addresses:
 * the next turn goes to the waiting address whose network asked for fewest hashes lately (refused
 * requests count too), and when the queue is full a newcomer takes the place of a waiting request from an
 * address whose network asked for as many or more (that one answers 429), so a flood from many
 * addresses cannot keep a fresh one out.
 */
export class HashQueue {
  private running = 0;
  private readonly places = new Set<Place>();
  private readonly byAddress = new Map<string, number>();
  private readonly recent = new Map<string, { hashes: number; at: number }>();

  constructor(
    private readonly size: number,
    private readonly queueMax: number,
    private readonly perAddress: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a place for `address`, or refuses it (429) when its share or the queue is full. */
  enter(address: string): Place {
    this.noteRequest(address);
    if ((this.byAddress.get(address) ?? 0) >= this.perAddress) throw busy();
    if (this.places.size >= this.size + this.queueMax) {
      // The waiting place of the address that asked most gives way, if it asked at least as much as
      // this one; of equals, the oldest (it has had its chance). An address counts at least the
      // places it holds: one request held up for long has not faded below a newcomer's.
      const mine = this.recentRequests(address);
      let yielding: Place | undefined;
      let most = mine;
      for (const place of this.places) {
        if (place.state === 'running') continue;
        const theirs = Math.max(this.recentRequests(place.address), this.byAddress.get(place.address) ?? 0);
        if (yielding ? theirs > most : theirs >= most) [yielding, most] = [place, theirs];
      }
      if (!yielding) throw busy();
      this.leave(yielding);
      yielding.wake?.(false);
    }
    const place = new Place(address);
    this.places.add(place);
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    return place;
  }

  /** Runs `work` in a turn of `place`'s, waiting for one; 429 when the place was given up meanwhile. */
  async run<T>(place: Place, work: () => Promise<T>): Promise<T> {
    if (place.state === 'gone') throw busy();
    if (this.running < this.size) this.running++;
    else {
      place.state = 'waiting';
      const turn = await new Promise<boolean>((wake) => (place.wake = wake));
      place.wake = undefined;
      if (!turn) throw busy();
    }
    place.state = 'running';
    try {
      return await work();
    } finally {
      if (place.state === 'running') place.state = 'held';
      this.passTurn();
    }
  }

  /** Gives the place up (the request has answered). */
  leave(place: Place): void {
    if (place.state === 'gone') return;
    place.state = 'gone';
    this.places.delete(place);
    const left = this.byAddress.get(place.address)! - 1;
    if (left > 0) this.byAddress.set(place.address, left);
    else this.byAddress.delete(place.address);
  }

  /** A finished hash's turn goes to the waiting place whose address hashed least lately (the first such). */
  private passTurn(): void {
    let next: Place | undefined;
    for (const place of this.places)
      if (
        place.state === 'waiting' &&
        (!next || this.recentRequests(place.address) < this.recentRequests(next.address))
      )
        next = place;
    if (!next) return void this.running--;
    next.state = 'running'; // the turn passes on: `running` stays
    next.wake!(true);
  }

  /**
   * Requests for hashes from `address`'s network (its /24, its /64) lately, refused ones too: a count
   * halved every RECENT_HALF_LIFE_MS. By network, so a flood from many addresses of one network weighs
   * as one sender, while a newcomer from elsewhere still counts as fresh.
   */
  private recentRequests(address: string): number {
    const seen = this.recent.get(networkOf(address));
    return seen ? seen.hashes * 2 ** ((seen.at - this.now()) / RECENT_HALF_LIFE_MS) : 0;
  }

  private noteRequest(address: string): void {
    const hashes = this.recentRequests(address) + 1;
    const network = networkOf(address);
    if (this.recent.size >= RECENT_MAX && !this.recent.has(network))
      for (const [key] of this.recent) if (this.recentRequests(key) < 0.5) this.recent.delete(key);
    if (this.recent.size >= RECENT_MAX) this.recent.clear();
    this.recent.delete(network);
    this.recent.set(network, { hashes, at: this.now() });
  }
}

const busy = () => tooMany(HASH_QUEUE_RETRY_AFTER_SECONDS, 'password-hashes');

/** One queue per app (a test process may run several), sized by its configuration. */
const queues = new WeakMap<HashSettings, HashQueue>();
function queueOf(config: HashSettings): HashQueue {
  let queue = queues.get(config);
  if (!queue)
    queues.set(
      config,
      (queue = new HashQueue(config.ARGON2_MAX_CONCURRENT, config.ARGON2_QUEUE_MAX, config.ARGON2_QUEUE_PER_ADDRESS)),
    );
  return queue;
}

/** Hashing and verifying passwords, in a request's place in the queue. */
export interface Passwords {
  hash(password: string): Promise<string>;
  /**
   * Verifies a password against a stored hash. With no hash (no user), it verifies against a dummy
   * hash of the same parameters, so an unknown email costs what a wrong password costs.
   */
  verify(hash: string | undefined, password: string): Promise<boolean>;
}

let dummyHash: Promise<string> | undefined;

/**
 * Runs `work`, which hashes or verifies passwords for a request from `address`, with a place in the
 * process's queue taken first: call it before any statement, so a refused request costs none.
 */
export async function withPasswords<T>(
  config: HashSettings,
  address: string,
  work: (passwords: Passwords) => Promise<T>,
): Promise<T> {
  const hashes = queueOf(config);
  const place = hashes.enter(address);
  const hash = (password: string) => argon2.hash(password, hashOptions(config));
  dummyHash ??= hash('feedline-dummy-password');
  try {
    return await work({
      hash: (password) => hashes.run(place, () => hash(password)),
      verify: async (stored, password) => {
        const against = stored ?? (await dummyHash!);
        const ok = await hashes.run(place, () => argon2.verify(against, password).catch(() => false));
        return ok && stored !== undefined;
      },
    });
  } finally {
    hashes.leave(place);
  }
}

/** True when a hash was made with other parameters than the configured ones: rehash on login. */
export function needsRehash(hash: string, config: HashSettings): boolean {
  const { memoryCost, timeCost, parallelism } = hashOptions(config);
  return argon2.needsRehash(hash, { memoryCost, timeCost, parallelism });
}
