import { z } from 'zod';
import { idOutput, text, timestamp } from '../trpc/schemas.js';
import { UserSummary } from '../users/user-summary.schema.js';
import { POST_TITLE_MAX } from './post.entity.js';

export const Comment = z
  .object({
    id: idOutput,
    content: z.string(),
    createdAt: timestamp,
    createdBy: UserSummary,
    likedBy: z.array(UserSummary),
  })
  .meta({ id: 'Comment' });

export const Post = z
  .object({
    id: idOutput,
    title: z.string(),
    content: z.string(),
    createdAt: timestamp,
    createdBy: UserSummary,
    likedBy: z.array(UserSummary),
    comments: z.array(Comment),
  })
  .meta({ id: 'Post' });

export type Post = z.infer<typeof Post>;
export type Comment = z.infer<typeof Comment>;

export const POST_CONTENT_MAX = 20_000;
export const COMMENT_CONTENT_MAX = 5_000;

/** The body of POST /posts and PATCH /posts/{id}: both fields required, as the spec says. */
export const postBody = {
  title: text(POST_TITLE_MAX),
  content: text(POST_CONTENT_MAX),
};

export const commentBody = {
  content: text(COMMENT_CONTENT_MAX),
};

export const SEARCH_QUERY_MAX = 200;

/**
 * websearch_to_tsquery nests each `-` (a NOT) on a parse stack of 32 and fails when it fills ("tsquery
 * stack too small"); a NUL cannot reach PostgreSQL at all. Both are refused here, a 400 naming q.
 */
export const SEARCH_QUERY_MAX_NOTS = 31;

/** GET /posts?q=: words to find in titles and contents. */
export const searchQuery = z
  .string()
  .min(1)
  .max(SEARCH_QUERY_MAX)
  .refine((q) => !q.includes('\0'), 'must not contain a NUL character')
  .refine(
    (q) => q.split('-').length - 1 <= SEARCH_QUERY_MAX_NOTS,
    `must contain at most ${SEARCH_QUERY_MAX_NOTS} "-" (each is a NOT)`,
  )
  .meta({
    description:
      'Only posts whose title or content match these words (PostgreSQL web search syntax: "quoted phrase", -word, or)',
    example: 'typescript -java',
  });
