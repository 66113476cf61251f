-- The SQL of src/viewer/, written by `npm run db:statements` (scripts/db-statements.ts). Do not edit.

-- sessions_write_lsn
select
  b.i::int as i,
  x.write_lsn
from
  unnest(
    (
      select
        $1::uuid[]
    ),
    (
      select
        $2::int[]
    )
  ) with ordinality b (jti, user_id, i)
  cross join lateral (
    select
      u.write_lsn::text
    from
      sessions s
      join users u on u.id = s.user_id
    where
      s.jti = b.jti
      and s.user_id = b.user_id
      and s.revoked_at is null
      and s.expires_at > now()
    offset
      0
  ) x;

-- user_record_write
update users
set
  write_lsn = greatest(write_lsn, pg_current_wal_insert_lsn())
where
  id = $1;
