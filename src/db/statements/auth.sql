-- The SQL of src/auth/, written by `npm run db:statements` (scripts/db-statements.ts). Do not edit.

-- rate_limit_count
with
  k as (
    select
      k.*,
      k.max - coalesce(p.hits, 0) * k.weight as room,
      coalesce(p.hits, 0) as previous_hits,
      coalesce(c.hits, 0) as current_hits
    from
      unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::float8[], $5::int[], $6::int[]) as k (
        key,
        start,
        previous_start,
        weight,
        add,
        max
      )
      left join rate_limit_counters p on p.key = k.key
      and p.window_start = k.previous_start
      left join rate_limit_counters c on c.key = k.key
      and c.window_start = k.start
  ),
  up as (
    insert into
      rate_limit_counters as c (key, window_start, hits)
    select
      k.key,
      k.start,
      k.add
    from
      k
    where
      k.add <= k.room
      and true
    order by
      k.key
    on conflict (key, window_start) do update
    set
      hits = c.hits + excluded.hits
    where
      c.hits + excluded.hits <= (
        select
          k.room
        from
          k
        where
          k.key = c.key
      )
    returning
      c.key
  )
select
  k.key,
  k.key in (
    select
      key
    from
      up
  ) as counted,
  k.previous_hits as previous,
  k.current_hits as "current"
from
  k;

-- session_open
select
  1
from
  sessions s
where
  s.jti = $1
  and s.user_id = $2
  and s.revoked_at is null
  and s.expires_at > now();

-- session_revoke
update sessions
set
  revoked_at = now()
where
  jti = $1
  and user_id = $2
  and sessions.revoked_at is null
  and sessions.expires_at > now()
returning
  jti;

-- sessions_live
select
  jti as id,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "expiresAt",
  jti = $1 as current
from
  sessions
where
  user_id = $2
  and sessions.revoked_at is null
  and sessions.expires_at > now()
order by
  created_at desc,
  jti;

-- sessions_revoke_all
update sessions
set
  revoked_at = now()
where
  user_id = $1
  and sessions.revoked_at is null
  and sessions.expires_at > now();

-- user_credentials_by_email
select
  id,
  password_hash as "passwordHash"
from
  users
where
  email = $1;

-- user_credentials_by_id
select
  email,
  password_hash as "passwordHash"
from
  users
where
  id = $1;

-- user_lock
select
  1
from
  users
where
  id = $1
for update;

-- user_replace_password
with
  changed as (
    update users
    set
      password_hash = $3
    where
      id = $2
      and exists (
        select
          1
        from
          sessions s
        where
          s.jti = $1
          and s.user_id = $2
          and s.revoked_at is null
          and s.expires_at > now()
      )
    returning
      id
  ),
  revoked as (
    update sessions
    set
      revoked_at = now()
    where
      user_id in (
        select
          id
        from
          changed
      )
      and jti <> $1
      and sessions.revoked_at is null
      and sessions.expires_at > now()
  )
select
  id
from
  changed;

-- write_count
with
  open as (
    select
      1
    from
      sessions s
    where
      s.jti = $7
      and s.user_id = $8
      and s.revoked_at is null
      and s.expires_at > now()
  ),
  k as (
    select
      k.*,
      k.max - coalesce(p.hits, 0) * k.weight as room,
      coalesce(p.hits, 0) as previous_hits,
      coalesce(c.hits, 0) as current_hits
    from
      unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::float8[], $5::int[], $6::int[]) as k (
        key,
        start,
        previous_start,
        weight,
        add,
        max
      )
      left join rate_limit_counters p on p.key = k.key
      and p.window_start = k.previous_start
      left join rate_limit_counters c on c.key = k.key
      and c.window_start = k.start
  ),
  up as (
    insert into
      rate_limit_counters as c (key, window_start, hits)
    select
      k.key,
      k.start,
      k.add
    from
      k
    where
      k.add <= k.room
      and exists (
        select
          1
        from
          open
      )
    order by
      k.key
    on conflict (key, window_start) do update
    set
      hits = c.hits + excluded.hits
    where
      c.hits + excluded.hits <= (
        select
          k.room
        from
          k
        where
          k.key = c.key
      )
    returning
      c.key
  )
select
  exists (
    select
      1
    from
      open
  ) as open,
  k.key,
  k.key in (
    select
      key
    from
      up
  ) as counted,
  k.previous_hits as previous,
  k.current_hits as "current"
from
  k;

-- write_uncount
with
  k as (
    select
      *
    from
      unnest($1::text[], $2::timestamptz[], $3::int[]) as k (
        key,
        start,
        add
      )
  ),
  locked as materialized (
    select
      c.key,
      c.window_start
    from
      rate_limit_counters c
      join k on c.key = k.key
      and c.window_start = k.start
    order by
      c.key
    for update of
      c
  )
update rate_limit_counters c
set
  hits = greatest(0, c.hits - k.add)
from
  k
  join locked l on l.key = k.key
  and l.window_start = k.start
where
  c.key = k.key
  and c.window_start = k.start;

-- releaseCounters: two windows
update rate_limit_counters
set
  hits = hits - 1
where
  hits > 0
  and (
    (
      key = $1
      and window_start = $2
    )
    or (
      key = $3
      and window_start = $4
    )
  );
