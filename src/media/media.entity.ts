import { defineEntity } from '@mikro-orm/core';
import { PostEntity } from '../posts/post.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * Alt text's most characters (Twitter's first limit) and bytes as JSON, as for other stored text:
 * four of them on each of the 20 posts a profile previews keep it under ANSWER_MAX_BYTES.
 */
export const MEDIA_DESCRIPTION_MAX = 420;
export const MEDIA_DESCRIPTION_MAX_BYTES = 440;
/** A blurhash of 4×3 components is always this long. */
export const BLURHASH_LENGTH = 28;
/** A store key's size (store.ts: 22 characters of 128 random bits, a dot, an extension). */
const KEY_LENGTH = 27;

export const MEDIA_STATES = ['processing', 'ready', 'failed'] as const;
export type MediaState = (typeof MEDIA_STATES)[number];

/**
 * One uploaded image: its row is written as the upload starts (state processing) and holds its
 * files' store keys once they are stored (ready). `attachedTo` is null until a post or the owner's
 * avatar takes it; an attachment is never moved, so a key is only ever in one answer's place.
 */
export const MediaEntity = defineEntity({
  name: 'Media',
  tableName: 'media',
  properties: (p) => ({
    id: p.integer().primary(),
    owner: p.manyToOne(UserEntity).deleteRule('cascade'),
    state: p.string().length(10).default('processing'),
    // The stored renditions' content type (image/jpeg or image/webp), known once processed.
    type: p.string().length(10).nullable(),
    fileKey: p.string().length(KEY_LENGTH).nullable().unique('media_file_key_unique'),
    previewKey: p.string().length(KEY_LENGTH).nullable().unique('media_preview_key_unique'),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    blurhash: p.string().length(BLURHASH_LENGTH).nullable(),
    description: p.string().length(MEDIA_DESCRIPTION_MAX).default(''),
    // The upload's bytes, as the daily quota counts them.
    bytes: p.integer(),
    createdAt: p.datetime(3).defaultRaw('now()'),
    attachedTo: p.string().length(6).nullable(),
    post: p.manyToOne(PostEntity).nullable().deleteRule('cascade'),
  }),
  indexes: [
    // A user's uploads of the day (the quota), and unattached uploads by age (the sweeper).
    { name: 'media_owner_created_index', properties: ['owner', 'createdAt'] },
    {
      name: 'media_unattached_created_index',
      expression: 'create index "media_unattached_created_index" on "media" ("created_at") where "attached_to" is null',
    },
    // A user's avatar, and never two.
    {
      name: 'media_avatar_unique',
      expression: `create unique index "media_avatar_unique" on "media" ("owner_id") where "attached_to" = 'avatar'`,
    },
    // For the cascade when a post goes, and a post's media by post.
    {
      name: 'media_post_id_index',
      expression: 'create index "media_post_id_index" on "media" ("post_id") where "post_id" is not null',
    },
  ],
  checks: [
    { name: 'media_state_check', expression: "state = 'processing' or state = 'ready' or state = 'failed'" },
    { name: 'media_attached_to_check', expression: "attached_to = 'post' or attached_to = 'avatar'" },
    { name: 'media_ready_check', expression: "state <> 'ready' or (file_key is not null and preview_key is not null)" },
  ],
});

/**
 * What each user uploaded on each UTC day, in files and bytes: the daily quota (MEDIA_DAILY_FILES,
 * MEDIA_DAILY_BYTES), counted by the statement that writes an upload's row, so it holds across nodes.
 */
export const MediaQuotaEntity = defineEntity({
  name: 'MediaQuota',
  tableName: 'media_quotas',
  properties: (p) => ({
    user: p.manyToOne(UserEntity).primary().deleteRule('cascade'),
    day: p.date().primary(),
    files: p.integer(),
    bytes: p.bigint(),
  }),
});

/**
 * Store keys whose media rows were deleted, until the sweeper deletes their files (a trigger on media
 * writes them in the deleting transaction). `claimedAt`: a sweeper is deleting them; a claim older
 * than a minute is taken again, so a failed or interrupted delete is retried.
 */
export const MediaDeletedKeyEntity = defineEntity({
  name: 'MediaDeletedKey',
  tableName: 'media_deleted_keys',
  properties: (p) => ({
    key: p.string().length(KEY_LENGTH).primary(),
    deletedAt: p.datetime(3).defaultRaw('now()').index('media_deleted_keys_deleted_at_index'),
    claimedAt: p.datetime(3).nullable(),
  }),
});
