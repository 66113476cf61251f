-- The SQL of src/media/, written by `npm run db:statements` (scripts/db-statements.ts). Do not edit.

-- media_delete
delete from media
where
  id = $1
  and state <> 'ready';

-- media_describe
update media
set
  description = $3
where
  id = $1
  and owner_id = $2
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

-- media_failed
update media
set
  state = 'failed'
where
  id = $1
  and state = 'processing';

-- media_insert
insert into
  media (owner_id, bytes, description)
values
  ($1, $2, $3)
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
