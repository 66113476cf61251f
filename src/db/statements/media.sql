-- The SQL of src/media/, written by `npm run db:statements` (scripts/db-statements.ts). Do not edit.

-- media_avatar_ready
with
  replaced as (
    delete from media
    where
      owner_id = $9
      and attached_to = 'avatar'
      and exists (
        select
        from
          media
        where
          id = $1
          and state = 'processing'
          and created_at > now() - make_interval(secs => $8)
      )
    returning
      id
  ),
  md as (
    update media
    set
      state = 'ready',
      type = $2,
      file_key = $3,
      preview_key = $4,
      width = $5,
      height = $6,
      blurhash = $7,
      attached_to = 'avatar'
    where
      id = $1
      and state = 'processing'
      and created_at > now() - make_interval(secs => $8)
      and (
        select
          count(*)
        from
          replaced
      ) >= 0
    returning
      *
  ),
  avatar as (
    update users u
    set
      avatar_url = $10 || md.file_key
    from
      md
    where
      u.id = md.owner_id
  )
select
  id,
  owner_id as "ownerId",
  state,
  type,
  file_key as "fileKey",
  preview_key as "previewKey",
  width,
  height,
  blurhash,
  description,
  bytes,
  attached_to as "attachedTo",
  post_id as "postId"
from
  md;

-- media_avatar_remove
with
  gone as (
    delete from media
    where
      owner_id = $1
      and attached_to = 'avatar'
    returning
      id
  ),
  avatar as (
    update users
    set
      avatar_url = null
    where
      id = $1
      and avatar_url is not null
  )
select
  count(*)::int as removed
from
  gone;

-- media_claim_deleted_keys
update media_deleted_keys
set
  claimed_at = now()
where
  key in (
    select
      key
    from
      media_deleted_keys
    where
      claimed_at is null
      or claimed_at < now() - interval '1 minute'
    order by
      deleted_at
    limit
      $1
    for update
      skip locked
  )
returning
  key;

-- media_delete
with
  gone as (
    delete from media
    where
      id = $1
      and state <> 'ready'
    returning
      owner_id,
      bytes,
      created_at
  )
update media_quotas q
set
  files = q.files - 1,
  bytes = q.bytes - g.bytes
from
  gone g
where
  q.user_id = g.owner_id
  and q.day = (g.created_at at time zone 'UTC')::date;

-- media_describe
with
  md as (
    update media
    set
      description = $3
    where
      id = $1
      and owner_id = $2
    returning
      *
  ),
  post as (
    update posts p
    set
      media = (
        select
          json_agg(
            case
              when (e.value ->> 'id')::int = md.id then json_build_object(
                'id',
                md.id,
                'state',
                md.state,
                'type',
                md.type,
                'url',
                e.value -> 'url',
                'previewUrl',
                e.value -> 'previewUrl',
                'width',
                md.width,
                'height',
                md.height,
                'blurhash',
                md.blurhash,
                'description',
                md.description
              )
              else e.value
            end
            order by
              e.n
          )
        from
          json_array_elements(p.media) with ordinality e (value, n)
      )
    from
      md
    where
      md.attached_to = 'post'
      and p.id = md.post_id
  )
select
  id,
  owner_id as "ownerId",
  state,
  type,
  file_key as "fileKey",
  preview_key as "previewKey",
  width,
  height,
  blurhash,
  description,
  bytes,
  attached_to as "attachedTo",
  post_id as "postId"
from
  md;

-- media_expire_unattached
delete from media
where
  id in (
    select
      id
    from
      media
    where
      attached_to is null
      and created_at <= now() - make_interval(secs => $1)
    order by
      created_at
    limit
      $2
    for update
      skip locked
  )
  and attached_to is null
returning
  id;

-- media_failed
update media
set
  state = 'failed'
where
  id = $1
  and state = 'processing';

-- media_forget_deleted_keys
delete from media_deleted_keys
where
  key = any ($1::text[]);

-- media_insert
with
  quota as (
    insert into
      media_quotas as q (user_id, day, files, bytes)
    select
      $1,
      (now() at time zone 'UTC')::date,
      1,
      $2
    where
      1 <= $4
      and $2::bigint <= $5
    on conflict (user_id, day) do update
    set
      files = q.files + 1,
      bytes = q.bytes + excluded.bytes
    where
      q.files + 1 <= $4
      and q.bytes + excluded.bytes <= $5
    returning
      1
  )
insert into
  media (owner_id, bytes, description)
select
  $1,
  $2,
  $3
from
  quota
returning
  id,
  owner_id as "ownerId",
  state,
  type,
  file_key as "fileKey",
  preview_key as "previewKey",
  width,
  height,
  blurhash,
  description,
  bytes,
  attached_to as "attachedTo",
  post_id as "postId";

-- media_lock_owner
select
  1
from
  users
where
  id = $1
for no key update;

-- media_of_owner
select
  id,
  owner_id as "ownerId",
  state,
  type,
  file_key as "fileKey",
  preview_key as "previewKey",
  width,
  height,
  blurhash,
  description,
  bytes,
  attached_to as "attachedTo",
  post_id as "postId"
from
  media
where
  id = $1
  and owner_id = $2;

-- media_ready
update media
set
  state = 'ready',
  type = $2,
  file_key = $3,
  preview_key = $4,
  width = $5,
  height = $6,
  blurhash = $7
where
  id = $1
  and state = 'processing'
  and created_at > now() - make_interval(secs => $8)
returning
  id,
  owner_id as "ownerId",
  state,
  type,
  file_key as "fileKey",
  preview_key as "previewKey",
  width,
  height,
  blurhash,
  description,
  bytes,
  attached_to as "attachedTo",
  post_id as "postId";

-- media_unnamed_keys
select
  k as key
from
  unnest($1::text[]) k
where
  not exists (
    select
      1
    from
      media
    where
      file_key = k
  )
  and not exists (
    select
      1
    from
      media
    where
      preview_key = k
  )
  and not exists (
    select
      1
    from
      media_deleted_keys d
    where
      d.key = k
  );
