import { z } from 'zod';
import {
  arrayMaxBytes,
  Comment,
  COMMENT_MAX_JSON_BYTES,
  Post,
  POST_MAX_JSON_BYTES,
  PREVIEW_ITEMS,
} from '../posts/posts.schemas.js';
import { SUMMARY_MAX_JSON_BYTES, UserSummary } from '../viewer/user-summary.schema.js';

const count = (description: string) => z.int().min(0).meta({ description });

export const UserWithRelations = UserSummary.extend({
  posts: z
    .array(Post)
    .max(PREVIEW_ITEMS)
    .meta({
      description: `The ${PREVIEW_ITEMS} newest posts; all of them: GET /users/{id}/posts`,
    }),
  comments: z
    .array(Comment)
    .max(PREVIEW_ITEMS)
    .meta({
      description: `The ${PREVIEW_ITEMS} newest comments; all of them: GET /users/{id}/comments`,
    }),
  followed: z
    .array(UserSummary)
    .max(PREVIEW_ITEMS)
    .meta({
      description: `The first ${PREVIEW_ITEMS} users this user follows, by id; all of them: GET /users/{id}/followed`,
    }),
  followers: z
    .array(UserSummary)
    .max(PREVIEW_ITEMS)
    .meta({
      description: `The first ${PREVIEW_ITEMS} followers, by id; all of them: GET /users/{id}/followers`,
    }),
  postCount: count('How many posts the caller could page through'),
  commentCount: count('How many comments the caller could page through'),
  followerCount: count('How many followers the caller could page through'),
  followedCount: count('How many users this user follows that the caller could page through'),
}).meta({ id: 'UserWithRelations' });

export type UserWithRelations = z.infer<typeof UserWithRelations>;

/** The most bytes of JSON of one UserWithRelations: its summary, full previews and the largest counts. */
export const PROFILE_MAX_JSON_BYTES =
  SUMMARY_MAX_JSON_BYTES +
  150 +
  arrayMaxBytes(PREVIEW_ITEMS, POST_MAX_JSON_BYTES) +
  arrayMaxBytes(PREVIEW_ITEMS, COMMENT_MAX_JSON_BYTES) +
  2 * arrayMaxBytes(PREVIEW_ITEMS, SUMMARY_MAX_JSON_BYTES);
