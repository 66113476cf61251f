import { notFound } from '../platform/errors.js';
import { type Database, findRow, namedStatement, runAfterLock, runRows } from '../db/sql.js';
import type { MediaState } from './media.entity.js';
import type { MediaAttachment } from './media.schemas.js';
import { ORPHAN_GRACE_SECONDS } from './store.js';

export const MEDIA_NOT_FOUND = 'Media not found';

/** A media row as the queries return it. */
export interface MediaRow {
  id: number;
  ownerId: number;
  state: MediaState;
  type: MediaAttachment['type'];
  fileKey: string | null;
  previewKey: string | null;
  width: number | null;
  height: number | null;
  blurhash: string | null;
  description: string;
  bytes: number;
  attachedTo: 'post' | 'avatar' | null;
  postId: number | null;
}

const COLUMNS = `id, owner_id as "ownerId", state, type, file_key as "fileKey", preview_key as "previewKey",
  width, height, blurhash, description, bytes, attached_to as "attachedTo", post_id as "postId"`;

/** One MediaAttachment's JSON from the media row `m`, with its file URLs as given (SQL expressions). */
const attachmentJson = (m: string, url: string, previewUrl: string) =>
  `json_build_object('id', ${m}.id, 'state', ${m}.state, 'type', ${m}.type, 'url', ${url}, 'previewUrl', ${previewUrl},
    'width', ${m}.width, 'height', ${m}.height, 'blurhash', ${m}.blurhash, 'description', ${m}.description)`;

/** What the stored renditions are, once processed. */
export interface ProcessedMedia {
  type: 'image/jpeg' | 'image/webp';
  fileKey: string;
  previewKey: string;
  width: number;
  height: number;
  blurhash: string;
}

/** The UTC day an upload counts on. */
const UTC_DAY = `(now() at time zone 'UTC')::date`;

/*
 * The day's count goes up only while the upload still fits ($4 files, $5 bytes), and the row is
 * written only then. ON CONFLICT DO UPDATE locks the user's day row and checks its latest committed
 * count, so concurrent uploads on any node take turns on it and exactly the quota fits.
 */
const INSERT_MEDIA = namedStatement(
  'media_insert',
  `with quota as (
    insert into media_quotas as q (user_id, day, files, bytes)
      select $1, ${UTC_DAY}, 1, $2 where 1 <= $4 and $2::bigint <= $5
      on conflict (user_id, day) do update set files = q.files + 1, bytes = q.bytes + excluded.bytes
        where q.files + 1 <= $4 and q.bytes + excluded.bytes <= $5
      returning 1)
    insert into media (owner_id, bytes, description) select $1, $2, $3 from quota returning ${COLUMNS}`,
);

/** A new upload of `bytes` bytes by `ownerId`, processing; null when it is over the user's daily quota. */
export const insertMedia = (
  db: Database,
  ownerId: number,
  bytes: number,
  description: string,
  quota: { files: number; bytes: number },
) => findRow<MediaRow>(db, INSERT_MEDIA, [ownerId, bytes, description, quota.files, quota.bytes]);

/** An upload's row ($1) once processed, with its files ($2 to $7). */
const READY = `update media set state = 'ready', type = $2, file_key = $3, preview_key = $4, width = $5, height = $6,
  blurhash = $7`;
/*
 * The row ($1) that may turn ready: still processing, and younger than the orphans' grace ($8 seconds,
 * store.ts): files written that long ago may already have been deleted as orphans (sweeper.ts), so no
 * row may name them.
 */
const READY_WHERE = `id = $1 and state = 'processing' and created_at > now() - make_interval(secs => $8)`;
const readyValues = (id: number, media: ProcessedMedia, graceSeconds: number) => [
  id,
  media.type,
  media.fileKey,
  media.previewKey,
  media.width,
  media.height,
  media.blurhash,
  graceSeconds,
];

const MEDIA_READY = namedStatement('media_ready', `${READY} where ${READY_WHERE} returning ${COLUMNS}`);

/**
 * Marks an upload ready with its files; null when its row is gone (its owner deleted it, or their
 * account), or older than the orphans' grace (`graceSeconds`, READY_WHERE).
 */
export const updateMediaReady = (
  db: Database,
  id: number,
  media: ProcessedMedia,
  graceSeconds = ORPHAN_GRACE_SECONDS,
) => findRow<MediaRow>(db, MEDIA_READY, readyValues(id, media, graceSeconds));

/*
 * The lock avatar writes take first (runAfterLock). NO KEY UPDATE: it makes them take turns, and
 * leaves the user's other writes (whose foreign keys take KEY SHARE on the row) free to go on.
 */
const LOCK_OWNER = namedStatement('media_lock_owner', 'select 1 from users where id = $1 for no key update');

/*
 * Run with the owner's ($9) row locked (LOCK_OWNER), so avatars set at once take turns and each
 * sees the one before. The replaced avatar's row goes first (the count makes the update wait for
 * the delete, so media_avatar_unique never sees two), its keys recorded by the media_deleted
 * trigger; the URL ($10 the base) goes on the user's row, where every UserSummary reads it.
 */
const AVATAR_READY = namedStatement(
  'media_avatar_ready',
  `with replaced as (delete from media where owner_id = $9 and attached_to = 'avatar'
        and exists (select from media where ${READY_WHERE}) returning id),
    md as (${READY}, attached_to = 'avatar'
      where ${READY_WHERE} and (select count(*) from replaced) >= 0 returning *),
    avatar as (update users u set avatar_url = $10 || md.file_key from md where u.id = md.owner_id)
    select ${COLUMNS} from md`,
);

/**
 * Marks an avatar upload ready and makes it its owner's avatar, in place of the one before (whose
 * files are then deleted with deleteGoneFiles); null when its row is gone (the account was deleted)
 * or older than the orphans' grace, as updateMediaReady.
 */
export async function updateAvatarReady(
  db: Database,
  ownerId: number,
  id: number,
  media: ProcessedMedia,
  urlBase: string,
  graceSeconds = ORPHAN_GRACE_SECONDS,
): Promise<MediaRow | null> {
  const [row] = await runAfterLock<MediaRow>(db, LOCK_OWNER, [ownerId], AVATAR_READY, [
    ...readyValues(id, media, graceSeconds),
    ownerId,
    urlBase,
  ]);
  return row ?? null;
}

// Run with the user's row locked (LOCK_OWNER), as AVATAR_READY.
const AVATAR_REMOVE = namedStatement(
  'media_avatar_remove',
  `with gone as (delete from media where owner_id = $1 and attached_to = 'avatar' returning id),
    avatar as (update users set avatar_url = null where id = $1 and avatar_url is not null)
    select count(*)::int as removed from gone`,
);

/** Removes the user's avatar, if any (its files are then deleted with deleteGoneFiles): whether there was one. */
export async function removeAvatar(db: Database, userId: number): Promise<boolean> {
  const [row] = await runAfterLock<{ removed: number }>(db, LOCK_OWNER, [userId], AVATAR_REMOVE, [userId]);
  return (row?.removed ?? 0) > 0;
}

const MEDIA_FAILED = namedStatement(
  'media_failed',
  `update media set state = 'failed' where id = $1 and state = 'processing'`,
);

/** Marks an upload whose processing failed after its answer was sent. */
export const updateMediaFailed = (db: Database, id: number) => runRows(db, MEDIA_FAILED, [id]);

// Its quota is given back: the upload did not happen.
const DELETE_MEDIA = namedStatement(
  'media_delete',
  `with gone as (delete from media where id = $1 and state <> 'ready' returning owner_id, bytes, created_at)
    update media_quotas q set files = q.files - 1, bytes = q.bytes - g.bytes
    from gone g where q.user_id = g.owner_id and q.day = (g.created_at at time zone 'UTC')::date`,
);

/** Deletes an upload that never got files (refused in processing before its answer), giving back its quota. */
export const deleteUnstoredMedia = (db: Database, id: number) => runRows(db, DELETE_MEDIA, [id]);

const MEDIA_OF_OWNER = namedStatement('media_of_owner', `select ${COLUMNS} from media where id = $1 and owner_id = $2`);

/** The caller's own upload, or 404 (another user's is as missing as none). */
export async function getMediaOfOwner(db: Database, id: number, ownerId: number): Promise<MediaRow> {
  const row = await findRow<MediaRow>(db, MEDIA_OF_OWNER, [id, ownerId]);
  if (!row) throw notFound(MEDIA_NOT_FOUND);
  return row;
}

/*
 * A post keeps its images' JSON on its own row, so the alt text of an attached upload changes there
 * too, in the same statement: the element with this id, in place, its order and URLs as stored.
 */
const DESCRIBE_MEDIA = namedStatement(
  'media_describe',
  `with md as (update media set description = $3 where id = $1 and owner_id = $2 returning *),
    post as (update posts p set media = (select json_agg(case when (e.value ->> 'id')::int = md.id
        then ${attachmentJson('md', "e.value -> 'url'", "e.value -> 'previewUrl'")} else e.value end order by e.n)
      from json_array_elements(p.media) with ordinality e(value, n))
      from md where md.attached_to = 'post' and p.id = md.post_id)
    select ${COLUMNS} from md`,
);

/** Sets the alt text of the caller's own upload (and of the post showing it), or 404. */
export async function updateMediaDescriptionAsOwner(
  db: Database,
  id: number,
  ownerId: number,
  description: string,
): Promise<MediaRow> {
  const row = await findRow<MediaRow>(db, DESCRIBE_MEDIA, [id, ownerId, description]);
  if (!row) throw notFound(MEDIA_NOT_FOUND);
  return row;
}

/**
 * The uploads `ids` ($n of an int[]) names, as the MediaAttachment[] JSON a post stores (in that
 * order), URLs under `base` ($n): `m` must be a set of media rows.
 */
export const attachmentsJson = (m: string, ids: string, base: string) =>
  `(select json_agg(${attachmentJson(m, `${base} || ${m}.file_key`, `${base} || ${m}.preview_key`)}
    order by array_position(${ids}, ${m}.id)) from ${m})`;

/**
 * The caller's uploads among `ids` (rows of `from`) that a post may take: ready, not attached, or
 * already attached to the post `post` edits. In id order: with `for update of md` appended, a racing
 * attach waits, then sees them attached.
 */
export const attachableMedia = (ids: string, owner: string, from = 'media', post?: string) =>
  `select md.* from ${from} md where md.id = any(${ids}) and md.owner_id = ${owner} and md.state = 'ready'
    and ${post ? `(md.attached_to is null or (md.attached_to = 'post' and md.post_id = ${post}))` : 'md.attached_to is null'} order by md.id`;

export const MEDIA_NOT_ATTACHABLE =
  "mediaIds must name the caller's own uploads, ready and not attached to anything else";
