-- The SQL of src/notifications/, written by `npm run db:statements` (scripts/db-statements.ts). Do not edit.

-- notifications_mark_read
with
  s as (
    select
      s.user_id,
      s.block_count,
      s.mute_count
    from
      sessions s
    where
      s.jti = $1
      and s.user_id = $2
      and s.revoked_at is null
      and s.expires_at > now()
  ),
  marked as (
    update notifications n
    set
      read = true
    from
      s
    where
      n.recipient_id = s.user_id
      and n.id <= $3
      and not n.read
    returning
      n.actor_id,
      n.post_id
  )
select
  (
    select
      count(*)::int
    from
      marked m
    where
      (
        s.block_count = 0
        or (
          not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = s.user_id
              and bk.blocked_id = m.actor_id
          )
          and not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = m.actor_id
              and bk.blocked_id = s.user_id
          )
        )
      )
      and (
        s.mute_count = 0
        or not exists (
          select
          from
            mutes mu
          where
            mu.muter_id = s.user_id
            and mu.muted_id = m.actor_id
        )
      )
      and (
        m.post_id is null
        or (
          s.block_count = 0
          or (
            not exists (
              select
              from
                blocks bk
              where
                bk.blocker_id = s.user_id
                and bk.blocked_id = (
                  select
                    np.author_id
                  from
                    posts np
                  where
                    np.id = m.post_id
                )
            )
            and not exists (
              select
              from
                blocks bk
              where
                bk.blocker_id = (
                  select
                    np.author_id
                  from
                    posts np
                  where
                    np.id = m.post_id
                )
                and bk.blocked_id = s.user_id
            )
          )
        )
      )
  )
from
  s;

-- notifications_page
select
  case
    when s.block_count = 0
    and s.mute_count = 0 then coalesce(
      (
        select
          json_agg(
            j.json
            order by
              j.id desc
          )
        from
          (
            select
              n.id,
              (
                select
                  case
                    when o.post is null
                    and o.comment is null then (
                      select
                        row_to_json(x)
                      from
                        (
                          select
                            o.id,
                            o.type,
                            o."createdAt",
                            o.actor,
                            o.read
                        ) x
                    )
                    when o.comment is null then (
                      select
                        row_to_json(x)
                      from
                        (
                          select
                            o.id,
                            o.type,
                            o."createdAt",
                            o.actor,
                            o.post,
                            o.read
                        ) x
                    )
                    when o.post is null then (
                      select
                        row_to_json(x)
                      from
                        (
                          select
                            o.id,
                            o.type,
                            o."createdAt",
                            o.actor,
                            o.comment,
                            o.read
                        ) x
                    )
                    else row_to_json(o)
                  end
                from
                  (
                    select
                      n.id,
                      n.type,
                      to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                      (
                        select
                          (
                            select
                              row_to_json(o)
                            from
                              (
                                select
                                  n_a.id,
                                  n_a.first_name as "firstName",
                                  n_a.last_name as "lastName",
                                  n_a.avatar_url as "avatarUrl",
                                  n_a.handle
                              ) o
                          )
                        from
                          users n_a
                        where
                          n_a.id = n.actor_id
                      ) as actor,
                      (
                        select
                          row_to_json(x)
                        from
                          (
                            select
                              n_p.id,
                              n_p.title
                            from
                              posts n_p
                            where
                              n_p.id = n.post_id
                          ) x
                      ) as post,
                      (
                        select
                          row_to_json(x)
                        from
                          (
                            select
                              n.comment_id as id
                            where
                              n.comment_id is not null
                          ) x
                      ) as comment,
                      n.read
                  ) o
              ) as json
            from
              notifications n
            where
              n.recipient_id = s.user_id
              and n.id < coalesce($3::int8, 2147483648)
              and true
            order by
              n.id desc
            limit
              $4
          ) j
      ),
      '[]'
    )::text
  end,
  not (
    s.block_count = 0
    and s.mute_count = 0
  )
from
  sessions s
where
  s.jti = $1
  and s.user_id = $2
  and s.revoked_at is null
  and s.expires_at > now();

-- notifications_page_guarded
select
  coalesce(
    (
      select
        json_agg(
          j.json
          order by
            j.id desc
        )
      from
        (
          select
            n.id,
            (
              select
                case
                  when o.post is null
                  and o.comment is null then (
                    select
                      row_to_json(x)
                    from
                      (
                        select
                          o.id,
                          o.type,
                          o."createdAt",
                          o.actor,
                          o.read
                      ) x
                  )
                  when o.comment is null then (
                    select
                      row_to_json(x)
                    from
                      (
                        select
                          o.id,
                          o.type,
                          o."createdAt",
                          o.actor,
                          o.post,
                          o.read
                      ) x
                  )
                  when o.post is null then (
                    select
                      row_to_json(x)
                    from
                      (
                        select
                          o.id,
                          o.type,
                          o."createdAt",
                          o.actor,
                          o.comment,
                          o.read
                      ) x
                  )
                  else row_to_json(o)
                end
              from
                (
                  select
                    n.id,
                    n.type,
                    to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                    (
                      select
                        (
                          select
                            row_to_json(o)
                          from
                            (
                              select
                                n_a.id,
                                n_a.first_name as "firstName",
                                n_a.last_name as "lastName",
                                n_a.avatar_url as "avatarUrl",
                                n_a.handle
                            ) o
                        )
                      from
                        users n_a
                      where
                        n_a.id = n.actor_id
                    ) as actor,
                    (
                      select
                        row_to_json(x)
                      from
                        (
                          select
                            n_p.id,
                            n_p.title
                          from
                            posts n_p
                          where
                            n_p.id = n.post_id
                        ) x
                    ) as post,
                    (
                      select
                        row_to_json(x)
                      from
                        (
                          select
                            n.comment_id as id
                          where
                            n.comment_id is not null
                        ) x
                    ) as comment,
                    n.read
                ) o
            ) as json
          from
            notifications n
          where
            n.recipient_id = s.user_id
            and n.id < coalesce($3::int8, 2147483648)
            and (
              s.block_count = 0
              or (
                not exists (
                  select
                  from
                    blocks bk
                  where
                    bk.blocker_id = s.user_id
                    and bk.blocked_id = n.actor_id
                )
                and not exists (
                  select
                  from
                    blocks bk
                  where
                    bk.blocker_id = n.actor_id
                    and bk.blocked_id = s.user_id
                )
              )
            )
            and (
              s.mute_count = 0
              or not exists (
                select
                from
                  mutes mu
                where
                  mu.muter_id = s.user_id
                  and mu.muted_id = n.actor_id
              )
            )
            and (
              n.post_id is null
              or (
                s.block_count = 0
                or (
                  not exists (
                    select
                    from
                      blocks bk
                    where
                      bk.blocker_id = s.user_id
                      and bk.blocked_id = (
                        select
                          np.author_id
                        from
                          posts np
                        where
                          np.id = n.post_id
                      )
                  )
                  and not exists (
                    select
                    from
                      blocks bk
                    where
                      bk.blocker_id = (
                        select
                          np.author_id
                        from
                          posts np
                        where
                          np.id = n.post_id
                      )
                      and bk.blocked_id = s.user_id
                  )
                )
              )
            )
          order by
            n.id desc
          limit
            $4
        ) j
    ),
    '[]'
  )::text,
  not (
    s.block_count = 0
    and s.mute_count = 0
  )
from
  sessions s
where
  s.jti = $1
  and s.user_id = $2
  and s.revoked_at is null
  and s.expires_at > now();

-- notifications_unread_count
select
  case
    when s.block_count = 0
    and s.mute_count = 0 then (
      select
        count(*)::int
      from
        notifications n
      where
        n.recipient_id = s.user_id
        and not n.read
        and true
    )
  end,
  not (
    s.block_count = 0
    and s.mute_count = 0
  )
from
  sessions s
where
  s.jti = $1
  and s.user_id = $2
  and s.revoked_at is null
  and s.expires_at > now();

-- notifications_unread_count_guarded
select
  (
    select
      count(*)::int
    from
      notifications n
    where
      n.recipient_id = s.user_id
      and not n.read
      and (
        s.block_count = 0
        or (
          not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = s.user_id
              and bk.blocked_id = n.actor_id
          )
          and not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = n.actor_id
              and bk.blocked_id = s.user_id
          )
        )
      )
      and (
        s.mute_count = 0
        or not exists (
          select
          from
            mutes mu
          where
            mu.muter_id = s.user_id
            and mu.muted_id = n.actor_id
        )
      )
      and (
        n.post_id is null
        or (
          s.block_count = 0
          or (
            not exists (
              select
              from
                blocks bk
              where
                bk.blocker_id = s.user_id
                and bk.blocked_id = (
                  select
                    np.author_id
                  from
                    posts np
                  where
                    np.id = n.post_id
                )
            )
            and not exists (
              select
              from
                blocks bk
              where
                bk.blocker_id = (
                  select
                    np.author_id
                  from
                    posts np
                  where
                    np.id = n.post_id
                )
                and bk.blocked_id = s.user_id
            )
          )
        )
      )
  ),
  not (
    s.block_count = 0
    and s.mute_count = 0
  )
from
  sessions s
where
  s.jti = $1
  and s.user_id = $2
  and s.revoked_at is null
  and s.expires_at > now();
