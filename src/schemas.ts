import { z } from 'zod';
import { INVALID_ID } from './errors.js';

/**
 * Validation messages read as "<field> <message>" (errors.ts puts the field in front), so every
 * message here is a predicate: "title is required", "title must be at most 200 characters".
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined ? 'is required' : `must be ${article(issue.expected)}`;
      case 'too_small':
        if (issue.origin === 'string')
          return issue.minimum === 1 ? 'must not be empty' : `must be at least ${issue.minimum} characters`;
        return `must be at least ${issue.minimum}`;
      case 'too_big':
        if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
        return `must be at most ${issue.maximum}`;
      case 'invalid_format':
        return issue.format === 'email' ? 'must be a valid email address' : `must be a valid ${issue.format}`;
      default:
        return undefined;
    }
  },
});

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

const MAX_INT4 = 2_147_483_647;

/**
 * A resource id: an integer from typed clients, or a digit string from a URL path. Anything else
 * (`abc`, `1.5`, `-3`, `0`, `1e3`, beyond the int4 column) is "Invalid ID".
 */
export const idParam = z
  .union([z.int(), z.string().regex(/^\d{1,10}$/)], { error: INVALID_ID })
  .pipe(z.coerce.number<string | number>().int().min(1, INVALID_ID).max(MAX_INT4, INVALID_ID))
  .meta({
    description: 'A positive integer identifier',
    example: 1,
    // Documented as what it accepts in a URL: an integer; digit strings are the same thing there.
    override: ({ jsonSchema }) => {
      delete jsonSchema.anyOf;
      Object.assign(jsonSchema, { type: 'integer', minimum: 1, maximum: MAX_INT4 });
    },
  });

export const byIdInput = z.object({ id: idParam });

/** A required, trimmed, non-empty string of at most `max` characters. */
export const text = (max: number) => z.string().trim().min(1).max(max);

/** ISO 8601 UTC timestamps as the API returns them, e.g. 2026-11-21T09:00:00.000Z. */
export const timestamp = z.iso.datetime().meta({ example: '2026-11-21T09:00:00.000Z' });

export const statusSuccess = z.literal('success');

/**
 * Opt-in keyset pagination for lists: `limit` items after the item `before` names (the last item
 * of the previous page). Without them a list holds everything, as the spec says.
 */
export const pageInput = z
  .object({
    limit: z.int().min(1).max(100).optional().meta({ description: 'Page size, 1 to 100' }),
    before: idParam.optional().meta({ description: 'The id of the last item of the previous page' }),
  })
  .optional();

export type Page = NonNullable<z.infer<typeof pageInput>>;
