import { z } from 'zod';

/**
 * How validation failures read, for the API and the configuration alike. Zod's messages are
 * configured process-wide the moment this module is imported, so every module that builds Zod
 * schemas (config.ts, schemas.ts and through it every domain's) imports it first: no message
 * depends on which module happened to load first.
 *
 * A message reads as "<field> <message>" (toIssues puts the field in front), so each message here
 * is a predicate: "title is required", "title must be at most 200 characters".
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined ? 'is required' : `must be ${article(issue.expected)}`;
      case 'too_small':
        if (issue.origin === 'string')
          return issue.minimum === 1 ? 'must not be empty' : `must be at least ${issue.minimum} characters`;
        return issue.inclusive === false
          ? `must be greater than ${issue.minimum}`
          : `must be at least ${issue.minimum}`;
      case 'too_big':
        if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
        return issue.inclusive === false ? `must be less than ${issue.maximum}` : `must be at most ${issue.maximum}`;
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

/** The whole message of any invalid `{id}`, as the spec words it. */
export const INVALID_ID = 'Invalid ID';

export interface ApiIssue {
  path: string;
  message: string;
}

/** Field-level issues of a Zod validation failure; each message names its field. */
export function toIssues(error: z.ZodError): ApiIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    if (path === 'id') return { path, message: INVALID_ID };
    const message = issue.message === INVALID_ID ? 'must be a positive integer id' : issue.message;
    return { path, message: `${path || 'input'} ${message}` };
  });
}

/** A human message for a validation failure: an invalid `{id}` is always exactly "Invalid ID". */
export function validationMessage(issues: ApiIssue[]): string {
  if (issues.some((issue) => issue.path === 'id')) return INVALID_ID;
  return issues.map((issue) => issue.message).join('; ') || 'Invalid input';
}
