import { z } from 'zod';
import { idOutput, text, timestamp } from '../trpc/schemas.js';
import { SUMMARY_MAX_JSON_BYTES, UserSummary } from '../viewer/user-summary.schema.js';
import { POST_TITLE_MAX } from './post.entity.js';
import { MEDIA_ATTACHMENT_MAX_JSON_BYTES, MediaAttachment, POST_MEDIA_MAX } from '../media/media.schemas.js';
import { MENTIONS_MAX } from './mention.entity.js';

/** How many likers, and how many comments, a Post or Comment embeds at most; the rest is paged. */
export const PREVIEW_ITEMS = 20;

const likeFields = {
  likeCount: z.int().min(0).meta({ description: 'How many likes the caller could page through' }),
  likedByMe: z.boolean().meta({
    description: 'Whether the caller likes it: a second like is rejected (400) when this is true',
  }),
};

const mentions = (what: string) =>
  z
    .array(UserSummary)
    .max(MENTIONS_MAX)
    .meta({
      description: `The users the ${what}'s content mentions (\`@handle\`), by user id: the first ${MENTIONS_MAX} it names; those across a block from the caller left out`,
    });

const likers = (what: string) =>
  z
    .array(UserSummary)
    .max(PREVIEW_ITEMS)
    .meta({
      description: `The first ${PREVIEW_ITEMS} users who like the ${what}, by user id; all of them: GET /${what}s/{id}/likes`,
    });

export const Comment = z
  .object({
    id: idOutput,
    content: z.string(),
    createdAt: timestamp,
    createdBy: UserSummary,
    likedBy: likers('comment'),
    ...likeFields,
    mentions: mentions('comment'),
  })
  .meta({ id: 'Comment' });

export const Post = z
  .object({
    id: idOutput,
    title: z.string(),
    content: z.string(),
    createdAt: timestamp,
    createdBy: UserSummary,
    likedBy: likers('post'),
    comments: z
      .array(Comment)
      .max(PREVIEW_ITEMS)
      .meta({
        description: `The ${PREVIEW_ITEMS} newest comments; all of them: GET /posts/{id}/comments`,
      }),
    likeCount: likeFields.likeCount,
    commentCount: z.int().min(0).meta({ description: 'How many comments the caller could page through' }),
    likedByMe: likeFields.likedByMe,
    media: z.array(MediaAttachment).max(POST_MEDIA_MAX).meta({ description: 'The images, in order ([] without)' }),
    mentions: mentions('post'),
  })
  .meta({ id: 'Post' });

export type Post = z.infer<typeof Post>;
export type Comment = z.infer<typeof Comment>;

/** Characters, then bytes of UTF-8, for a post's title and content and a comment (docs/limits.md). */
export const POST_TITLE_MAX_BYTES = 2 * POST_TITLE_MAX;
export const POST_CONTENT_MAX = 20_000;
export const POST_CONTENT_MAX_BYTES = 28_000;
export const COMMENT_CONTENT_MAX = 5_000;
export const COMMENT_CONTENT_MAX_BYTES = 7_500;

/** The body of POST /posts and PATCH /posts/{id}: both fields required, as the spec says. */
export const postBody = {
  title: text(POST_TITLE_MAX, POST_TITLE_MAX_BYTES),
  content: text(POST_CONTENT_MAX, POST_CONTENT_MAX_BYTES),
};

export const commentBody = {
  content: text(COMMENT_CONTENT_MAX, COMMENT_CONTENT_MAX_BYTES),
};

/** A JSON array of `count` elements of at most `each` bytes. */
export const arrayMaxBytes = (count: number, each: number) => 2 + count * (each + 1);

/**
 * The most bytes of JSON of one Comment and one Post, from the limits above (the fixed parts with
 * the largest ids, counts and timestamps): what every answer's worst case is computed from.
 */
/** `,"mentions":[…]` at its largest. */
const MENTIONS_MAX_JSON_BYTES = 12 + arrayMaxBytes(MENTIONS_MAX, SUMMARY_MAX_JSON_BYTES);
export const COMMENT_MAX_JSON_BYTES =
  140 +
  COMMENT_CONTENT_MAX_BYTES +
  SUMMARY_MAX_JSON_BYTES +
  arrayMaxBytes(PREVIEW_ITEMS, SUMMARY_MAX_JSON_BYTES) +
  MENTIONS_MAX_JSON_BYTES;
export const POST_MAX_JSON_BYTES =
  200 +
  MENTIONS_MAX_JSON_BYTES +
  POST_TITLE_MAX_BYTES +
  POST_CONTENT_MAX_BYTES +
  SUMMARY_MAX_JSON_BYTES +
  arrayMaxBytes(PREVIEW_ITEMS, SUMMARY_MAX_JSON_BYTES) +
  arrayMaxBytes(PREVIEW_ITEMS, COMMENT_MAX_JSON_BYTES) +
  arrayMaxBytes(POST_MEDIA_MAX, MEDIA_ATTACHMENT_MAX_JSON_BYTES);

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
      'Only posts whose title or content match these words (PostgreSQL web search syntax: "quoted phrase", -word, or); `@handle` alone: that user\'s posts',
    example: 'typescript -java',
  });
