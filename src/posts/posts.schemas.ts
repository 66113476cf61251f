import { z } from 'zod';
import { idOutput, idParam, integerParam, PAGE_MAX, plainString, text, timestamp } from '../trpc/schemas.js';
import { SUMMARY_MAX_JSON_BYTES, UserSummary } from '../viewer/user-summary.schema.js';
import { POST_TITLE_MAX } from './post.entity.js';
import { POST_TAGS_MAX, TAG_MAX } from './share.entity.js';
import { normalizeTag } from './tags.js';
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

/** A tag as the API shows it: NFC, lower-case, without its `#`. */
export const tagName = z.string().min(1).max(TAG_MAX).meta({ example: 'typescript' });

const postTags = z
  .array(tagName)
  .max(POST_TAGS_MAX)
  .meta({
    description: `The #tags of the title and content, NFC and lower-case, in order of first appearance; the first ${POST_TAGS_MAX} distinct ones count`,
  });

/** The most bytes of JSON of one tag: TAG_MAX characters of up to 4 bytes each, quoted. */
const TAG_MAX_JSON_BYTES = 2 + 4 * TAG_MAX;

const quoteCount = z
  .int()
  .min(0)
  .meta({ description: 'How many quotes of it the caller could page through (GET /posts/{id}/quotes)' });

/** A quoted post as a Post embeds it: its own fields and counts, without likers, comments or a quote of its own. */
export const QuotedPost = z
  .object({
    id: idOutput,
    title: z.string(),
    content: z.string(),
    createdAt: timestamp,
    createdBy: UserSummary,
    likeCount: likeFields.likeCount,
    commentCount: z.int().min(0).meta({ description: 'How many comments the caller could page through' }),
    media: z.array(MediaAttachment).max(POST_MEDIA_MAX).meta({ description: 'The images, in order ([] without)' }),
    tags: postTags,
    quoteCount,
  })
  .meta({ id: 'QuotedPost' });

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
    tags: postTags,
    quoteCount,
    quoteOf: QuotedPost.nullable().meta({
      description:
        'The post this one quotes; null when none, when it was deleted, or when a block stands between its author and the caller',
    }),
    repostCount: z.int().min(0).meta({ description: 'How many reposts by users the caller could see' }),
    repostedByMe: z
      .boolean()
      .meta({ description: 'Whether the caller reposted it: a second repost is rejected (400)' }),
    bookmarkedByMe: z.boolean().meta({ description: 'Whether the caller bookmarked it (bookmarks are private)' }),
    mentions: mentions('post'),
  })
  .meta({ id: 'Post' });

export type Post = z.infer<typeof Post>;
export type QuotedPost = z.infer<typeof QuotedPost>;
export type Comment = z.infer<typeof Comment>;

/** Characters, then bytes of UTF-8, for a post's title and content and a comment (docs/limits.md). */
export const POST_TITLE_MAX_BYTES = 2 * POST_TITLE_MAX;
export const POST_CONTENT_MAX = 20_000;
export const POST_CONTENT_MAX_BYTES = 28_000;
export const COMMENT_CONTENT_MAX = 5_000;
export const COMMENT_CONTENT_MAX_BYTES = 7_500;

/** POST /posts: the post it quotes, one the caller can see. */
export const quoteOfInput = idParam.optional().meta({
  description:
    'The id of a post to quote (one the caller can see; 404 otherwise). Set when the post is written, never edited',
});

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
/** The most bytes of JSON of one QuotedPost, as POST_MAX_JSON_BYTES counts a Post's. */
export const QUOTED_POST_MAX_JSON_BYTES =
  200 +
  POST_TITLE_MAX_BYTES +
  POST_CONTENT_MAX_BYTES +
  SUMMARY_MAX_JSON_BYTES +
  arrayMaxBytes(POST_MEDIA_MAX, MEDIA_ATTACHMENT_MAX_JSON_BYTES) +
  arrayMaxBytes(POST_TAGS_MAX, TAG_MAX_JSON_BYTES);

/** The Post's fixed part, then repostCount, repostedByMe and bookmarkedByMe at their longest, and its mentions. */
export const POST_MAX_JSON_BYTES =
  200 +
  70 +
  MENTIONS_MAX_JSON_BYTES +
  POST_TITLE_MAX_BYTES +
  POST_CONTENT_MAX_BYTES +
  SUMMARY_MAX_JSON_BYTES +
  arrayMaxBytes(PREVIEW_ITEMS, SUMMARY_MAX_JSON_BYTES) +
  arrayMaxBytes(PREVIEW_ITEMS, COMMENT_MAX_JSON_BYTES) +
  arrayMaxBytes(POST_MEDIA_MAX, MEDIA_ATTACHMENT_MAX_JSON_BYTES) +
  10 +
  arrayMaxBytes(POST_TAGS_MAX, TAG_MAX_JSON_BYTES) +
  40 +
  QUOTED_POST_MAX_JSON_BYTES;

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

/** A home timeline item's place: `<milliseconds since the epoch>_<post id>` (its `cursor`). */
export const HOME_CURSOR = /^(\d{1,15})_(\d{1,10})$/;

/** A cursor's largest parts: the instant 9999-12-31T23:59:59.999Z, and a post id's largest (int4). */
const HOME_CURSOR_MAX_MILLISECONDS = 253_402_300_799_999;
const HOME_CURSOR_MAX_ID = 2_147_483_647;

/** A cursor's milliseconds (as text) and post id, or null when it is no cursor or past either bound. */
export function homeCursorParts(cursor: string): [string, number] | null {
  const parts = HOME_CURSOR.exec(cursor);
  if (!parts || Number(parts[1]) > HOME_CURSOR_MAX_MILLISECONDS || Number(parts[2]) > HOME_CURSOR_MAX_ID) return null;
  return [parts[1]!, Number(parts[2])];
}

export const homeCursor = z
  .string()
  // The pattern (in the OpenAPI document) first; past it, the bounds: one message either way.
  .regex(HOME_CURSOR, { message: 'must be the cursor of a home timeline item', abort: true })
  .refine((cursor) => homeCursorParts(cursor) !== null, 'must be the cursor of a home timeline item')
  .meta({
    description:
      'The `cursor` of the last item of the previous page (`<milliseconds>_<post id>`); the list starts after it',
    example: '1764270000000_42',
  });

/**
 * A post in a home timeline: the post, and when a user the reader follows reposted it, who (the
 * newest such repost) and when. Ordered by `repostedAt` (or the post's `createdAt`), then post id.
 */
export const HomeItem = Post.extend({
  repostedBy: UserSummary.nullable().meta({
    description: 'The followed user whose repost brought the post here (the newest); null for a post shown as written',
  }),
  repostedAt: timestamp.nullable().meta({ description: 'When repostedBy reposted it; null with repostedBy' }),
  cursor: z.string().meta({
    description: 'This item as a place in the timeline: `before` of the next page and Last-Event-ID take it',
  }),
}).meta({ id: 'HomeItem' });

export type HomeItem = z.infer<typeof HomeItem>;

/** The most bytes of JSON of one HomeItem. */
export const HOME_ITEM_MAX_JSON_BYTES = POST_MAX_JSON_BYTES + SUMMARY_MAX_JSON_BYTES + 100;

/** A tag as a URL or a body names it: a leading `#` (or `%23`) is dropped, then NFC and lower-case, as in a post. */
export const tagParam = plainString()
  .max(4 * TAG_MAX)
  .transform((raw, ctx) => {
    const tag = normalizeTag(raw.startsWith('#') ? raw.slice(1) : raw);
    if (tag !== undefined) return tag;
    ctx.issues.push({
      code: 'custom',
      input: raw,
      message: `must be a tag: a letter, then letters, digits or _, at most ${TAG_MAX} characters`,
    });
    return z.NEVER;
  })
  .meta({
    description: `A tag, with or without its # (%23 in a URL): a letter, then letters, digits or _, at most ${TAG_MAX} characters; compared NFC and lower-case`,
    example: 'typescript',
  });

export const byTagInput = z.object({ tag: tagParam });

/** A followed tag as GET /users/me/tags lists it. */
export const FollowedTag = z.object({ name: tagName }).meta({ id: 'FollowedTag' });

/** The most bytes of JSON of one FollowedTag. */
export const FOLLOWED_TAG_MAX_JSON_BYTES = 12 + TAG_MAX_JSON_BYTES;

/** GET /users/me/tags: a page after the tag `before` names. */
export const followedTagsInput = z
  .object({
    limit: integerParam(1, PAGE_MAX, {
      description: `Page size, 1 to ${PAGE_MAX}; without it, every followed tag (after before, when given)`,
    }).optional(),
    before: tagParam.optional().meta({ description: 'The last tag of the previous page; the list starts after it' }),
  })
  .optional();
