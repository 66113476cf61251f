import { INVALID_ID } from '../platform/validation-messages.js'; // first: it words every Zod message
import { z } from 'zod';

const MAX_INT4 = 2_147_483_647;

/**
 * An integer that may also arrive as a digit string, because query and path parameters are strings
 * on the wire. This is the only conversion in the API: JSON bodies are taken with their JSON types.
 * Documented as what it accepts in a URL: an integer from `min` to `max`.
 */
export function integerParam(
  min: number,
  max: number,
  { message, ...meta }: { message?: string; description: string; example?: number },
) {
  const error = message ?? `must be an integer from ${min} to ${max}`;
  // Any number, then every check here with this message: z.int() would answer its own message past
  // 2^53 (not a safe integer), where the union reports the one option whose type matched.
  const param = z
    .union([z.number(), z.string().regex(/^\d{1,10}$/, error)], { error })
    .pipe(z.coerce.number<string | number>().int({ error, abort: true }).min(min, message).max(max, message))
    .meta({
      ...meta,
      override: ({ jsonSchema }) => {
        delete jsonSchema.anyOf;
        Object.assign(jsonSchema, { type: 'integer', minimum: min, maximum: max });
      },
    });
  // Typed as a number in and out: a digit string is only how a URL carries one (REST path and
  // query parameters), so a typed client that passes a string is told at compile time.
  return param as unknown as z.ZodType<number, number>;
}

/**
 * A resource id: an integer from typed clients, or a digit string from a URL path. Anything else
 * (`abc`, `1.5`, `-3`, `0`, `1e3`, beyond the int4 column) is "Invalid ID".
 */
export const idParam = integerParam(1, MAX_INT4, {
  message: INVALID_ID,
  description: 'A positive integer identifier',
  example: 1,
});

export const byIdInput = z.object({ id: idParam });

/** An id in a response: a positive int4, documented with a realistic example. */
export const idOutput = z.int().min(1).max(MAX_INT4).meta({ example: 1 });

/**
 * Any string that may reach the database: PostgreSQL text cannot hold U+0000, so it is refused
 * here, naming the field, instead of failing in the driver.
 */
export const plainString = () =>
  z.string().refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');

/** The bytes a string takes in a JSON answer: UTF-8, with its escapes (a quote or a line break counts 2), without its quotes. */
export const jsonBytes = (value: string) => Buffer.byteLength(JSON.stringify(value)) - 2;

/**
 * A string a user stores and others read, trimmed: at most `maxChars` characters (UTF-16 code
 * units, as JavaScript counts them) and `maxBytes` bytes as it is sent (jsonBytes), the bound
 * every answer's worst case is computed from (docs/limits.md).
 */
const bounded = (string: z.ZodString, maxChars: number, maxBytes: number) =>
  string
    .max(maxChars)
    .refine(
      (value) => jsonBytes(value) <= maxBytes,
      `must be at most ${maxBytes} bytes as JSON (UTF-8, escapes included)`,
    )
    .meta({ description: `At most ${maxChars} characters, and ${maxBytes} bytes as JSON (UTF-8, escapes included)` });

/** A string a user stores and others read (see bounded), may be empty. */
export const storedText = (maxChars: number, maxBytes: number) => bounded(plainString().trim(), maxChars, maxBytes);

/** A required (non-empty) storedText. */
export const text = (maxChars: number, maxBytes: number) => bounded(plainString().trim().min(1), maxChars, maxBytes);

/** ISO 8601 UTC timestamps as the API returns them, e.g. 2026-11-21T09:00:00.000Z. */
export const timestamp = z.iso.datetime().meta({ example: '2026-11-21T09:00:00.000Z' });

export const statusSuccess = z.literal('success');

/** Where a page starts: after the item it names. */
const before = idParam
  .optional()
  .meta({ description: 'The id of the last item of the previous page; the list starts after it' });

/**
 * The most bytes of JSON one answer holds, whatever users stored: the content limits and previews
 * are chosen so that no answer built whole is larger, and a page of posts stops short of it
 * (docs/limits.md).
 */
export const ANSWER_MAX_BYTES = 16_500_000;

export const PAGE_MAX = 100;

/**
 * Opt-in keyset pagination for lists: `limit` items after the item `before` names (the last item
 * of the previous page). Without `limit` a list holds everything (after `before` when given), as
 * the spec says.
 */
export const pageInput = z
  .object({
    limit: integerParam(1, PAGE_MAX, {
      description: `Page size, 1 to ${PAGE_MAX} (a page of posts also stops short of ${ANSWER_MAX_BYTES} bytes); without it, every item (after before, when given)`,
    }).optional(),
    before,
  })
  .optional();

export type Page = NonNullable<z.infer<typeof pageInput>>;

/** The default page of a list that is only ever paged (the likers of a post or comment, a user's comments). */
export const PAGED_ONLY_DEFAULT = 20;

/** The input of a list that is only ever paged: `limit` defaults to PAGED_ONLY_DEFAULT. */
export const pagedOnlyInput = z.object({
  limit: integerParam(1, PAGE_MAX, {
    description: `Page size, 1 to ${PAGE_MAX}; ${PAGED_ONLY_DEFAULT} when not given (this list is only paged)`,
  })
    .optional()
    .default(PAGED_ONLY_DEFAULT),
  before,
});
