-- The SQL of src/events/, written by `npm run db:statements` (scripts/db-statements.ts). Do not edit.

-- event_exists
select
  1
from
  events
where
  id = $1;

-- event_insert
insert into
  events (name, description, location, date_time, owner_id)
values
  ($1, $2, $3, $4, $5)
returning
  (
    select
      row_to_json(o)
    from
      (
        select
          events.id,
          events.name,
          events.description,
          events.location,
          to_char(events.date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "dateTime",
          events.owner_id as "UserId",
          to_char(events.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
      ) o
  ) as json;

-- event_json
select
  (
    select
      row_to_json(o)
    from
      (
        select
          e.id,
          e.name,
          e.description,
          e.location,
          to_char(e.date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "dateTime",
          e.owner_id as "UserId",
          to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
      ) o
  ) as json
from
  events e
where
  e.id = $1;

-- event_owner
select
  owner_id
from
  events
where
  id = $1;

-- event_update_as_owner
update events e
set
  name = $3,
  description = $4,
  location = $5,
  date_time = $6
where
  e.id = $1
  and e.owner_id = $2
returning
  (
    select
      row_to_json(o)
    from
      (
        select
          e.id,
          e.name,
          e.description,
          e.location,
          to_char(e.date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "dateTime",
          e.owner_id as "UserId",
          to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
      ) o
  ) as json;

-- selectEventRecords: a page after a cursor
select
  (
    select
      row_to_json(o)
    from
      (
        select
          e.id,
          e.name,
          e.description,
          e.location,
          to_char(e.date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "dateTime",
          e.owner_id as "UserId",
          to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
      ) o
  )::text as json
from
  events e
where
  (e.date_time, e.id) < (
    select
      b.date_time,
      b.id
    from
      events b
    where
      b.id = $1
  )
order by
  e.date_time desc,
  e.id desc
limit
  $2;

-- selectEventRecords: unpaged (a stream)
select
  (
    select
      row_to_json(o)
    from
      (
        select
          e.id,
          e.name,
          e.description,
          e.location,
          to_char(e.date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "dateTime",
          e.owner_id as "UserId",
          to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
      ) o
  )::text as json
from
  events e
order by
  e.date_time desc,
  e.id desc;
