import { defineEntity } from '@mikro-orm/core';

/** Column sizes, which the input schemas take their limits from. */
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;
/** A name's most bytes as JSON (trpc/schemas.ts, jsonBytes): twice its characters, so any script's letters fit. */
export const NAME_MAX_BYTES = 200;
/** A stored file's URL (an avatar's too) at its longest: MEDIA_PUBLIC_URL (100, and a slash added) and a store key (27). */
export const MEDIA_URL_MAX = 128;
/** A handle's length: 3 to 30 of a-z, 0-9 and _ (src/viewer/handles.ts). */
export const HANDLE_MIN = 3;
export const HANDLE_MAX = 30;

export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: (p) => ({
    id: p.integer().primary(),
    // Stored trimmed and lower-cased, so the unique key is case-insensitive.
    email: p.string().length(EMAIL_MAX).unique('users_email_unique'),
    // Never serialised and not loaded unless asked for.
    passwordHash: p.text().hidden().lazy(true, false),
    firstName: p.string().length(NAME_MAX),
    lastName: p.string().length(NAME_MAX),
    // Stored lower-case; derived from the name when none is given (feedline_free_handle, Migration20261127210000).
    handle: p.string().length(HANDLE_MAX).unique('users_handle_unique'),
    // The avatar's file URL as answers show it, written with the avatar (src/media/avatars.ts).
    avatarUrl: p.string().length(MEDIA_URL_MAX).nullable(),
    createdAt: p.datetime(3).defaultRaw('now()'),
    // The primary's WAL position after the user's last write: which replicas may serve their reads.
    writeLsn: p.string().columnType('pg_lsn').nullable(),
    // Blocks the user is on either side of, and mutes the user made: kept by triggers on blocks and
    // mutes, so a reader with none of either skips every block and mute check (docs/safety.md).
    blockCount: p.integer().default(0),
    muteCount: p.integer().default(0),
  }),
  indexes: [
    // Every author, liker and follower in a response is a UserSummary: read them off this index alone.
    {
      name: 'users_summary_index',
      expression:
        'create index "users_summary_index" on "users" ("id") include ("first_name", "last_name", "avatar_url", "handle")',
    },
  ],
});
