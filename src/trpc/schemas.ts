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
  const param = z
    .union([z.int(), z.string().regex(/^\d{1,10}$/, error)], { error })
    .pipe(z.coerce.number<string | number>().int().min(min, message).max(max, message))
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

/** A required, trimmed, non-empty string of at most `max` characters. */
export const text = (max: number) => plainString().trim().min(1).max(max);

/** ISO 8601 UTC timestamps as the API returns them, e.g. 2026-11-21T09:00:00.000Z. */
export const timestamp = z.iso.datetime().meta({ example: '2026-11-21T09:00:00.000Z' });

export const statusSuccess = z.literal('success');

/**
 * Opt-in keyset pagination for lists: `limit` items after the item `before` names (the last item
 * of the previous page). Without `limit` a list holds everything (after `before` when given), as
 * the spec says.
 */
export const pageInput = z
  .object({
    limit: integerParam(1, 100, {
      description: 'Page size, 1 to 100; without it, every item (after before, when given)',
    }).optional(),
    before: idParam
      .optional()
      .meta({ description: 'The id of the last item of the previous page; the list starts after it' }),
  })
  .optional();

export type Page = NonNullable<z.infer<typeof pageInput>>;
