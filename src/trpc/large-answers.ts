import { TRPCError } from '@trpc/server';
import { RateLimited } from '../platform/errors.js';
import type { Config } from '../platform/config.js';
import { unprocessable } from '../platform/errors.js';
import { ANSWER_MAX_BYTES } from './schemas.js';

export const LARGE_ANSWER_RETRY_AFTER_SECONDS = 5;
export const LARGE_ANSWERS_PER_USER =
  'Too many large answers are being sent to this user at once (see Retry-After); lists can be paged with ?limit=';
export const LARGE_ANSWERS_PER_PROCESS = 'Too many large answers are being sent (see Retry-After)';

/** Lists of at most this many elements are answered whole without a large-answer slot (a page's most). */
const SMALL_LIST_ITEMS = 100;

/** Whose large answers share a per-user cap: a user's id, or an anonymous caller's address (`address:…`). */
export type SlotHolder = number | string;

/** Requests waiting for a large-answer slot in one process, at most. */
export const WAITING_MAX = 256;

/**
 * Large answers being built or sent (REST streams, and answers over /trpc and createCaller that are
 * built whole: unpaged lists), each holding a pool connection and its memory: at
 * most STREAMS_MAX per process, STREAMS_PER_USER per user (or anonymous address) and
 * STREAMS_PER_ADDRESS per client address (so that accounts made cheaply behind one address cannot
 * hold every slot), whatever the transport. When the process's are all taken, a request waits up to STREAMS_WAIT_MS for one, in
 * the order they came: a freed slot goes to the first waiting, not to whoever asks next (a client
 * looping on large answers asks again at once), so a newcomer gets one fairly.
 */
export class LargeAnswerSlots {
  private readonly open = new Map<SlotHolder, number>(); // holder → large answers under way
  private readonly openByAddress = new Map<string, number>(); // client address → large answers under way
  private openTotal = 0;
  private readonly waiting: { holder: SlotHolder; address?: string; given: (taken: boolean) => void }[] = [];

  constructor(
    private readonly config: Pick<
      Config,
      'STREAMS_MAX' | 'STREAMS_PER_USER' | 'STREAMS_PER_ADDRESS' | 'STREAMS_WAIT_MS'
    >,
  ) {}

  /** Takes a slot for `holder` (asking from `address`, when known) now; when none is free, which cap refused it. */
  take(holder: SlotHolder, address?: string): 'user' | 'process' | undefined {
    if (!this.underOwnCaps(holder, address)) return 'user';
    // A free slot with requests waiting is one none of them may take (their holders are at their cap).
    if (this.openTotal >= this.config.STREAMS_MAX) return 'process';
    this.hold(holder, address);
    return undefined;
  }

  /** Whether the holder and its address are under their own caps. */
  private underOwnCaps(holder: SlotHolder, address: string | undefined): boolean {
    if ((this.open.get(holder) ?? 0) >= this.config.STREAMS_PER_USER) return false;
    return address === undefined || (this.openByAddress.get(address) ?? 0) < this.config.STREAMS_PER_ADDRESS;
  }

  /**
   * As take, but when the process has none free, waits up to STREAMS_WAIT_MS for one: a holder with
   * as many already waiting as its cap leaves them is refused at once, and so is anyone while
   * WAITING_MAX wait.
   */
  async acquire(holder: SlotHolder, address?: string): Promise<'user' | 'process' | undefined> {
    const refused = this.take(holder, address);
    if (refused !== 'process') return refused;
    const theirs = (this.open.get(holder) ?? 0) + this.waiting.filter((w) => w.holder === holder).length;
    if (theirs >= this.config.STREAMS_PER_USER) return 'user';
    if (address !== undefined) {
      const fromThere =
        (this.openByAddress.get(address) ?? 0) + this.waiting.filter((w) => w.address === address).length;
      if (fromThere >= this.config.STREAMS_PER_ADDRESS) return 'user';
    }
    if (this.waiting.length >= WAITING_MAX) return 'process';
    const taken = await new Promise<boolean>((given) => {
      const waiter = { holder, address, given };
      this.waiting.push(waiter);
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        given(false);
      }, this.config.STREAMS_WAIT_MS).unref();
      waiter.given = (taken) => {
        clearTimeout(timer);
        given(taken);
      };
    });
    return taken ? undefined : 'process';
  }

  release(holder: SlotHolder, address?: string): void {
    this.openTotal--;
    count(this.open, holder, -1);
    if (address !== undefined) count(this.openByAddress, address, -1);
    // The freed slot goes to the first waiting request whose holder and address are still under their own caps.
    const next = this.waiting.findIndex((w) => this.underOwnCaps(w.holder, w.address));
    if (next < 0) return;
    const [waiter] = this.waiting.splice(next, 1);
    this.hold(waiter!.holder, waiter!.address);
    waiter!.given(true);
  }

  private hold(holder: SlotHolder, address: string | undefined): void {
    count(this.open, holder, 1);
    if (address !== undefined) count(this.openByAddress, address, 1);
    this.openTotal++;
  }
}

/** Adds `by` to `key`'s count, forgetting a key that reaches 0. */
function count<K>(counts: Map<K, number>, key: K, by: number): void {
  const now = (counts.get(key) ?? 0) + by;
  if (now === 0) counts.delete(key);
  else counts.set(key, now);
}

const slotsByConfig = new WeakMap<object, LargeAnswerSlots>();

/** The app's slots (one per app: a test process may run several), shared by every transport. */
export function largeAnswerSlots(services: { config: Config }): LargeAnswerSlots {
  let slots = slotsByConfig.get(services.config);
  if (!slots) slotsByConfig.set(services.config, (slots = new LargeAnswerSlots(services.config)));
  return slots;
}

/** What a large answer built whole needs of a procedure's context. */
export interface LargeAnswerScope {
  services: { config: Config };
  /** The client's address (a procedure's context has it; createCaller's is the one it was given). */
  clientAddress?: string;
  /** Over HTTP: runs `release` once the answer has been sent (or the client has gone); see trpc.ts. */
  whenAnswered?: (release: () => void) => void;
}

/**
 * Builds a large answer in a slot of `userId`'s (429 for this user at once, 503 for this process
 * after STREAMS_WAIT_MS, both with Retry-After, when none is free). Over HTTP the slot is held until the answer has been sent: a
 * /trpc batch holds every answer until the last is built, so releasing it on return would let one
 * batch hold any number of them.
 */
export async function inLargeAnswerSlot<T>(
  scope: LargeAnswerScope,
  userId: SlotHolder,
  build: () => Promise<T>,
): Promise<T> {
  const slots = largeAnswerSlots(scope.services);
  const { clientAddress } = scope;
  const refused = await slots.acquire(userId, clientAddress);
  if (refused) {
    const cause = new RateLimited(LARGE_ANSWER_RETRY_AFTER_SECONDS);
    throw refused === 'user'
      ? new TRPCError({ code: 'TOO_MANY_REQUESTS', message: LARGE_ANSWERS_PER_USER, cause })
      : new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: LARGE_ANSWERS_PER_PROCESS, cause });
  }
  let held = false;
  try {
    const answer = await build();
    if (scope.whenAnswered) {
      scope.whenAnswered(() => slots.release(userId, clientAddress));
      held = true;
    }
    return answer;
  } finally {
    if (!held) slots.release(userId, clientAddress);
  }
}

export const listTooLarge = (maxItems: number, streamedAt?: string) =>
  unprocessable(
    `This list has more than ${maxItems} items, too many for one answer (see TRPC_LIST_MAX_ITEMS and docs/limits.md): page it with limit and before` +
      (streamedAt ? `, or read ${streamedAt} over REST, which streams it` : ''),
  );

export const listTooLargeInBytes = (streamedAt?: string) =>
  unprocessable(
    `This list is over ${ANSWER_MAX_BYTES} bytes, too large for one answer (see docs/limits.md): page it with limit and before` +
      (streamedAt ? `, or read ${streamedAt} over REST, which streams it` : ''),
  );

/** What an unpaged list answered whole is. */
export interface WholeListOf {
  /** Where REST streams it (post lists): such a list takes its slot before its first statement. */
  streamedAt?: string;
  /**
   * The most bytes of JSON of one item, for lists of small items: at most ANSWER_MAX_BYTES of them.
   * Without it, `list` itself stops past ANSWER_MAX_BYTES (its `maxBytes`), and the answer is measured.
   */
  itemMaxBytes?: number;
}

/**
 * An unpaged list where the answer is one value built whole (/trpc, createCaller): up to
 * SMALL_LIST_ITEMS elements as they are; a longer one in a large-answer slot, up to
 * TRPC_LIST_MAX_ITEMS and ANSWER_MAX_BYTES, and over either a 422 naming the paged form.
 * `list(limit, maxBytes)` reads at most `limit` elements, so no list costs more statement time or
 * memory than that, however long it is.
 * Post lists take their slot first, as their REST streams do: even a page of posts costs a pool
 * connection milliseconds, and a batch must not spend them unbounded.
 */
export async function wholeList<T>(
  scope: LargeAnswerScope,
  userId: SlotHolder,
  { streamedAt, itemMaxBytes }: WholeListOf,
  list: (limit: number, maxBytes: number) => Promise<T[]>,
): Promise<T[]> {
  const { TRPC_LIST_MAX_ITEMS } = scope.services.config;
  const maxItems =
    itemMaxBytes === undefined
      ? TRPC_LIST_MAX_ITEMS
      : Math.min(TRPC_LIST_MAX_ITEMS, Math.floor(ANSWER_MAX_BYTES / itemMaxBytes));
  const upToTheMost = async () => {
    const items = await list(maxItems + 1, ANSWER_MAX_BYTES);
    if (items.length > maxItems) throw listTooLarge(maxItems, streamedAt);
    if (itemMaxBytes === undefined && Buffer.byteLength(JSON.stringify(items)) > ANSWER_MAX_BYTES)
      throw listTooLargeInBytes(streamedAt);
    return items;
  };
  if (streamedAt) return inLargeAnswerSlot(scope, userId, upToTheMost);
  const smallItems = Math.min(SMALL_LIST_ITEMS, maxItems);
  const small = await list(smallItems + 1, ANSWER_MAX_BYTES);
  if (small.length <= smallItems) return small;
  if (smallItems === maxItems) throw listTooLarge(maxItems);
  return inLargeAnswerSlot(scope, userId, upToTheMost);
}
