-- The SQL of src/posts/, written by `npm run db:statements` (scripts/db-statements.ts). Do not edit.

-- comment_delete_as_author
delete from comments c using posts p
where
  c.id = $1
  and p.id = c.post_id
  and (
    c.author_id = $2
    or p.author_id = $2
  )
returning
  c.id;

-- comment_exists
select
  1
from
  comments
where
  id = $1;

-- comment_insert
with
  ins as (
    insert into
      comments (content, post_id, author_id)
    select
      $1,
      $2::int,
      $3::int
    where
      not exists (
        select
        from
          posts bp
        where
          bp.id = $2
          and not (
            not exists (
              select
              from
                blocks bk
              where
                bk.blocker_id = bp.author_id
                and bk.blocked_id = $3::int
            )
            and not exists (
              select
              from
                blocks bk
              where
                bk.blocker_id = $3::int
                and bk.blocked_id = bp.author_id
            )
          )
      )
    returning
      id,
      post_id,
      author_id
  ),
  noted as (
    insert into
      notifications (recipient_id, type, actor_id, post_id, comment_id)
    select
      *
    from
      (
        select
          p.author_id,
          'comment',
          ins.author_id,
          p.id,
          ins.id
        from
          ins
          join posts p on p.id = ins.post_id
      ) nt (recipient_id, type, actor_id, post_id, comment_id)
    where
      nt.recipient_id <> nt.actor_id
      and (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.recipient_id
            and bk.blocked_id = nt.actor_id
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.actor_id
            and bk.blocked_id = nt.recipient_id
        )
      )
      and (
        select
          count(*)
        from
          (
            select
            from
              notifications pair
            where
              pair.recipient_id = nt.recipient_id
              and pair.actor_id = nt.actor_id
              and pair.created_at > now() - interval '1 hour'
            limit
              30
          ) recent
      ) < 30
    on conflict do nothing
  ),
  target as (
    select
      ins.id,
      ins.post_id
    from
      ins
  ),
  mention_users as materialized (
    select
      u.id,
      h.n
    from
      unnest($4::text[]) with ordinality h (handle, n)
      join users u on u.handle = h.handle
    where
      (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = u.id
            and bk.blocked_id = $3::int
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = $3::int
            and bk.blocked_id = u.id
        )
      )
    order by
      h.n
    limit
      20
  ),
  mention_before (user_id, notified) as (
    select
      null::int,
      false
    where
      false
  ),
  mention_new as materialized (
    select
      mu.id,
      mu.id <> $3::int
      and row_number() over (
        partition by
          mu.id = $3::int
        order by
          mu.n
      ) <= 10 - (
        select
          count(*)
        from
          mention_before b
        where
          b.notified
      ) as
    notify
    from
      mention_users mu
    where
      mu.id not in (
        select
          b.user_id
        from
          mention_before b
      )
  ),
  mention_linked as (
    insert into
      comment_mentions (comment_id, user_id, notified)
    select
      t.id,
      mn.id,
      mn.notify
    from
      target t,
      mention_new mn
  ),
  mention_noted as (
    insert into
      notifications (recipient_id, type, actor_id, post_id, comment_id)
    select
      *
    from
      (
        select
          u.id,
          'mention',
          $3::int,
          t.post_id,
          t.id
        from
          (
            select
              mn.id
            from
              mention_new mn
            where
              mn.notify
          ) u,
          target t
      ) nt (recipient_id, type, actor_id, post_id, comment_id)
    where
      nt.recipient_id <> nt.actor_id
      and (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.recipient_id
            and bk.blocked_id = nt.actor_id
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.actor_id
            and bk.blocked_id = nt.recipient_id
        )
      )
      and (
        select
          count(*)
        from
          (
            select
            from
              notifications pair
            where
              pair.recipient_id = nt.recipient_id
              and pair.actor_id = nt.actor_id
              and pair.created_at > now() - interval '1 hour'
            limit
              30
          ) recent
      ) < 30
    on conflict do nothing
  )
select
  id
from
  ins;

-- comment_json
select
  (
    select
      row_to_json(o)
    from
      (
        select
          c.id,
          c.content,
          to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
          (
            select
              row_to_json(o)
            from
              (
                select
                  c_a.id,
                  c_a.first_name as "firstName",
                  c_a.last_name as "lastName",
                  c_a.avatar_url as "avatarUrl",
                  c_a.handle
                from
                  users c_a
                where
                  c_a.id = c.author_id
              ) o
          ) as "createdBy",
          coalesce(
            (
              select
                array_to_json(array_agg(a))
              from
                (
                  select
                    c_lu.id,
                    c_lu.first_name as "firstName",
                    c_lu.last_name as "lastName",
                    c_lu.avatar_url as "avatarUrl",
                    c_lu.handle
                  from
                    (
                      select
                        l.user_id
                      from
                        comment_likes l
                      where
                        l.comment_id = c.id
                        and (
                          (
                            select
                              vb.block_count
                            from
                              users vb
                            where
                              vb.id = $2
                          ) = 0
                          or (
                            not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = $2
                                and bk.blocked_id = l.user_id
                            )
                            and not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = l.user_id
                                and bk.blocked_id = $2
                            )
                          )
                        )
                      order by
                        l.user_id
                      limit
                        20
                    ) c_lu_i
                    join users c_lu on c_lu.id = c_lu_i.user_id
                  order by
                    c_lu_i.user_id
                  limit
                    20
                ) a
            ),
            '[]'::json
          ) as "likedBy",
          (
            coalesce(
              (
                select
                  c_s.like_count
                from
                  comment_stats c_s
                where
                  c_s.comment_id = c.id
              ),
              0
            ) - (
              case
                when (
                  select
                    vb.block_count
                  from
                    users vb
                  where
                    vb.id = $2
                ) = 0 then 0
                else (
                  select
                    count(*)
                  from
                    (
                      select
                        hb.blocked_id as u
                      from
                        blocks hb
                      where
                        hb.blocker_id = $2
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = $2
                    ) hu
                    cross join lateral (
                      select
                      from
                        comment_likes hl
                      where
                        hl.comment_id = c.id
                        and hl.user_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "likeCount",
          exists (
            select
            from
              comment_likes c_m
            where
              c_m.comment_id = c.id
              and c_m.user_id = $2
          ) as "likedByMe",
          coalesce(
            (
              select
                array_to_json(array_agg(a))
              from
                (
                  select
                    c_me_mu.id,
                    c_me_mu.first_name as "firstName",
                    c_me_mu.last_name as "lastName",
                    c_me_mu.avatar_url as "avatarUrl",
                    c_me_mu.handle
                  from
                    comment_mentions c_me_m
                    join users c_me_mu on c_me_mu.id = c_me_m.user_id
                  where
                    c_me_m.comment_id = c.id
                    and c_me_m.shown
                    and (
                      (
                        select
                          vb.block_count
                        from
                          users vb
                        where
                          vb.id = $2
                      ) = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = $2
                            and bk.blocked_id = c_me_m.user_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = c_me_m.user_id
                            and bk.blocked_id = $2
                        )
                      )
                    )
                  order by
                    c_me_m.user_id
                  limit
                    20
                ) a
            ),
            '[]'::json
          ) as mentions
      ) o
  ) as json
from
  comments c
where
  c.id = $1
  and (
    not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = c.author_id
        and bk.blocked_id = $2::int
    )
    and not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = $2::int
        and bk.blocked_id = c.author_id
    )
  )
  and (
    not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = (
          select
            cp.author_id
          from
            posts cp
          where
            cp.id = c.post_id
        )
        and bk.blocked_id = $2::int
    )
    and not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = $2::int
        and bk.blocked_id = (
          select
            cp.author_id
          from
            posts cp
          where
            cp.id = c.post_id
        )
    )
  );

-- comment_like_delete
delete from comment_likes l using comments c
where
  l.comment_id = $1
  and l.user_id = $2
  and c.id = l.comment_id
  and (
    not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = c.author_id
        and bk.blocked_id = $2::int
    )
    and not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = $2::int
        and bk.blocked_id = c.author_id
    )
  )
  and (
    not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = (
          select
            cp.author_id
          from
            posts cp
          where
            cp.id = c.post_id
        )
        and bk.blocked_id = $2::int
    )
    and not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = $2::int
        and bk.blocked_id = (
          select
            cp.author_id
          from
            posts cp
          where
            cp.id = c.post_id
        )
    )
  )
returning
  1;

-- comment_like_insert
with
  ins as (
    insert into
      comment_likes (comment_id, user_id)
    select
      $1::int,
      $2::int
    where
      not exists (
        select
        from
          comments bc
        where
          bc.id = $1
          and not (
            (
              not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = bc.author_id
                  and bk.blocked_id = $2::int
              )
              and not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = $2::int
                  and bk.blocked_id = bc.author_id
              )
            )
            and (
              not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = (
                    select
                      cp.author_id
                    from
                      posts cp
                    where
                      cp.id = bc.post_id
                  )
                  and bk.blocked_id = $2::int
              )
              and not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = $2::int
                  and bk.blocked_id = (
                    select
                      cp.author_id
                    from
                      posts cp
                    where
                      cp.id = bc.post_id
                  )
              )
            )
          )
      )
    returning
      comment_id,
      user_id
  ),
  noted as (
    insert into
      notifications (recipient_id, type, actor_id, post_id, comment_id)
    select
      *
    from
      (
        select
          c.author_id,
          'comment_like',
          ins.user_id,
          c.post_id,
          c.id
        from
          ins
          join comments c on c.id = ins.comment_id
      ) nt (recipient_id, type, actor_id, post_id, comment_id)
    where
      nt.recipient_id <> nt.actor_id
      and (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.recipient_id
            and bk.blocked_id = nt.actor_id
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.actor_id
            and bk.blocked_id = nt.recipient_id
        )
      )
      and (
        select
          count(*)
        from
          (
            select
            from
              notifications pair
            where
              pair.recipient_id = nt.recipient_id
              and pair.actor_id = nt.actor_id
              and pair.created_at > now() - interval '1 hour'
            limit
              30
          ) recent
      ) < 30
    on conflict do nothing
  )
select
  1
from
  ins;

-- comment_shown
select
  1
from
  comments c
where
  c.id = $1
  and (
    not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = c.author_id
        and bk.blocked_id = $2::int
    )
    and not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = $2::int
        and bk.blocked_id = c.author_id
    )
  )
  and (
    not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = (
          select
            cp.author_id
          from
            posts cp
          where
            cp.id = c.post_id
        )
        and bk.blocked_id = $2::int
    )
    and not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = $2::int
        and bk.blocked_id = (
          select
            cp.author_id
          from
            posts cp
          where
            cp.id = c.post_id
        )
    )
  );

-- comment_update
with
  target as (
    update comments c
    set
      content = $1
    where
      c.id = $2
      and c.author_id = $3
    returning
      c.id,
      c.post_id
  ),
  mention_users as materialized (
    select
      u.id,
      h.n
    from
      unnest($4::text[]) with ordinality h (handle, n)
      join users u on u.handle = h.handle
    where
      (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = u.id
            and bk.blocked_id = $3::int
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = $3::int
            and bk.blocked_id = u.id
        )
      )
    order by
      h.n
    limit
      20
  ),
  mention_before as materialized (
    select
      m.user_id,
      m.notified
    from
      comment_mentions m
      join target t on m.comment_id = t.id
  ),
  mention_dropped as (
    delete from comment_mentions m using target t
    where
      m.comment_id = t.id
      and not m.notified
      and m.user_id <> all (
        array(
          select
            mu.id
          from
            mention_users mu
        )
      )
  ),
  mention_hidden as (
    update comment_mentions m
    set
      shown = false
    from
      target t
    where
      m.comment_id = t.id
      and m.notified
      and m.shown
      and m.user_id <> all (
        array(
          select
            mu.id
          from
            mention_users mu
        )
      )
  ),
  mention_again as (
    update comment_mentions m
    set
      shown = true
    from
      target t
    where
      m.comment_id = t.id
      and not m.shown
      and m.user_id = any (
        array(
          select
            mu.id
          from
            mention_users mu
        )
      )
  ),
  mention_new as materialized (
    select
      mu.id,
      mu.id <> $3::int
      and row_number() over (
        partition by
          mu.id = $3::int
        order by
          mu.n
      ) <= 10 - (
        select
          count(*)
        from
          mention_before b
        where
          b.notified
      ) as
    notify
    from
      mention_users mu
    where
      mu.id not in (
        select
          b.user_id
        from
          mention_before b
      )
  ),
  mention_linked as (
    insert into
      comment_mentions (comment_id, user_id, notified)
    select
      t.id,
      mn.id,
      mn.notify
    from
      target t,
      mention_new mn
  ),
  mention_noted as (
    insert into
      notifications (recipient_id, type, actor_id, post_id, comment_id)
    select
      *
    from
      (
        select
          u.id,
          'mention',
          $3::int,
          t.post_id,
          t.id
        from
          (
            select
              mn.id
            from
              mention_new mn
            where
              mn.notify
          ) u,
          target t
      ) nt (recipient_id, type, actor_id, post_id, comment_id)
    where
      nt.recipient_id <> nt.actor_id
      and (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.recipient_id
            and bk.blocked_id = nt.actor_id
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.actor_id
            and bk.blocked_id = nt.recipient_id
        )
      )
      and (
        select
          count(*)
        from
          (
            select
            from
              notifications pair
            where
              pair.recipient_id = nt.recipient_id
              and pair.actor_id = nt.actor_id
              and pair.created_at > now() - interval '1 hour'
            limit
              30
          ) recent
      ) < 30
    on conflict do nothing
  )
select
  count(*)::int as updated
from
  target;

-- post_author
select
  author_id,
  (
    not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = author_id
        and bk.blocked_id = $2::int
    )
    and not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = $2::int
        and bk.blocked_id = author_id
    )
  ) as shown
from
  posts
where
  id = $1;

-- post_by_id
select
  case
    when s.block_count = 0
    and s.mute_count = 0 then (
      select
        (
          select
            row_to_json(o)
          from
            (
              select
                p.id,
                p.title,
                p.content,
                to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                (
                  select
                    row_to_json(o)
                  from
                    (
                      select
                        p_a.id,
                        p_a.first_name as "firstName",
                        p_a.last_name as "lastName",
                        p_a.avatar_url as "avatarUrl",
                        p_a.handle
                      from
                        users p_a
                      where
                        p_a.id = p.author_id
                    ) o
                ) as "createdBy",
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          p_lu.id,
                          p_lu.first_name as "firstName",
                          p_lu.last_name as "lastName",
                          p_lu.avatar_url as "avatarUrl",
                          p_lu.handle
                        from
                          (
                            select
                              l.user_id
                            from
                              post_likes l
                            where
                              l.post_id = p.id
                              and true
                            order by
                              l.user_id
                            limit
                              20
                          ) p_lu_i
                          join users p_lu on p_lu.id = p_lu_i.user_id
                        order by
                          p_lu_i.user_id
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as "likedBy",
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          p_c.id,
                          p_c.content,
                          to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                          (
                            select
                              row_to_json(o)
                            from
                              (
                                select
                                  p_c_a.id,
                                  p_c_a.first_name as "firstName",
                                  p_c_a.last_name as "lastName",
                                  p_c_a.avatar_url as "avatarUrl",
                                  p_c_a.handle
                                from
                                  users p_c_a
                                where
                                  p_c_a.id = p_c.author_id
                              ) o
                          ) as "createdBy",
                          coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    p_c_lu.id,
                                    p_c_lu.first_name as "firstName",
                                    p_c_lu.last_name as "lastName",
                                    p_c_lu.avatar_url as "avatarUrl",
                                    p_c_lu.handle
                                  from
                                    (
                                      select
                                        l.user_id
                                      from
                                        comment_likes l
                                      where
                                        l.comment_id = p_c.id
                                        and true
                                      order by
                                        l.user_id
                                      limit
                                        20
                                    ) p_c_lu_i
                                    join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                  order by
                                    p_c_lu_i.user_id
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          ) as "likedBy",
                          (
                            coalesce(
                              (
                                select
                                  p_c_s.like_count
                                from
                                  comment_stats p_c_s
                                where
                                  p_c_s.comment_id = p_c.id
                              ),
                              0
                            ) - 0
                          )::int as "likeCount",
                          to_json(
                            '#c' || p_c.id || case
                              when exists (
                                select
                                from
                                  comment_likes p_c_m
                                where
                                  p_c_m.comment_id = p_c.id
                                  and p_c_m.user_id = s.user_id
                              ) then 't'
                              else 'f'
                            end
                          ) as "likedByMe",
                          coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    p_c_me_mu.id,
                                    p_c_me_mu.first_name as "firstName",
                                    p_c_me_mu.last_name as "lastName",
                                    p_c_me_mu.avatar_url as "avatarUrl",
                                    p_c_me_mu.handle
                                  from
                                    comment_mentions p_c_me_m
                                    join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                  where
                                    p_c_me_m.comment_id = p_c.id
                                    and p_c_me_m.shown
                                    and true
                                  order by
                                    p_c_me_m.user_id
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          ) as mentions
                        from
                          comments p_c
                        where
                          p_c.post_id = p.id
                          and true
                        order by
                          p_c.created_at desc,
                          p_c.id desc
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as comments,
                (
                  coalesce(
                    (
                      select
                        p_s.like_count
                      from
                        post_stats p_s
                      where
                        p_s.post_id = p.id
                    ),
                    0
                  ) - 0
                )::int as "likeCount",
                (
                  coalesce(
                    (
                      select
                        p_s.comment_count
                      from
                        post_stats p_s
                      where
                        p_s.post_id = p.id
                    ),
                    0
                  ) - 0
                )::int as "commentCount",
                to_json(
                  '#p' || p.id || case
                    when exists (
                      select
                      from
                        post_likes p_m
                      where
                        p_m.post_id = p.id
                        and p_m.user_id = s.user_id
                    ) then 't'
                    else 'f'
                  end
                ) as "likedByMe",
                coalesce(p.media::json, '[]'::json) as media,
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          p_me_mu.id,
                          p_me_mu.first_name as "firstName",
                          p_me_mu.last_name as "lastName",
                          p_me_mu.avatar_url as "avatarUrl",
                          p_me_mu.handle
                        from
                          post_mentions p_me_m
                          join users p_me_mu on p_me_mu.id = p_me_m.user_id
                        where
                          p_me_m.post_id = p.id
                          and p_me_m.shown
                          and true
                        order by
                          p_me_m.user_id
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as mentions
            ) o
        )
      from
        posts p
      where
        p.id = $3
        and true
    )::text
  end,
  not (
    s.block_count = 0
    and s.mute_count = 0
  ),
  pg_current_snapshot()::text
from
  sessions s
where
  s.jti = $1
  and s.user_id = $2
  and s.revoked_at is null
  and s.expires_at > now();

-- post_by_id_guarded
select
  (
    select
      (
        select
          row_to_json(o)
        from
          (
            select
              p.id,
              p.title,
              p.content,
              to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
              (
                select
                  row_to_json(o)
                from
                  (
                    select
                      p_a.id,
                      p_a.first_name as "firstName",
                      p_a.last_name as "lastName",
                      p_a.avatar_url as "avatarUrl",
                      p_a.handle
                    from
                      users p_a
                    where
                      p_a.id = p.author_id
                  ) o
              ) as "createdBy",
              coalesce(
                (
                  select
                    array_to_json(array_agg(a))
                  from
                    (
                      select
                        p_lu.id,
                        p_lu.first_name as "firstName",
                        p_lu.last_name as "lastName",
                        p_lu.avatar_url as "avatarUrl",
                        p_lu.handle
                      from
                        (
                          select
                            l.user_id
                          from
                            post_likes l
                          where
                            l.post_id = p.id
                            and (
                              s.block_count = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = s.user_id
                                    and bk.blocked_id = l.user_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = l.user_id
                                    and bk.blocked_id = s.user_id
                                )
                              )
                            )
                          order by
                            l.user_id
                          limit
                            20
                        ) p_lu_i
                        join users p_lu on p_lu.id = p_lu_i.user_id
                      order by
                        p_lu_i.user_id
                      limit
                        20
                    ) a
                ),
                '[]'::json
              ) as "likedBy",
              coalesce(
                (
                  select
                    array_to_json(array_agg(a))
                  from
                    (
                      select
                        p_c.id,
                        p_c.content,
                        to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                        (
                          select
                            row_to_json(o)
                          from
                            (
                              select
                                p_c_a.id,
                                p_c_a.first_name as "firstName",
                                p_c_a.last_name as "lastName",
                                p_c_a.avatar_url as "avatarUrl",
                                p_c_a.handle
                              from
                                users p_c_a
                              where
                                p_c_a.id = p_c.author_id
                            ) o
                        ) as "createdBy",
                        coalesce(
                          (
                            select
                              array_to_json(array_agg(a))
                            from
                              (
                                select
                                  p_c_lu.id,
                                  p_c_lu.first_name as "firstName",
                                  p_c_lu.last_name as "lastName",
                                  p_c_lu.avatar_url as "avatarUrl",
                                  p_c_lu.handle
                                from
                                  (
                                    select
                                      l.user_id
                                    from
                                      comment_likes l
                                    where
                                      l.comment_id = p_c.id
                                      and (
                                        s.block_count = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = s.user_id
                                              and bk.blocked_id = l.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = l.user_id
                                              and bk.blocked_id = s.user_id
                                          )
                                        )
                                      )
                                    order by
                                      l.user_id
                                    limit
                                      20
                                  ) p_c_lu_i
                                  join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                order by
                                  p_c_lu_i.user_id
                                limit
                                  20
                              ) a
                          ),
                          '[]'::json
                        ) as "likedBy",
                        (
                          coalesce(
                            (
                              select
                                p_c_s.like_count
                              from
                                comment_stats p_c_s
                              where
                                p_c_s.comment_id = p_c.id
                            ),
                            0
                          ) - (
                            case
                              when s.block_count = 0 then 0
                              else (
                                select
                                  count(*)
                                from
                                  (
                                    select
                                      hb.blocked_id as u
                                    from
                                      blocks hb
                                    where
                                      hb.blocker_id = s.user_id
                                    union all
                                    select
                                      hb.blocker_id
                                    from
                                      blocks hb
                                    where
                                      hb.blocked_id = s.user_id
                                  ) hu
                                  cross join lateral (
                                    select
                                    from
                                      comment_likes hl
                                    where
                                      hl.comment_id = p_c.id
                                      and hl.user_id = hu.u
                                  ) hr
                              )
                            end
                          )
                        )::int as "likeCount",
                        exists (
                          select
                          from
                            comment_likes p_c_m
                          where
                            p_c_m.comment_id = p_c.id
                            and p_c_m.user_id = s.user_id
                        ) as "likedByMe",
                        coalesce(
                          (
                            select
                              array_to_json(array_agg(a))
                            from
                              (
                                select
                                  p_c_me_mu.id,
                                  p_c_me_mu.first_name as "firstName",
                                  p_c_me_mu.last_name as "lastName",
                                  p_c_me_mu.avatar_url as "avatarUrl",
                                  p_c_me_mu.handle
                                from
                                  comment_mentions p_c_me_m
                                  join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                where
                                  p_c_me_m.comment_id = p_c.id
                                  and p_c_me_m.shown
                                  and (
                                    s.block_count = 0
                                    or (
                                      not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = s.user_id
                                          and bk.blocked_id = p_c_me_m.user_id
                                      )
                                      and not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = p_c_me_m.user_id
                                          and bk.blocked_id = s.user_id
                                      )
                                    )
                                  )
                                order by
                                  p_c_me_m.user_id
                                limit
                                  20
                              ) a
                          ),
                          '[]'::json
                        ) as mentions
                      from
                        comments p_c
                      where
                        p_c.post_id = p.id
                        and (
                          s.block_count = 0
                          or (
                            not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = s.user_id
                                and bk.blocked_id = p_c.author_id
                            )
                            and not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = p_c.author_id
                                and bk.blocked_id = s.user_id
                            )
                          )
                        )
                      order by
                        p_c.created_at desc,
                        p_c.id desc
                      limit
                        20
                    ) a
                ),
                '[]'::json
              ) as comments,
              (
                coalesce(
                  (
                    select
                      p_s.like_count
                    from
                      post_stats p_s
                    where
                      p_s.post_id = p.id
                  ),
                  0
                ) - (
                  case
                    when s.block_count = 0 then 0
                    else (
                      select
                        count(*)
                      from
                        (
                          select
                            hb.blocked_id as u
                          from
                            blocks hb
                          where
                            hb.blocker_id = s.user_id
                          union all
                          select
                            hb.blocker_id
                          from
                            blocks hb
                          where
                            hb.blocked_id = s.user_id
                        ) hu
                        cross join lateral (
                          select
                          from
                            post_likes hl
                          where
                            hl.post_id = p.id
                            and hl.user_id = hu.u
                        ) hr
                    )
                  end
                )
              )::int as "likeCount",
              (
                coalesce(
                  (
                    select
                      p_s.comment_count
                    from
                      post_stats p_s
                    where
                      p_s.post_id = p.id
                  ),
                  0
                ) - (
                  case
                    when s.block_count = 0 then 0
                    else (
                      select
                        count(*)
                      from
                        (
                          select
                            hb.blocked_id as u
                          from
                            blocks hb
                          where
                            hb.blocker_id = s.user_id
                          union all
                          select
                            hb.blocker_id
                          from
                            blocks hb
                          where
                            hb.blocked_id = s.user_id
                        ) hu
                        cross join lateral (
                          select
                          from
                            comments hc
                          where
                            hc.post_id = p.id
                            and hc.author_id = hu.u
                        ) hr
                    )
                  end
                )
              )::int as "commentCount",
              exists (
                select
                from
                  post_likes p_m
                where
                  p_m.post_id = p.id
                  and p_m.user_id = s.user_id
              ) as "likedByMe",
              coalesce(p.media::json, '[]'::json) as media,
              coalesce(
                (
                  select
                    array_to_json(array_agg(a))
                  from
                    (
                      select
                        p_me_mu.id,
                        p_me_mu.first_name as "firstName",
                        p_me_mu.last_name as "lastName",
                        p_me_mu.avatar_url as "avatarUrl",
                        p_me_mu.handle
                      from
                        post_mentions p_me_m
                        join users p_me_mu on p_me_mu.id = p_me_m.user_id
                      where
                        p_me_m.post_id = p.id
                        and p_me_m.shown
                        and (
                          s.block_count = 0
                          or (
                            not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = s.user_id
                                and bk.blocked_id = p_me_m.user_id
                            )
                            and not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = p_me_m.user_id
                                and bk.blocked_id = s.user_id
                            )
                          )
                        )
                      order by
                        p_me_m.user_id
                      limit
                        20
                    ) a
                ),
                '[]'::json
              ) as mentions
          ) o
      )
    from
      posts p
    where
      p.id = $3
      and (
        s.block_count = 0
        or (
          not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = s.user_id
              and bk.blocked_id = p.author_id
          )
          and not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = p.author_id
              and bk.blocked_id = s.user_id
          )
        )
      )
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

-- post_create
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
  ins as (
    insert into
      posts (title, content, author_id)
    select
      $3,
      $4,
      s.user_id
    from
      s
    returning
      *
  ),
  target as (
    select
      ins.id
    from
      ins
  ),
  mention_users as materialized (
    select
      u.id,
      h.n
    from
      unnest($5::text[]) with ordinality h (handle, n)
      join users u on u.handle = h.handle
    where
      (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = u.id
            and bk.blocked_id = (
              select
                user_id
              from
                s
            )
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = (
              select
                user_id
              from
                s
            )
            and bk.blocked_id = u.id
        )
      )
    order by
      h.n
    limit
      20
  ),
  mention_before (user_id, notified) as (
    select
      null::int,
      false
    where
      false
  ),
  mention_new as materialized (
    select
      mu.id,
      mu.id <> (
        select
          user_id
        from
          s
      )
      and row_number() over (
        partition by
          mu.id = (
            select
              user_id
            from
              s
          )
        order by
          mu.n
      ) <= 10 - (
        select
          count(*)
        from
          mention_before b
        where
          b.notified
      ) as
    notify
    from
      mention_users mu
    where
      mu.id not in (
        select
          b.user_id
        from
          mention_before b
      )
  ),
  mention_linked as (
    insert into
      post_mentions (post_id, user_id, notified)
    select
      t.id,
      mn.id,
      mn.notify
    from
      target t,
      mention_new mn
  ),
  mention_noted as (
    insert into
      notifications (recipient_id, type, actor_id, post_id, comment_id)
    select
      *
    from
      (
        select
          u.id,
          'mention',
          (
            select
              user_id
            from
              s
          ),
          t.id,
          null::int
        from
          (
            select
              mn.id
            from
              mention_new mn
            where
              mn.notify
          ) u,
          target t
      ) nt (recipient_id, type, actor_id, post_id, comment_id)
    where
      nt.recipient_id <> nt.actor_id
      and (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.recipient_id
            and bk.blocked_id = nt.actor_id
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.actor_id
            and bk.blocked_id = nt.recipient_id
        )
      )
      and (
        select
          count(*)
        from
          (
            select
            from
              notifications pair
            where
              pair.recipient_id = nt.recipient_id
              and pair.actor_id = nt.actor_id
              and pair.created_at > now() - interval '1 hour'
            limit
              30
          ) recent
      ) < 30
    on conflict do nothing
  )
select
  (
    select
      (
        select
          row_to_json(o)
        from
          (
            select
              ins.id,
              ins.title,
              ins.content,
              to_char(ins.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
              (
                select
                  row_to_json(o)
                from
                  (
                    select
                      ins_a.id,
                      ins_a.first_name as "firstName",
                      ins_a.last_name as "lastName",
                      ins_a.avatar_url as "avatarUrl",
                      ins_a.handle
                    from
                      users ins_a
                    where
                      ins_a.id = ins.author_id
                  ) o
              ) as "createdBy",
              '[]'::json as "likedBy",
              '[]'::json as comments,
              0 as "likeCount",
              0 as "commentCount",
              false as "likedByMe",
              coalesce(ins.media::json, '[]'::json) as media,
              coalesce(
                (
                  select
                    array_to_json(array_agg(a))
                  from
                    (
                      select
                        wmu.id,
                        wmu.first_name as "firstName",
                        wmu.last_name as "lastName",
                        wmu.avatar_url as "avatarUrl",
                        wmu.handle
                      from
                        mention_users wm
                        join users wmu on wmu.id = wm.id
                      order by
                        wm.id
                      limit
                        20
                    ) a
                ),
                '[]'::json
              ) as mentions
          ) o
      )
    from
      ins
  )::text
from
  s;

-- post_create_with_media
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
  m as materialized (
    select
      md.*
    from
      media md
    where
      md.id = any ($5::int[])
      and md.owner_id = (
        select
          user_id
        from
          s
      )
      and md.state = 'ready'
      and md.attached_to is null
    order by
      md.id
    for update of
      md
  ),
  ins as (
    insert into
      posts (title, content, author_id, media)
    select
      $3,
      $4,
      s.user_id,
      (
        select
          json_agg(
            json_build_object(
              'id',
              m.id,
              'state',
              m.state,
              'type',
              m.type,
              'url',
              $6::text || m.file_key,
              'previewUrl',
              $6::text || m.preview_key,
              'width',
              m.width,
              'height',
              m.height,
              'blurhash',
              m.blurhash,
              'description',
              m.description
            )
            order by
              array_position($5::int[], m.id)
          )
        from
          m
      )
    from
      s
    where
      (
        select
          count(*)
        from
          m
      ) = cardinality($5::int[])
    returning
      *
  ),
  attached as (
    update media md
    set
      attached_to = 'post',
      post_id = ins.id
    from
      ins
    where
      md.id in (
        select
          id
        from
          m
      )
  ),
  target as (
    select
      ins.id
    from
      ins
  ),
  mention_users as materialized (
    select
      u.id,
      h.n
    from
      unnest($7::text[]) with ordinality h (handle, n)
      join users u on u.handle = h.handle
    where
      (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = u.id
            and bk.blocked_id = (
              select
                user_id
              from
                s
            )
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = (
              select
                user_id
              from
                s
            )
            and bk.blocked_id = u.id
        )
      )
    order by
      h.n
    limit
      20
  ),
  mention_before (user_id, notified) as (
    select
      null::int,
      false
    where
      false
  ),
  mention_new as materialized (
    select
      mu.id,
      mu.id <> (
        select
          user_id
        from
          s
      )
      and row_number() over (
        partition by
          mu.id = (
            select
              user_id
            from
              s
          )
        order by
          mu.n
      ) <= 10 - (
        select
          count(*)
        from
          mention_before b
        where
          b.notified
      ) as
    notify
    from
      mention_users mu
    where
      mu.id not in (
        select
          b.user_id
        from
          mention_before b
      )
  ),
  mention_linked as (
    insert into
      post_mentions (post_id, user_id, notified)
    select
      t.id,
      mn.id,
      mn.notify
    from
      target t,
      mention_new mn
  ),
  mention_noted as (
    insert into
      notifications (recipient_id, type, actor_id, post_id, comment_id)
    select
      *
    from
      (
        select
          u.id,
          'mention',
          (
            select
              user_id
            from
              s
          ),
          t.id,
          null::int
        from
          (
            select
              mn.id
            from
              mention_new mn
            where
              mn.notify
          ) u,
          target t
      ) nt (recipient_id, type, actor_id, post_id, comment_id)
    where
      nt.recipient_id <> nt.actor_id
      and (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.recipient_id
            and bk.blocked_id = nt.actor_id
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.actor_id
            and bk.blocked_id = nt.recipient_id
        )
      )
      and (
        select
          count(*)
        from
          (
            select
            from
              notifications pair
            where
              pair.recipient_id = nt.recipient_id
              and pair.actor_id = nt.actor_id
              and pair.created_at > now() - interval '1 hour'
            limit
              30
          ) recent
      ) < 30
    on conflict do nothing
  )
select
  (
    select
      (
        select
          row_to_json(o)
        from
          (
            select
              ins.id,
              ins.title,
              ins.content,
              to_char(ins.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
              (
                select
                  row_to_json(o)
                from
                  (
                    select
                      ins_a.id,
                      ins_a.first_name as "firstName",
                      ins_a.last_name as "lastName",
                      ins_a.avatar_url as "avatarUrl",
                      ins_a.handle
                    from
                      users ins_a
                    where
                      ins_a.id = ins.author_id
                  ) o
              ) as "createdBy",
              '[]'::json as "likedBy",
              '[]'::json as comments,
              0 as "likeCount",
              0 as "commentCount",
              false as "likedByMe",
              coalesce(ins.media::json, '[]'::json) as media,
              coalesce(
                (
                  select
                    array_to_json(array_agg(a))
                  from
                    (
                      select
                        wmu.id,
                        wmu.first_name as "firstName",
                        wmu.last_name as "lastName",
                        wmu.avatar_url as "avatarUrl",
                        wmu.handle
                      from
                        mention_users wm
                        join users wmu on wmu.id = wm.id
                      order by
                        wm.id
                      limit
                        20
                    ) a
                ),
                '[]'::json
              ) as mentions
          ) o
      )
    from
      ins
  )::text
from
  s;

-- post_delete
delete from posts
where
  id = $1
  and author_id = $2
returning
  media is not null as "withMedia";

-- post_json
select
  (
    select
      row_to_json(o)
    from
      (
        select
          p.id,
          p.title,
          p.content,
          to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
          (
            select
              row_to_json(o)
            from
              (
                select
                  p_a.id,
                  p_a.first_name as "firstName",
                  p_a.last_name as "lastName",
                  p_a.avatar_url as "avatarUrl",
                  p_a.handle
                from
                  users p_a
                where
                  p_a.id = p.author_id
              ) o
          ) as "createdBy",
          coalesce(
            (
              select
                array_to_json(array_agg(a))
              from
                (
                  select
                    p_lu.id,
                    p_lu.first_name as "firstName",
                    p_lu.last_name as "lastName",
                    p_lu.avatar_url as "avatarUrl",
                    p_lu.handle
                  from
                    (
                      select
                        l.user_id
                      from
                        post_likes l
                      where
                        l.post_id = p.id
                        and (
                          (
                            select
                              vb.block_count
                            from
                              users vb
                            where
                              vb.id = $2
                          ) = 0
                          or (
                            not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = $2
                                and bk.blocked_id = l.user_id
                            )
                            and not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = l.user_id
                                and bk.blocked_id = $2
                            )
                          )
                        )
                      order by
                        l.user_id
                      limit
                        20
                    ) p_lu_i
                    join users p_lu on p_lu.id = p_lu_i.user_id
                  order by
                    p_lu_i.user_id
                  limit
                    20
                ) a
            ),
            '[]'::json
          ) as "likedBy",
          coalesce(
            (
              select
                array_to_json(array_agg(a))
              from
                (
                  select
                    p_c.id,
                    p_c.content,
                    to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                    (
                      select
                        row_to_json(o)
                      from
                        (
                          select
                            p_c_a.id,
                            p_c_a.first_name as "firstName",
                            p_c_a.last_name as "lastName",
                            p_c_a.avatar_url as "avatarUrl",
                            p_c_a.handle
                          from
                            users p_c_a
                          where
                            p_c_a.id = p_c.author_id
                        ) o
                    ) as "createdBy",
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_c_lu.id,
                              p_c_lu.first_name as "firstName",
                              p_c_lu.last_name as "lastName",
                              p_c_lu.avatar_url as "avatarUrl",
                              p_c_lu.handle
                            from
                              (
                                select
                                  l.user_id
                                from
                                  comment_likes l
                                where
                                  l.comment_id = p_c.id
                                  and (
                                    (
                                      select
                                        vb.block_count
                                      from
                                        users vb
                                      where
                                        vb.id = $2
                                    ) = 0
                                    or (
                                      not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = $2
                                          and bk.blocked_id = l.user_id
                                      )
                                      and not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = l.user_id
                                          and bk.blocked_id = $2
                                      )
                                    )
                                  )
                                order by
                                  l.user_id
                                limit
                                  20
                              ) p_c_lu_i
                              join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                            order by
                              p_c_lu_i.user_id
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as "likedBy",
                    (
                      coalesce(
                        (
                          select
                            p_c_s.like_count
                          from
                            comment_stats p_c_s
                          where
                            p_c_s.comment_id = p_c.id
                        ),
                        0
                      ) - (
                        case
                          when (
                            select
                              vb.block_count
                            from
                              users vb
                            where
                              vb.id = $2
                          ) = 0 then 0
                          else (
                            select
                              count(*)
                            from
                              (
                                select
                                  hb.blocked_id as u
                                from
                                  blocks hb
                                where
                                  hb.blocker_id = $2
                                union all
                                select
                                  hb.blocker_id
                                from
                                  blocks hb
                                where
                                  hb.blocked_id = $2
                              ) hu
                              cross join lateral (
                                select
                                from
                                  comment_likes hl
                                where
                                  hl.comment_id = p_c.id
                                  and hl.user_id = hu.u
                              ) hr
                          )
                        end
                      )
                    )::int as "likeCount",
                    exists (
                      select
                      from
                        comment_likes p_c_m
                      where
                        p_c_m.comment_id = p_c.id
                        and p_c_m.user_id = $2
                    ) as "likedByMe",
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_c_me_mu.id,
                              p_c_me_mu.first_name as "firstName",
                              p_c_me_mu.last_name as "lastName",
                              p_c_me_mu.avatar_url as "avatarUrl",
                              p_c_me_mu.handle
                            from
                              comment_mentions p_c_me_m
                              join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                            where
                              p_c_me_m.comment_id = p_c.id
                              and p_c_me_m.shown
                              and (
                                (
                                  select
                                    vb.block_count
                                  from
                                    users vb
                                  where
                                    vb.id = $2
                                ) = 0
                                or (
                                  not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = $2
                                      and bk.blocked_id = p_c_me_m.user_id
                                  )
                                  and not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = p_c_me_m.user_id
                                      and bk.blocked_id = $2
                                  )
                                )
                              )
                            order by
                              p_c_me_m.user_id
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as mentions
                  from
                    comments p_c
                  where
                    p_c.post_id = p.id
                    and (
                      (
                        select
                          vb.block_count
                        from
                          users vb
                        where
                          vb.id = $2
                      ) = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = $2
                            and bk.blocked_id = p_c.author_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = p_c.author_id
                            and bk.blocked_id = $2
                        )
                      )
                    )
                  order by
                    p_c.created_at desc,
                    p_c.id desc
                  limit
                    20
                ) a
            ),
            '[]'::json
          ) as comments,
          (
            coalesce(
              (
                select
                  p_s.like_count
                from
                  post_stats p_s
                where
                  p_s.post_id = p.id
              ),
              0
            ) - (
              case
                when (
                  select
                    vb.block_count
                  from
                    users vb
                  where
                    vb.id = $2
                ) = 0 then 0
                else (
                  select
                    count(*)
                  from
                    (
                      select
                        hb.blocked_id as u
                      from
                        blocks hb
                      where
                        hb.blocker_id = $2
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = $2
                    ) hu
                    cross join lateral (
                      select
                      from
                        post_likes hl
                      where
                        hl.post_id = p.id
                        and hl.user_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "likeCount",
          (
            coalesce(
              (
                select
                  p_s.comment_count
                from
                  post_stats p_s
                where
                  p_s.post_id = p.id
              ),
              0
            ) - (
              case
                when (
                  select
                    vb.block_count
                  from
                    users vb
                  where
                    vb.id = $2
                ) = 0 then 0
                else (
                  select
                    count(*)
                  from
                    (
                      select
                        hb.blocked_id as u
                      from
                        blocks hb
                      where
                        hb.blocker_id = $2
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = $2
                    ) hu
                    cross join lateral (
                      select
                      from
                        comments hc
                      where
                        hc.post_id = p.id
                        and hc.author_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "commentCount",
          exists (
            select
            from
              post_likes p_m
            where
              p_m.post_id = p.id
              and p_m.user_id = $2
          ) as "likedByMe",
          coalesce(p.media::json, '[]'::json) as media,
          coalesce(
            (
              select
                array_to_json(array_agg(a))
              from
                (
                  select
                    p_me_mu.id,
                    p_me_mu.first_name as "firstName",
                    p_me_mu.last_name as "lastName",
                    p_me_mu.avatar_url as "avatarUrl",
                    p_me_mu.handle
                  from
                    post_mentions p_me_m
                    join users p_me_mu on p_me_mu.id = p_me_m.user_id
                  where
                    p_me_m.post_id = p.id
                    and p_me_m.shown
                    and (
                      (
                        select
                          vb.block_count
                        from
                          users vb
                        where
                          vb.id = $2
                      ) = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = $2
                            and bk.blocked_id = p_me_m.user_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = p_me_m.user_id
                            and bk.blocked_id = $2
                        )
                      )
                    )
                  order by
                    p_me_m.user_id
                  limit
                    20
                ) a
            ),
            '[]'::json
          ) as mentions
      ) o
  ) as json
from
  posts p
where
  p.id = $1;

-- post_like
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
  p as (
    select
      id,
      author_id
    from
      posts
    where
      id = $3
      and (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = author_id
            and bk.blocked_id = $2::int
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = $2::int
            and bk.blocked_id = author_id
        )
      )
  ),
  ins as (
    insert into
      post_likes (post_id, user_id)
    select
      p.id,
      s.user_id
    from
      p,
      s
    on conflict do nothing
    returning
      user_id
  ),
  noted as (
    insert into
      notifications (recipient_id, type, actor_id, post_id, comment_id)
    select
      *
    from
      (
        select
          p.author_id,
          'post_like',
          ins.user_id,
          p.id,
          null::int
        from
          p,
          ins
      ) nt (recipient_id, type, actor_id, post_id, comment_id)
    where
      nt.recipient_id <> nt.actor_id
      and (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.recipient_id
            and bk.blocked_id = nt.actor_id
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.actor_id
            and bk.blocked_id = nt.recipient_id
        )
      )
      and (
        select
          count(*)
        from
          (
            select
            from
              notifications pair
            where
              pair.recipient_id = nt.recipient_id
              and pair.actor_id = nt.actor_id
              and pair.created_at > now() - interval '1 hour'
            limit
              30
          ) recent
      ) < 30
    on conflict do nothing
  )
select
  (
    select
      id
    from
      p
  ),
  case
    when exists (
      select
        1
      from
        ins
    ) then (
      select
        (
          select
            row_to_json(o)
          from
            (
              select
                lp.id,
                lp.title,
                lp.content,
                to_char(lp.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                (
                  select
                    row_to_json(o)
                  from
                    (
                      select
                        lp_a.id,
                        lp_a.first_name as "firstName",
                        lp_a.last_name as "lastName",
                        lp_a.avatar_url as "avatarUrl",
                        lp_a.handle
                      from
                        users lp_a
                      where
                        lp_a.id = lp.author_id
                    ) o
                ) as "createdBy",
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          lp_lu.id,
                          lp_lu.first_name as "firstName",
                          lp_lu.last_name as "lastName",
                          lp_lu.avatar_url as "avatarUrl",
                          lp_lu.handle
                        from
                          (
                            (
                              select
                                l.user_id
                              from
                                post_likes l
                              where
                                l.post_id = lp.id
                                and l.user_id <> s.user_id
                                and (
                                  s.block_count = 0
                                  or (
                                    not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = s.user_id
                                        and bk.blocked_id = l.user_id
                                    )
                                    and not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = l.user_id
                                        and bk.blocked_id = s.user_id
                                    )
                                  )
                                )
                              order by
                                l.user_id
                              limit
                                20
                            )
                            union all
                            select
                              user_id
                            from
                              ins
                          ) lp_lu_i
                          join users lp_lu on lp_lu.id = lp_lu_i.user_id
                        order by
                          lp_lu_i.user_id
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as "likedBy",
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          lp_c.id,
                          lp_c.content,
                          to_char(lp_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                          (
                            select
                              row_to_json(o)
                            from
                              (
                                select
                                  lp_c_a.id,
                                  lp_c_a.first_name as "firstName",
                                  lp_c_a.last_name as "lastName",
                                  lp_c_a.avatar_url as "avatarUrl",
                                  lp_c_a.handle
                                from
                                  users lp_c_a
                                where
                                  lp_c_a.id = lp_c.author_id
                              ) o
                          ) as "createdBy",
                          coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    lp_c_lu.id,
                                    lp_c_lu.first_name as "firstName",
                                    lp_c_lu.last_name as "lastName",
                                    lp_c_lu.avatar_url as "avatarUrl",
                                    lp_c_lu.handle
                                  from
                                    (
                                      select
                                        l.user_id
                                      from
                                        comment_likes l
                                      where
                                        l.comment_id = lp_c.id
                                        and (
                                          s.block_count = 0
                                          or (
                                            not exists (
                                              select
                                              from
                                                blocks bk
                                              where
                                                bk.blocker_id = s.user_id
                                                and bk.blocked_id = l.user_id
                                            )
                                            and not exists (
                                              select
                                              from
                                                blocks bk
                                              where
                                                bk.blocker_id = l.user_id
                                                and bk.blocked_id = s.user_id
                                            )
                                          )
                                        )
                                      order by
                                        l.user_id
                                      limit
                                        20
                                    ) lp_c_lu_i
                                    join users lp_c_lu on lp_c_lu.id = lp_c_lu_i.user_id
                                  order by
                                    lp_c_lu_i.user_id
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          ) as "likedBy",
                          (
                            coalesce(
                              (
                                select
                                  lp_c_s.like_count
                                from
                                  comment_stats lp_c_s
                                where
                                  lp_c_s.comment_id = lp_c.id
                              ),
                              0
                            ) - (
                              case
                                when s.block_count = 0 then 0
                                else (
                                  select
                                    count(*)
                                  from
                                    (
                                      select
                                        hb.blocked_id as u
                                      from
                                        blocks hb
                                      where
                                        hb.blocker_id = s.user_id
                                      union all
                                      select
                                        hb.blocker_id
                                      from
                                        blocks hb
                                      where
                                        hb.blocked_id = s.user_id
                                    ) hu
                                    cross join lateral (
                                      select
                                      from
                                        comment_likes hl
                                      where
                                        hl.comment_id = lp_c.id
                                        and hl.user_id = hu.u
                                    ) hr
                                )
                              end
                            )
                          )::int as "likeCount",
                          exists (
                            select
                            from
                              comment_likes lp_c_m
                            where
                              lp_c_m.comment_id = lp_c.id
                              and lp_c_m.user_id = s.user_id
                          ) as "likedByMe",
                          coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    lp_c_me_mu.id,
                                    lp_c_me_mu.first_name as "firstName",
                                    lp_c_me_mu.last_name as "lastName",
                                    lp_c_me_mu.avatar_url as "avatarUrl",
                                    lp_c_me_mu.handle
                                  from
                                    comment_mentions lp_c_me_m
                                    join users lp_c_me_mu on lp_c_me_mu.id = lp_c_me_m.user_id
                                  where
                                    lp_c_me_m.comment_id = lp_c.id
                                    and lp_c_me_m.shown
                                    and (
                                      s.block_count = 0
                                      or (
                                        not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = s.user_id
                                            and bk.blocked_id = lp_c_me_m.user_id
                                        )
                                        and not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = lp_c_me_m.user_id
                                            and bk.blocked_id = s.user_id
                                        )
                                      )
                                    )
                                  order by
                                    lp_c_me_m.user_id
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          ) as mentions
                        from
                          comments lp_c
                        where
                          lp_c.post_id = lp.id
                          and (
                            s.block_count = 0
                            or (
                              not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = s.user_id
                                  and bk.blocked_id = lp_c.author_id
                              )
                              and not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = lp_c.author_id
                                  and bk.blocked_id = s.user_id
                              )
                            )
                          )
                        order by
                          lp_c.created_at desc,
                          lp_c.id desc
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as comments,
                (
                  coalesce(
                    (
                      select
                        lp_s.like_count
                      from
                        post_stats lp_s
                      where
                        lp_s.post_id = lp.id
                    ),
                    0
                  ) - (
                    case
                      when s.block_count = 0 then 0
                      else (
                        select
                          count(*)
                        from
                          (
                            select
                              hb.blocked_id as u
                            from
                              blocks hb
                            where
                              hb.blocker_id = s.user_id
                            union all
                            select
                              hb.blocker_id
                            from
                              blocks hb
                            where
                              hb.blocked_id = s.user_id
                          ) hu
                          cross join lateral (
                            select
                            from
                              post_likes hl
                            where
                              hl.post_id = lp.id
                              and hl.user_id = hu.u
                          ) hr
                      )
                    end
                  )
                )::int + 1 as "likeCount",
                (
                  coalesce(
                    (
                      select
                        lp_s.comment_count
                      from
                        post_stats lp_s
                      where
                        lp_s.post_id = lp.id
                    ),
                    0
                  ) - (
                    case
                      when s.block_count = 0 then 0
                      else (
                        select
                          count(*)
                        from
                          (
                            select
                              hb.blocked_id as u
                            from
                              blocks hb
                            where
                              hb.blocker_id = s.user_id
                            union all
                            select
                              hb.blocker_id
                            from
                              blocks hb
                            where
                              hb.blocked_id = s.user_id
                          ) hu
                          cross join lateral (
                            select
                            from
                              comments hc
                            where
                              hc.post_id = lp.id
                              and hc.author_id = hu.u
                          ) hr
                      )
                    end
                  )
                )::int as "commentCount",
                true as "likedByMe",
                coalesce(lp.media::json, '[]'::json) as media,
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          lp_me_mu.id,
                          lp_me_mu.first_name as "firstName",
                          lp_me_mu.last_name as "lastName",
                          lp_me_mu.avatar_url as "avatarUrl",
                          lp_me_mu.handle
                        from
                          post_mentions lp_me_m
                          join users lp_me_mu on lp_me_mu.id = lp_me_m.user_id
                        where
                          lp_me_m.post_id = lp.id
                          and lp_me_m.shown
                          and (
                            s.block_count = 0
                            or (
                              not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = s.user_id
                                  and bk.blocked_id = lp_me_m.user_id
                              )
                              and not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = lp_me_m.user_id
                                  and bk.blocked_id = s.user_id
                              )
                            )
                          )
                        order by
                          lp_me_m.user_id
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as mentions
            ) o
        )
      from
        posts lp
      where
        lp.id = $3
    )::text
  end
from
  s;

-- post_shown
select
  1
from
  posts p
where
  p.id = $1
  and (
    not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = p.author_id
        and bk.blocked_id = $2
    )
    and not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = $2
        and bk.blocked_id = p.author_id
    )
  );

-- post_unlike
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
  p as (
    select
      id
    from
      posts
    where
      id = $3
      and (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = author_id
            and bk.blocked_id = $2::int
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = $2::int
            and bk.blocked_id = author_id
        )
      )
  ),
  del as (
    delete from post_likes l using p,
    s
    where
      l.post_id = p.id
      and l.user_id = s.user_id
    returning
      l.user_id
  )
select
  (
    select
      id
    from
      p
  ),
  case
    when exists (
      select
        1
      from
        del
    ) then (
      select
        (
          select
            row_to_json(o)
          from
            (
              select
                lp.id,
                lp.title,
                lp.content,
                to_char(lp.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                (
                  select
                    row_to_json(o)
                  from
                    (
                      select
                        lp_a.id,
                        lp_a.first_name as "firstName",
                        lp_a.last_name as "lastName",
                        lp_a.avatar_url as "avatarUrl",
                        lp_a.handle
                      from
                        users lp_a
                      where
                        lp_a.id = lp.author_id
                    ) o
                ) as "createdBy",
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          lp_lu.id,
                          lp_lu.first_name as "firstName",
                          lp_lu.last_name as "lastName",
                          lp_lu.avatar_url as "avatarUrl",
                          lp_lu.handle
                        from
                          (
                            select
                              l.user_id
                            from
                              post_likes l
                            where
                              l.post_id = lp.id
                              and l.user_id <> s.user_id
                              and (
                                s.block_count = 0
                                or (
                                  not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = s.user_id
                                      and bk.blocked_id = l.user_id
                                  )
                                  and not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = l.user_id
                                      and bk.blocked_id = s.user_id
                                  )
                                )
                              )
                            order by
                              l.user_id
                            limit
                              20
                          ) lp_lu_i
                          join users lp_lu on lp_lu.id = lp_lu_i.user_id
                        order by
                          lp_lu_i.user_id
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as "likedBy",
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          lp_c.id,
                          lp_c.content,
                          to_char(lp_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                          (
                            select
                              row_to_json(o)
                            from
                              (
                                select
                                  lp_c_a.id,
                                  lp_c_a.first_name as "firstName",
                                  lp_c_a.last_name as "lastName",
                                  lp_c_a.avatar_url as "avatarUrl",
                                  lp_c_a.handle
                                from
                                  users lp_c_a
                                where
                                  lp_c_a.id = lp_c.author_id
                              ) o
                          ) as "createdBy",
                          coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    lp_c_lu.id,
                                    lp_c_lu.first_name as "firstName",
                                    lp_c_lu.last_name as "lastName",
                                    lp_c_lu.avatar_url as "avatarUrl",
                                    lp_c_lu.handle
                                  from
                                    (
                                      select
                                        l.user_id
                                      from
                                        comment_likes l
                                      where
                                        l.comment_id = lp_c.id
                                        and (
                                          s.block_count = 0
                                          or (
                                            not exists (
                                              select
                                              from
                                                blocks bk
                                              where
                                                bk.blocker_id = s.user_id
                                                and bk.blocked_id = l.user_id
                                            )
                                            and not exists (
                                              select
                                              from
                                                blocks bk
                                              where
                                                bk.blocker_id = l.user_id
                                                and bk.blocked_id = s.user_id
                                            )
                                          )
                                        )
                                      order by
                                        l.user_id
                                      limit
                                        20
                                    ) lp_c_lu_i
                                    join users lp_c_lu on lp_c_lu.id = lp_c_lu_i.user_id
                                  order by
                                    lp_c_lu_i.user_id
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          ) as "likedBy",
                          (
                            coalesce(
                              (
                                select
                                  lp_c_s.like_count
                                from
                                  comment_stats lp_c_s
                                where
                                  lp_c_s.comment_id = lp_c.id
                              ),
                              0
                            ) - (
                              case
                                when s.block_count = 0 then 0
                                else (
                                  select
                                    count(*)
                                  from
                                    (
                                      select
                                        hb.blocked_id as u
                                      from
                                        blocks hb
                                      where
                                        hb.blocker_id = s.user_id
                                      union all
                                      select
                                        hb.blocker_id
                                      from
                                        blocks hb
                                      where
                                        hb.blocked_id = s.user_id
                                    ) hu
                                    cross join lateral (
                                      select
                                      from
                                        comment_likes hl
                                      where
                                        hl.comment_id = lp_c.id
                                        and hl.user_id = hu.u
                                    ) hr
                                )
                              end
                            )
                          )::int as "likeCount",
                          exists (
                            select
                            from
                              comment_likes lp_c_m
                            where
                              lp_c_m.comment_id = lp_c.id
                              and lp_c_m.user_id = s.user_id
                          ) as "likedByMe",
                          coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    lp_c_me_mu.id,
                                    lp_c_me_mu.first_name as "firstName",
                                    lp_c_me_mu.last_name as "lastName",
                                    lp_c_me_mu.avatar_url as "avatarUrl",
                                    lp_c_me_mu.handle
                                  from
                                    comment_mentions lp_c_me_m
                                    join users lp_c_me_mu on lp_c_me_mu.id = lp_c_me_m.user_id
                                  where
                                    lp_c_me_m.comment_id = lp_c.id
                                    and lp_c_me_m.shown
                                    and (
                                      s.block_count = 0
                                      or (
                                        not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = s.user_id
                                            and bk.blocked_id = lp_c_me_m.user_id
                                        )
                                        and not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = lp_c_me_m.user_id
                                            and bk.blocked_id = s.user_id
                                        )
                                      )
                                    )
                                  order by
                                    lp_c_me_m.user_id
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          ) as mentions
                        from
                          comments lp_c
                        where
                          lp_c.post_id = lp.id
                          and (
                            s.block_count = 0
                            or (
                              not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = s.user_id
                                  and bk.blocked_id = lp_c.author_id
                              )
                              and not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = lp_c.author_id
                                  and bk.blocked_id = s.user_id
                              )
                            )
                          )
                        order by
                          lp_c.created_at desc,
                          lp_c.id desc
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as comments,
                (
                  coalesce(
                    (
                      select
                        lp_s.like_count
                      from
                        post_stats lp_s
                      where
                        lp_s.post_id = lp.id
                    ),
                    0
                  ) - (
                    case
                      when s.block_count = 0 then 0
                      else (
                        select
                          count(*)
                        from
                          (
                            select
                              hb.blocked_id as u
                            from
                              blocks hb
                            where
                              hb.blocker_id = s.user_id
                            union all
                            select
                              hb.blocker_id
                            from
                              blocks hb
                            where
                              hb.blocked_id = s.user_id
                          ) hu
                          cross join lateral (
                            select
                            from
                              post_likes hl
                            where
                              hl.post_id = lp.id
                              and hl.user_id = hu.u
                          ) hr
                      )
                    end
                  )
                )::int - 1 as "likeCount",
                (
                  coalesce(
                    (
                      select
                        lp_s.comment_count
                      from
                        post_stats lp_s
                      where
                        lp_s.post_id = lp.id
                    ),
                    0
                  ) - (
                    case
                      when s.block_count = 0 then 0
                      else (
                        select
                          count(*)
                        from
                          (
                            select
                              hb.blocked_id as u
                            from
                              blocks hb
                            where
                              hb.blocker_id = s.user_id
                            union all
                            select
                              hb.blocker_id
                            from
                              blocks hb
                            where
                              hb.blocked_id = s.user_id
                          ) hu
                          cross join lateral (
                            select
                            from
                              comments hc
                            where
                              hc.post_id = lp.id
                              and hc.author_id = hu.u
                          ) hr
                      )
                    end
                  )
                )::int as "commentCount",
                false as "likedByMe",
                coalesce(lp.media::json, '[]'::json) as media,
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          lp_me_mu.id,
                          lp_me_mu.first_name as "firstName",
                          lp_me_mu.last_name as "lastName",
                          lp_me_mu.avatar_url as "avatarUrl",
                          lp_me_mu.handle
                        from
                          post_mentions lp_me_m
                          join users lp_me_mu on lp_me_mu.id = lp_me_m.user_id
                        where
                          lp_me_m.post_id = lp.id
                          and lp_me_m.shown
                          and (
                            s.block_count = 0
                            or (
                              not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = s.user_id
                                  and bk.blocked_id = lp_me_m.user_id
                              )
                              and not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = lp_me_m.user_id
                                  and bk.blocked_id = s.user_id
                              )
                            )
                          )
                        order by
                          lp_me_m.user_id
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as mentions
            ) o
        )
      from
        posts lp
      where
        lp.id = $3
    )::text
  end
from
  s;

-- post_update
with
  target as (
    update posts p
    set
      title = $3,
      content = $4
    where
      p.id = $1
      and p.author_id = $2
    returning
      p.id
  ),
  mention_users as materialized (
    select
      u.id,
      h.n
    from
      unnest($5::text[]) with ordinality h (handle, n)
      join users u on u.handle = h.handle
    where
      (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = u.id
            and bk.blocked_id = $2::int
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = $2::int
            and bk.blocked_id = u.id
        )
      )
    order by
      h.n
    limit
      20
  ),
  mention_before as materialized (
    select
      m.user_id,
      m.notified
    from
      post_mentions m
      join target t on m.post_id = t.id
  ),
  mention_dropped as (
    delete from post_mentions m using target t
    where
      m.post_id = t.id
      and not m.notified
      and m.user_id <> all (
        array(
          select
            mu.id
          from
            mention_users mu
        )
      )
  ),
  mention_hidden as (
    update post_mentions m
    set
      shown = false
    from
      target t
    where
      m.post_id = t.id
      and m.notified
      and m.shown
      and m.user_id <> all (
        array(
          select
            mu.id
          from
            mention_users mu
        )
      )
  ),
  mention_again as (
    update post_mentions m
    set
      shown = true
    from
      target t
    where
      m.post_id = t.id
      and not m.shown
      and m.user_id = any (
        array(
          select
            mu.id
          from
            mention_users mu
        )
      )
  ),
  mention_new as materialized (
    select
      mu.id,
      mu.id <> $2::int
      and row_number() over (
        partition by
          mu.id = $2::int
        order by
          mu.n
      ) <= 10 - (
        select
          count(*)
        from
          mention_before b
        where
          b.notified
      ) as
    notify
    from
      mention_users mu
    where
      mu.id not in (
        select
          b.user_id
        from
          mention_before b
      )
  ),
  mention_linked as (
    insert into
      post_mentions (post_id, user_id, notified)
    select
      t.id,
      mn.id,
      mn.notify
    from
      target t,
      mention_new mn
  ),
  mention_noted as (
    insert into
      notifications (recipient_id, type, actor_id, post_id, comment_id)
    select
      *
    from
      (
        select
          u.id,
          'mention',
          $2::int,
          t.id,
          null::int
        from
          (
            select
              mn.id
            from
              mention_new mn
            where
              mn.notify
          ) u,
          target t
      ) nt (recipient_id, type, actor_id, post_id, comment_id)
    where
      nt.recipient_id <> nt.actor_id
      and (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.recipient_id
            and bk.blocked_id = nt.actor_id
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.actor_id
            and bk.blocked_id = nt.recipient_id
        )
      )
      and (
        select
          count(*)
        from
          (
            select
            from
              notifications pair
            where
              pair.recipient_id = nt.recipient_id
              and pair.actor_id = nt.actor_id
              and pair.created_at > now() - interval '1 hour'
            limit
              30
          ) recent
      ) < 30
    on conflict do nothing
  )
select
  count(*)::int as updated
from
  target;

-- post_update_with_media
with
  locked as materialized (
    select
      md.*
    from
      media md
    where
      md.id = any ($5::int[])
      or (
        md.attached_to = 'post'
        and md.post_id = $1
      )
    order by
      md.id
    for update of
      md
  ),
  m as (
    select
      md.*
    from
      locked md
    where
      md.id = any ($5::int[])
      and md.owner_id = $2
      and md.state = 'ready'
      and (
        md.attached_to is null
        or (
          md.attached_to = 'post'
          and md.post_id = $1
        )
      )
    order by
      md.id
  ),
  upd as (
    update posts p
    set
      title = $3,
      content = $4,
      media = case
        when cardinality($5::int[]) > 0 then (
          select
            json_agg(
              json_build_object(
                'id',
                m.id,
                'state',
                m.state,
                'type',
                m.type,
                'url',
                $6::text || m.file_key,
                'previewUrl',
                $6::text || m.preview_key,
                'width',
                m.width,
                'height',
                m.height,
                'blurhash',
                m.blurhash,
                'description',
                m.description
              )
              order by
                array_position($5::int[], m.id)
            )
          from
            m
        )
      end
    where
      p.id = $1
      and p.author_id = $2
      and (
        select
          count(*)
        from
          m
      ) = cardinality($5::int[])
    returning
      p.id
  ),
  attached as (
    update media md
    set
      attached_to = 'post',
      post_id = upd.id
    from
      upd
    where
      md.id in (
        select
          id
        from
          m
        where
          attached_to is null
      )
  ),
  dropped as (
    update media md
    set
      attached_to = null,
      post_id = null
    from
      upd
    where
      md.id in (
        select
          id
        from
          locked
        where
          attached_to = 'post'
          and post_id = $1
          and id <> all ($5::int[])
      )
  ),
  target as (
    select
      id
    from
      upd
  ),
  mention_users as materialized (
    select
      u.id,
      h.n
    from
      unnest($7::text[]) with ordinality h (handle, n)
      join users u on u.handle = h.handle
    where
      (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = u.id
            and bk.blocked_id = $2::int
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = $2::int
            and bk.blocked_id = u.id
        )
      )
    order by
      h.n
    limit
      20
  ),
  mention_before as materialized (
    select
      m.user_id,
      m.notified
    from
      post_mentions m
      join target t on m.post_id = t.id
  ),
  mention_dropped as (
    delete from post_mentions m using target t
    where
      m.post_id = t.id
      and not m.notified
      and m.user_id <> all (
        array(
          select
            mu.id
          from
            mention_users mu
        )
      )
  ),
  mention_hidden as (
    update post_mentions m
    set
      shown = false
    from
      target t
    where
      m.post_id = t.id
      and m.notified
      and m.shown
      and m.user_id <> all (
        array(
          select
            mu.id
          from
            mention_users mu
        )
      )
  ),
  mention_again as (
    update post_mentions m
    set
      shown = true
    from
      target t
    where
      m.post_id = t.id
      and not m.shown
      and m.user_id = any (
        array(
          select
            mu.id
          from
            mention_users mu
        )
      )
  ),
  mention_new as materialized (
    select
      mu.id,
      mu.id <> $2::int
      and row_number() over (
        partition by
          mu.id = $2::int
        order by
          mu.n
      ) <= 10 - (
        select
          count(*)
        from
          mention_before b
        where
          b.notified
      ) as
    notify
    from
      mention_users mu
    where
      mu.id not in (
        select
          b.user_id
        from
          mention_before b
      )
  ),
  mention_linked as (
    insert into
      post_mentions (post_id, user_id, notified)
    select
      t.id,
      mn.id,
      mn.notify
    from
      target t,
      mention_new mn
  ),
  mention_noted as (
    insert into
      notifications (recipient_id, type, actor_id, post_id, comment_id)
    select
      *
    from
      (
        select
          u.id,
          'mention',
          $2::int,
          t.id,
          null::int
        from
          (
            select
              mn.id
            from
              mention_new mn
            where
              mn.notify
          ) u,
          target t
      ) nt (recipient_id, type, actor_id, post_id, comment_id)
    where
      nt.recipient_id <> nt.actor_id
      and (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.recipient_id
            and bk.blocked_id = nt.actor_id
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = nt.actor_id
            and bk.blocked_id = nt.recipient_id
        )
      )
      and (
        select
          count(*)
        from
          (
            select
            from
              notifications pair
            where
              pair.recipient_id = nt.recipient_id
              and pair.actor_id = nt.actor_id
              and pair.created_at > now() - interval '1 hour'
            limit
              30
          ) recent
      ) < 30
    on conflict do nothing
  )
select
  id
from
  upd;

-- posts_before_limit
select
  case
    when s.block_count = 0
    and s.mute_count = 0 then (
      select
        '[' || coalesce(string_agg(t.j, ','), '') || ']'
      from
        (
          select
            x.j,
            sum(octet_length(x.j) + 1) over (rows unbounded preceding) as upto
          from
            (
              select
                row_to_json(a)::text as j
              from
                (
                  select
                    p.id,
                    p.title,
                    p.content,
                    to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                    (
                      select
                        row_to_json(o)
                      from
                        (
                          select
                            p_a.id,
                            p_a.first_name as "firstName",
                            p_a.last_name as "lastName",
                            p_a.avatar_url as "avatarUrl",
                            p_a.handle
                          from
                            users p_a
                          where
                            p_a.id = p.author_id
                        ) o
                    ) as "createdBy",
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_lu.id,
                              p_lu.first_name as "firstName",
                              p_lu.last_name as "lastName",
                              p_lu.avatar_url as "avatarUrl",
                              p_lu.handle
                            from
                              (
                                select
                                  l.user_id
                                from
                                  post_likes l
                                where
                                  l.post_id = p.id
                                  and true
                                order by
                                  l.user_id
                                limit
                                  20
                              ) p_lu_i
                              join users p_lu on p_lu.id = p_lu_i.user_id
                            order by
                              p_lu_i.user_id
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as "likedBy",
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_c.id,
                              p_c.content,
                              to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                              (
                                select
                                  row_to_json(o)
                                from
                                  (
                                    select
                                      p_c_a.id,
                                      p_c_a.first_name as "firstName",
                                      p_c_a.last_name as "lastName",
                                      p_c_a.avatar_url as "avatarUrl",
                                      p_c_a.handle
                                    from
                                      users p_c_a
                                    where
                                      p_c_a.id = p_c.author_id
                                  ) o
                              ) as "createdBy",
                              coalesce(
                                (
                                  select
                                    array_to_json(array_agg(a))
                                  from
                                    (
                                      select
                                        p_c_lu.id,
                                        p_c_lu.first_name as "firstName",
                                        p_c_lu.last_name as "lastName",
                                        p_c_lu.avatar_url as "avatarUrl",
                                        p_c_lu.handle
                                      from
                                        (
                                          select
                                            l.user_id
                                          from
                                            comment_likes l
                                          where
                                            l.comment_id = p_c.id
                                            and true
                                          order by
                                            l.user_id
                                          limit
                                            20
                                        ) p_c_lu_i
                                        join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                      order by
                                        p_c_lu_i.user_id
                                      limit
                                        20
                                    ) a
                                ),
                                '[]'::json
                              ) as "likedBy",
                              (
                                coalesce(
                                  (
                                    select
                                      p_c_s.like_count
                                    from
                                      comment_stats p_c_s
                                    where
                                      p_c_s.comment_id = p_c.id
                                  ),
                                  0
                                ) - 0
                              )::int as "likeCount",
                              exists (
                                select
                                from
                                  comment_likes p_c_m
                                where
                                  p_c_m.comment_id = p_c.id
                                  and p_c_m.user_id = s.user_id
                              ) as "likedByMe",
                              coalesce(
                                (
                                  select
                                    array_to_json(array_agg(a))
                                  from
                                    (
                                      select
                                        p_c_me_mu.id,
                                        p_c_me_mu.first_name as "firstName",
                                        p_c_me_mu.last_name as "lastName",
                                        p_c_me_mu.avatar_url as "avatarUrl",
                                        p_c_me_mu.handle
                                      from
                                        comment_mentions p_c_me_m
                                        join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                      where
                                        p_c_me_m.comment_id = p_c.id
                                        and p_c_me_m.shown
                                        and true
                                      order by
                                        p_c_me_m.user_id
                                      limit
                                        20
                                    ) a
                                ),
                                '[]'::json
                              ) as mentions
                            from
                              comments p_c
                            where
                              p_c.post_id = p.id
                              and true
                            order by
                              p_c.created_at desc,
                              p_c.id desc
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as comments,
                    (
                      coalesce(
                        (
                          select
                            p_s.like_count
                          from
                            post_stats p_s
                          where
                            p_s.post_id = p.id
                        ),
                        0
                      ) - 0
                    )::int as "likeCount",
                    (
                      coalesce(
                        (
                          select
                            p_s.comment_count
                          from
                            post_stats p_s
                          where
                            p_s.post_id = p.id
                        ),
                        0
                      ) - 0
                    )::int as "commentCount",
                    exists (
                      select
                      from
                        post_likes p_m
                      where
                        p_m.post_id = p.id
                        and p_m.user_id = s.user_id
                    ) as "likedByMe",
                    coalesce(p.media::json, '[]'::json) as media,
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_me_mu.id,
                              p_me_mu.first_name as "firstName",
                              p_me_mu.last_name as "lastName",
                              p_me_mu.avatar_url as "avatarUrl",
                              p_me_mu.handle
                            from
                              post_mentions p_me_m
                              join users p_me_mu on p_me_mu.id = p_me_m.user_id
                            where
                              p_me_m.post_id = p.id
                              and p_me_m.shown
                              and true
                            order by
                              p_me_m.user_id
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as mentions
                  from
                    (
                      select
                        *
                      from
                        (
                          select
                            *
                          from
                            posts
                          where
                            true
                            and (posts.created_at, posts.id) < (
                              select
                                b.created_at,
                                b.id
                              from
                                posts b
                              where
                                b.id = $3
                                and true
                            )
                          order by
                            created_at desc,
                            id desc
                          limit
                            100
                        ) k
                      order by
                        created_at desc,
                        id desc
                      limit
                        $4
                    ) p
                ) a
              offset
                0
            ) x
        ) t
      where
        t.upto <= 15999999
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

-- posts_before_limit_guarded
select
  (
    select
      '[' || coalesce(string_agg(t.j, ','), '') || ']'
    from
      (
        select
          x.j,
          sum(octet_length(x.j) + 1) over (rows unbounded preceding) as upto
        from
          (
            select
              row_to_json(a)::text as j
            from
              (
                select
                  p.id,
                  p.title,
                  p.content,
                  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                  (
                    select
                      row_to_json(o)
                    from
                      (
                        select
                          p_a.id,
                          p_a.first_name as "firstName",
                          p_a.last_name as "lastName",
                          p_a.avatar_url as "avatarUrl",
                          p_a.handle
                        from
                          users p_a
                        where
                          p_a.id = p.author_id
                      ) o
                  ) as "createdBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_lu.id,
                            p_lu.first_name as "firstName",
                            p_lu.last_name as "lastName",
                            p_lu.avatar_url as "avatarUrl",
                            p_lu.handle
                          from
                            (
                              select
                                l.user_id
                              from
                                post_likes l
                              where
                                l.post_id = p.id
                                and (
                                  s.block_count = 0
                                  or (
                                    not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = s.user_id
                                        and bk.blocked_id = l.user_id
                                    )
                                    and not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = l.user_id
                                        and bk.blocked_id = s.user_id
                                    )
                                  )
                                )
                              order by
                                l.user_id
                              limit
                                20
                            ) p_lu_i
                            join users p_lu on p_lu.id = p_lu_i.user_id
                          order by
                            p_lu_i.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as "likedBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_c.id,
                            p_c.content,
                            to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                            (
                              select
                                row_to_json(o)
                              from
                                (
                                  select
                                    p_c_a.id,
                                    p_c_a.first_name as "firstName",
                                    p_c_a.last_name as "lastName",
                                    p_c_a.avatar_url as "avatarUrl",
                                    p_c_a.handle
                                  from
                                    users p_c_a
                                  where
                                    p_c_a.id = p_c.author_id
                                ) o
                            ) as "createdBy",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_lu.id,
                                      p_c_lu.first_name as "firstName",
                                      p_c_lu.last_name as "lastName",
                                      p_c_lu.avatar_url as "avatarUrl",
                                      p_c_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          comment_likes l
                                        where
                                          l.comment_id = p_c.id
                                          and (
                                            s.block_count = 0
                                            or (
                                              not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = s.user_id
                                                  and bk.blocked_id = l.user_id
                                              )
                                              and not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = l.user_id
                                                  and bk.blocked_id = s.user_id
                                              )
                                            )
                                          )
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) p_c_lu_i
                                      join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                    order by
                                      p_c_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as "likedBy",
                            (
                              coalesce(
                                (
                                  select
                                    p_c_s.like_count
                                  from
                                    comment_stats p_c_s
                                  where
                                    p_c_s.comment_id = p_c.id
                                ),
                                0
                              ) - (
                                case
                                  when s.block_count = 0 then 0
                                  else (
                                    select
                                      count(*)
                                    from
                                      (
                                        select
                                          hb.blocked_id as u
                                        from
                                          blocks hb
                                        where
                                          hb.blocker_id = s.user_id
                                        union all
                                        select
                                          hb.blocker_id
                                        from
                                          blocks hb
                                        where
                                          hb.blocked_id = s.user_id
                                      ) hu
                                      cross join lateral (
                                        select
                                        from
                                          comment_likes hl
                                        where
                                          hl.comment_id = p_c.id
                                          and hl.user_id = hu.u
                                      ) hr
                                  )
                                end
                              )
                            )::int as "likeCount",
                            exists (
                              select
                              from
                                comment_likes p_c_m
                              where
                                p_c_m.comment_id = p_c.id
                                and p_c_m.user_id = s.user_id
                            ) as "likedByMe",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_me_mu.id,
                                      p_c_me_mu.first_name as "firstName",
                                      p_c_me_mu.last_name as "lastName",
                                      p_c_me_mu.avatar_url as "avatarUrl",
                                      p_c_me_mu.handle
                                    from
                                      comment_mentions p_c_me_m
                                      join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                    where
                                      p_c_me_m.comment_id = p_c.id
                                      and p_c_me_m.shown
                                      and (
                                        s.block_count = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = s.user_id
                                              and bk.blocked_id = p_c_me_m.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = p_c_me_m.user_id
                                              and bk.blocked_id = s.user_id
                                          )
                                        )
                                      )
                                    order by
                                      p_c_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as mentions
                          from
                            comments p_c
                          where
                            p_c.post_id = p.id
                            and (
                              s.block_count = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = s.user_id
                                    and bk.blocked_id = p_c.author_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_c.author_id
                                    and bk.blocked_id = s.user_id
                                )
                              )
                            )
                          order by
                            p_c.created_at desc,
                            p_c.id desc
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as comments,
                  (
                    coalesce(
                      (
                        select
                          p_s.like_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when s.block_count = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = s.user_id
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = s.user_id
                            ) hu
                            cross join lateral (
                              select
                              from
                                post_likes hl
                              where
                                hl.post_id = p.id
                                and hl.user_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "likeCount",
                  (
                    coalesce(
                      (
                        select
                          p_s.comment_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when s.block_count = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = s.user_id
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = s.user_id
                            ) hu
                            cross join lateral (
                              select
                              from
                                comments hc
                              where
                                hc.post_id = p.id
                                and hc.author_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "commentCount",
                  exists (
                    select
                    from
                      post_likes p_m
                    where
                      p_m.post_id = p.id
                      and p_m.user_id = s.user_id
                  ) as "likedByMe",
                  coalesce(p.media::json, '[]'::json) as media,
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_me_mu.id,
                            p_me_mu.first_name as "firstName",
                            p_me_mu.last_name as "lastName",
                            p_me_mu.avatar_url as "avatarUrl",
                            p_me_mu.handle
                          from
                            post_mentions p_me_m
                            join users p_me_mu on p_me_mu.id = p_me_m.user_id
                          where
                            p_me_m.post_id = p.id
                            and p_me_m.shown
                            and (
                              s.block_count = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = s.user_id
                                    and bk.blocked_id = p_me_m.user_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_me_m.user_id
                                    and bk.blocked_id = s.user_id
                                )
                              )
                            )
                          order by
                            p_me_m.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as mentions
                from
                  (
                    select
                      *
                    from
                      (
                        select
                          *
                        from
                          posts
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
                                  and bk.blocked_id = posts.author_id
                              )
                              and not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = posts.author_id
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
                                and mu.muted_id = posts.author_id
                            )
                          )
                          and (posts.created_at, posts.id) < (
                            select
                              b.created_at,
                              b.id
                            from
                              posts b
                            where
                              b.id = $3
                              and (
                                s.block_count = 0
                                or (
                                  not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = s.user_id
                                      and bk.blocked_id = b.author_id
                                  )
                                  and not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = b.author_id
                                      and bk.blocked_id = s.user_id
                                  )
                                )
                              )
                          )
                        order by
                          created_at desc,
                          id desc
                        limit
                          100
                      ) k
                    order by
                      created_at desc,
                      id desc
                    limit
                      $4
                  ) p
              ) a
            offset
              0
          ) x
      ) t
    where
      t.upto <= 15999999
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

-- posts_followed_before_limit
select
  case
    when s.block_count = 0
    and s.mute_count = 0 then (
      select
        '[' || coalesce(string_agg(t.j, ','), '') || ']'
      from
        (
          select
            x.j,
            sum(octet_length(x.j) + 1) over (rows unbounded preceding) as upto
          from
            (
              select
                row_to_json(a)::text as j
              from
                (
                  select
                    p.id,
                    p.title,
                    p.content,
                    to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                    (
                      select
                        row_to_json(o)
                      from
                        (
                          select
                            p_a.id,
                            p_a.first_name as "firstName",
                            p_a.last_name as "lastName",
                            p_a.avatar_url as "avatarUrl",
                            p_a.handle
                          from
                            users p_a
                          where
                            p_a.id = p.author_id
                        ) o
                    ) as "createdBy",
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_lu.id,
                              p_lu.first_name as "firstName",
                              p_lu.last_name as "lastName",
                              p_lu.avatar_url as "avatarUrl",
                              p_lu.handle
                            from
                              (
                                select
                                  l.user_id
                                from
                                  post_likes l
                                where
                                  l.post_id = p.id
                                  and true
                                order by
                                  l.user_id
                                limit
                                  20
                              ) p_lu_i
                              join users p_lu on p_lu.id = p_lu_i.user_id
                            order by
                              p_lu_i.user_id
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as "likedBy",
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_c.id,
                              p_c.content,
                              to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                              (
                                select
                                  row_to_json(o)
                                from
                                  (
                                    select
                                      p_c_a.id,
                                      p_c_a.first_name as "firstName",
                                      p_c_a.last_name as "lastName",
                                      p_c_a.avatar_url as "avatarUrl",
                                      p_c_a.handle
                                    from
                                      users p_c_a
                                    where
                                      p_c_a.id = p_c.author_id
                                  ) o
                              ) as "createdBy",
                              coalesce(
                                (
                                  select
                                    array_to_json(array_agg(a))
                                  from
                                    (
                                      select
                                        p_c_lu.id,
                                        p_c_lu.first_name as "firstName",
                                        p_c_lu.last_name as "lastName",
                                        p_c_lu.avatar_url as "avatarUrl",
                                        p_c_lu.handle
                                      from
                                        (
                                          select
                                            l.user_id
                                          from
                                            comment_likes l
                                          where
                                            l.comment_id = p_c.id
                                            and true
                                          order by
                                            l.user_id
                                          limit
                                            20
                                        ) p_c_lu_i
                                        join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                      order by
                                        p_c_lu_i.user_id
                                      limit
                                        20
                                    ) a
                                ),
                                '[]'::json
                              ) as "likedBy",
                              (
                                coalesce(
                                  (
                                    select
                                      p_c_s.like_count
                                    from
                                      comment_stats p_c_s
                                    where
                                      p_c_s.comment_id = p_c.id
                                  ),
                                  0
                                ) - 0
                              )::int as "likeCount",
                              exists (
                                select
                                from
                                  comment_likes p_c_m
                                where
                                  p_c_m.comment_id = p_c.id
                                  and p_c_m.user_id = s.user_id
                              ) as "likedByMe",
                              coalesce(
                                (
                                  select
                                    array_to_json(array_agg(a))
                                  from
                                    (
                                      select
                                        p_c_me_mu.id,
                                        p_c_me_mu.first_name as "firstName",
                                        p_c_me_mu.last_name as "lastName",
                                        p_c_me_mu.avatar_url as "avatarUrl",
                                        p_c_me_mu.handle
                                      from
                                        comment_mentions p_c_me_m
                                        join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                      where
                                        p_c_me_m.comment_id = p_c.id
                                        and p_c_me_m.shown
                                        and true
                                      order by
                                        p_c_me_m.user_id
                                      limit
                                        20
                                    ) a
                                ),
                                '[]'::json
                              ) as mentions
                            from
                              comments p_c
                            where
                              p_c.post_id = p.id
                              and true
                            order by
                              p_c.created_at desc,
                              p_c.id desc
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as comments,
                    (
                      coalesce(
                        (
                          select
                            p_s.like_count
                          from
                            post_stats p_s
                          where
                            p_s.post_id = p.id
                        ),
                        0
                      ) - 0
                    )::int as "likeCount",
                    (
                      coalesce(
                        (
                          select
                            p_s.comment_count
                          from
                            post_stats p_s
                          where
                            p_s.post_id = p.id
                        ),
                        0
                      ) - 0
                    )::int as "commentCount",
                    exists (
                      select
                      from
                        post_likes p_m
                      where
                        p_m.post_id = p.id
                        and p_m.user_id = s.user_id
                    ) as "likedByMe",
                    coalesce(p.media::json, '[]'::json) as media,
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_me_mu.id,
                              p_me_mu.first_name as "firstName",
                              p_me_mu.last_name as "lastName",
                              p_me_mu.avatar_url as "avatarUrl",
                              p_me_mu.handle
                            from
                              post_mentions p_me_m
                              join users p_me_mu on p_me_mu.id = p_me_m.user_id
                            where
                              p_me_m.post_id = p.id
                              and p_me_m.shown
                              and true
                            order by
                              p_me_m.user_id
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as mentions
                  from
                    (
                      with
                        floor_heads as materialized (
                          select
                            k.created_at
                          from
                            (
                              select
                                f.followed_id,
                                f.author_bound
                              from
                                follows f
                              where
                                f.follower_id = s.user_id
                                and true
                            ) r
                            cross join lateral (
                              select
                                x.id,
                                x.created_at
                              from
                                posts x
                              where
                                x.author_id = r.followed_id
                                and (x.created_at, x.id) < (
                                  select
                                    b.created_at,
                                    b.id
                                  from
                                    posts b
                                  where
                                    b.id = $3
                                    and true
                                )
                              order by
                                x.created_at desc,
                                x.id desc
                              limit
                                1
                            ) k
                          where
                            r.author_bound > '-infinity'
                            and r.author_bound <= (
                              select
                                b.created_at
                              from
                                posts b
                              where
                                b.id = $3
                            )
                          order by
                            r.author_bound desc
                          limit
                            $4
                        ),
                        floor as materialized (
                          select
                            case
                              when count(*) >= $4 then min(created_at)
                              else '-infinity'
                            end as at
                          from
                            floor_heads
                        ),
                        above as materialized (
                          select
                            a.followed_id
                          from
                            (
                              select
                                f.followed_id,
                                f.author_bound
                              from
                                follows f
                              where
                                f.follower_id = s.user_id
                                and true
                            ) a
                          where
                            a.author_bound > (
                              select
                                at
                              from
                                floor
                            )
                          limit
                            201
                        ),
                        crowded as materialized (
                          select
                            count(*) > 200 as yes
                          from
                            above
                        ),
                        walked as materialized (
                          select
                            w.id,
                            w.created_at
                          from
                            (
                              select
                                x.id,
                                x.created_at,
                                x.author_id
                              from
                                posts x
                              where
                                (
                                  select
                                    yes
                                  from
                                    crowded
                                )
                                and (x.created_at, x.id) < (
                                  select
                                    b.created_at,
                                    b.id
                                  from
                                    posts b
                                  where
                                    b.id = $3
                                    and true
                                )
                              order by
                                x.created_at desc,
                                x.id desc
                              limit
                                500
                            ) w
                            -- A subquery per row, not a semi-join: a probe of the follows key per walked post, never a read of every follow.
                          where
                            (
                              select
                                true
                              from
                                (
                                  select
                                    f.followed_id,
                                    f.author_bound
                                  from
                                    follows f
                                  where
                                    f.follower_id = s.user_id
                                    and true
                                ) wf
                              where
                                wf.followed_id = w.author_id
                            )
                          order by
                            w.created_at desc,
                            w.id desc
                          limit
                            $4
                        ),
                        ranked as (
                          select
                            followed_id
                          from
                            above
                          where
                            not (
                              select
                                yes
                              from
                                crowded
                            )
                          union all
                          select
                            a.followed_id
                          from
                            (
                              select
                                f.followed_id,
                                f.author_bound
                              from
                                follows f
                              where
                                f.follower_id = s.user_id
                                and true
                            ) a
                          where
                            a.author_bound > (
                              select
                                at
                              from
                                floor
                            )
                            and (
                              select
                                yes
                              from
                                crowded
                            )
                            and (
                              select
                                count(*)
                              from
                                walked
                            ) < $4
                        ),
                        heads as materialized (
                          select
                            r.followed_id as author_id,
                            k.id,
                            k.created_at
                          from
                            ranked r
                            cross join lateral (
                              select
                                x.id,
                                x.created_at
                              from
                                posts x
                              where
                                x.author_id = r.followed_id
                                and (x.created_at, x.id) < (
                                  select
                                    b.created_at,
                                    b.id
                                  from
                                    posts b
                                  where
                                    b.id = $3
                                    and true
                                )
                              order by
                                x.created_at desc,
                                x.id desc
                              limit
                                1
                            ) k
                          order by
                            k.created_at desc,
                            k.id desc
                          limit
                            $4
                        ),
                        newest as (
                          select
                            *
                          from
                            walked
                          where
                            (
                              select
                                count(*)
                              from
                                walked
                            ) >= $4
                          union all
                          (
                            select
                              k.id,
                              k.created_at
                            from
                              heads hd
                              cross join lateral (
                                select
                                  x.id,
                                  x.created_at
                                from
                                  posts x
                                where
                                  x.author_id = hd.author_id
                                  and (x.created_at, x.id) < (
                                    select
                                      b.created_at,
                                      b.id
                                    from
                                      posts b
                                    where
                                      b.id = $3
                                      and true
                                  )
                                order by
                                  x.created_at desc,
                                  x.id desc
                                limit
                                  $4
                              ) k
                            order by
                              k.created_at desc,
                              k.id desc
                            limit
                              $4
                          )
                        )
                      select
                        fp.*
                      from
                        newest
                        join posts fp on fp.id = newest.id
                      order by
                        newest.created_at desc,
                        newest.id desc
                      limit
                        $4
                    ) p
                ) a
              offset
                0
            ) x
        ) t
      where
        t.upto <= 15999999
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

-- posts_followed_before_limit_guarded
select
  (
    select
      '[' || coalesce(string_agg(t.j, ','), '') || ']'
    from
      (
        select
          x.j,
          sum(octet_length(x.j) + 1) over (rows unbounded preceding) as upto
        from
          (
            select
              row_to_json(a)::text as j
            from
              (
                select
                  p.id,
                  p.title,
                  p.content,
                  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                  (
                    select
                      row_to_json(o)
                    from
                      (
                        select
                          p_a.id,
                          p_a.first_name as "firstName",
                          p_a.last_name as "lastName",
                          p_a.avatar_url as "avatarUrl",
                          p_a.handle
                        from
                          users p_a
                        where
                          p_a.id = p.author_id
                      ) o
                  ) as "createdBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_lu.id,
                            p_lu.first_name as "firstName",
                            p_lu.last_name as "lastName",
                            p_lu.avatar_url as "avatarUrl",
                            p_lu.handle
                          from
                            (
                              select
                                l.user_id
                              from
                                post_likes l
                              where
                                l.post_id = p.id
                                and (
                                  s.block_count = 0
                                  or (
                                    not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = s.user_id
                                        and bk.blocked_id = l.user_id
                                    )
                                    and not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = l.user_id
                                        and bk.blocked_id = s.user_id
                                    )
                                  )
                                )
                              order by
                                l.user_id
                              limit
                                20
                            ) p_lu_i
                            join users p_lu on p_lu.id = p_lu_i.user_id
                          order by
                            p_lu_i.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as "likedBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_c.id,
                            p_c.content,
                            to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                            (
                              select
                                row_to_json(o)
                              from
                                (
                                  select
                                    p_c_a.id,
                                    p_c_a.first_name as "firstName",
                                    p_c_a.last_name as "lastName",
                                    p_c_a.avatar_url as "avatarUrl",
                                    p_c_a.handle
                                  from
                                    users p_c_a
                                  where
                                    p_c_a.id = p_c.author_id
                                ) o
                            ) as "createdBy",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_lu.id,
                                      p_c_lu.first_name as "firstName",
                                      p_c_lu.last_name as "lastName",
                                      p_c_lu.avatar_url as "avatarUrl",
                                      p_c_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          comment_likes l
                                        where
                                          l.comment_id = p_c.id
                                          and (
                                            s.block_count = 0
                                            or (
                                              not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = s.user_id
                                                  and bk.blocked_id = l.user_id
                                              )
                                              and not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = l.user_id
                                                  and bk.blocked_id = s.user_id
                                              )
                                            )
                                          )
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) p_c_lu_i
                                      join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                    order by
                                      p_c_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as "likedBy",
                            (
                              coalesce(
                                (
                                  select
                                    p_c_s.like_count
                                  from
                                    comment_stats p_c_s
                                  where
                                    p_c_s.comment_id = p_c.id
                                ),
                                0
                              ) - (
                                case
                                  when s.block_count = 0 then 0
                                  else (
                                    select
                                      count(*)
                                    from
                                      (
                                        select
                                          hb.blocked_id as u
                                        from
                                          blocks hb
                                        where
                                          hb.blocker_id = s.user_id
                                        union all
                                        select
                                          hb.blocker_id
                                        from
                                          blocks hb
                                        where
                                          hb.blocked_id = s.user_id
                                      ) hu
                                      cross join lateral (
                                        select
                                        from
                                          comment_likes hl
                                        where
                                          hl.comment_id = p_c.id
                                          and hl.user_id = hu.u
                                      ) hr
                                  )
                                end
                              )
                            )::int as "likeCount",
                            exists (
                              select
                              from
                                comment_likes p_c_m
                              where
                                p_c_m.comment_id = p_c.id
                                and p_c_m.user_id = s.user_id
                            ) as "likedByMe",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_me_mu.id,
                                      p_c_me_mu.first_name as "firstName",
                                      p_c_me_mu.last_name as "lastName",
                                      p_c_me_mu.avatar_url as "avatarUrl",
                                      p_c_me_mu.handle
                                    from
                                      comment_mentions p_c_me_m
                                      join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                    where
                                      p_c_me_m.comment_id = p_c.id
                                      and p_c_me_m.shown
                                      and (
                                        s.block_count = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = s.user_id
                                              and bk.blocked_id = p_c_me_m.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = p_c_me_m.user_id
                                              and bk.blocked_id = s.user_id
                                          )
                                        )
                                      )
                                    order by
                                      p_c_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as mentions
                          from
                            comments p_c
                          where
                            p_c.post_id = p.id
                            and (
                              s.block_count = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = s.user_id
                                    and bk.blocked_id = p_c.author_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_c.author_id
                                    and bk.blocked_id = s.user_id
                                )
                              )
                            )
                          order by
                            p_c.created_at desc,
                            p_c.id desc
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as comments,
                  (
                    coalesce(
                      (
                        select
                          p_s.like_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when s.block_count = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = s.user_id
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = s.user_id
                            ) hu
                            cross join lateral (
                              select
                              from
                                post_likes hl
                              where
                                hl.post_id = p.id
                                and hl.user_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "likeCount",
                  (
                    coalesce(
                      (
                        select
                          p_s.comment_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when s.block_count = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = s.user_id
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = s.user_id
                            ) hu
                            cross join lateral (
                              select
                              from
                                comments hc
                              where
                                hc.post_id = p.id
                                and hc.author_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "commentCount",
                  exists (
                    select
                    from
                      post_likes p_m
                    where
                      p_m.post_id = p.id
                      and p_m.user_id = s.user_id
                  ) as "likedByMe",
                  coalesce(p.media::json, '[]'::json) as media,
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_me_mu.id,
                            p_me_mu.first_name as "firstName",
                            p_me_mu.last_name as "lastName",
                            p_me_mu.avatar_url as "avatarUrl",
                            p_me_mu.handle
                          from
                            post_mentions p_me_m
                            join users p_me_mu on p_me_mu.id = p_me_m.user_id
                          where
                            p_me_m.post_id = p.id
                            and p_me_m.shown
                            and (
                              s.block_count = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = s.user_id
                                    and bk.blocked_id = p_me_m.user_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_me_m.user_id
                                    and bk.blocked_id = s.user_id
                                )
                              )
                            )
                          order by
                            p_me_m.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as mentions
                from
                  (
                    with
                      floor_heads as materialized (
                        select
                          k.created_at
                        from
                          (
                            select
                              f.followed_id,
                              f.author_bound
                            from
                              follows f
                            where
                              f.follower_id = s.user_id
                              and (
                                s.block_count = 0
                                or (
                                  not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = s.user_id
                                      and bk.blocked_id = f.followed_id
                                  )
                                  and not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = f.followed_id
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
                                    and mu.muted_id = f.followed_id
                                )
                              )
                          ) r
                          cross join lateral (
                            select
                              x.id,
                              x.created_at
                            from
                              posts x
                            where
                              x.author_id = r.followed_id
                              and (x.created_at, x.id) < (
                                select
                                  b.created_at,
                                  b.id
                                from
                                  posts b
                                where
                                  b.id = $3
                                  and (
                                    s.block_count = 0
                                    or (
                                      not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = s.user_id
                                          and bk.blocked_id = b.author_id
                                      )
                                      and not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = b.author_id
                                          and bk.blocked_id = s.user_id
                                      )
                                    )
                                  )
                              )
                            order by
                              x.created_at desc,
                              x.id desc
                            limit
                              1
                          ) k
                        where
                          r.author_bound > '-infinity'
                          and r.author_bound <= (
                            select
                              b.created_at
                            from
                              posts b
                            where
                              b.id = $3
                          )
                        order by
                          r.author_bound desc
                        limit
                          $4
                      ),
                      floor as materialized (
                        select
                          case
                            when count(*) >= $4 then min(created_at)
                            else '-infinity'
                          end as at
                        from
                          floor_heads
                      ),
                      above as materialized (
                        select
                          a.followed_id
                        from
                          (
                            select
                              f.followed_id,
                              f.author_bound
                            from
                              follows f
                            where
                              f.follower_id = s.user_id
                              and (
                                s.block_count = 0
                                or (
                                  not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = s.user_id
                                      and bk.blocked_id = f.followed_id
                                  )
                                  and not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = f.followed_id
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
                                    and mu.muted_id = f.followed_id
                                )
                              )
                          ) a
                        where
                          a.author_bound > (
                            select
                              at
                            from
                              floor
                          )
                        limit
                          201
                      ),
                      crowded as materialized (
                        select
                          count(*) > 200 as yes
                        from
                          above
                      ),
                      walked as materialized (
                        select
                          w.id,
                          w.created_at
                        from
                          (
                            select
                              x.id,
                              x.created_at,
                              x.author_id
                            from
                              posts x
                            where
                              (
                                select
                                  yes
                                from
                                  crowded
                              )
                              and (x.created_at, x.id) < (
                                select
                                  b.created_at,
                                  b.id
                                from
                                  posts b
                                where
                                  b.id = $3
                                  and (
                                    s.block_count = 0
                                    or (
                                      not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = s.user_id
                                          and bk.blocked_id = b.author_id
                                      )
                                      and not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = b.author_id
                                          and bk.blocked_id = s.user_id
                                      )
                                    )
                                  )
                              )
                            order by
                              x.created_at desc,
                              x.id desc
                            limit
                              500
                          ) w
                          -- A subquery per row, not a semi-join: a probe of the follows key per walked post, never a read of every follow.
                        where
                          (
                            select
                              true
                            from
                              (
                                select
                                  f.followed_id,
                                  f.author_bound
                                from
                                  follows f
                                where
                                  f.follower_id = s.user_id
                                  and (
                                    s.block_count = 0
                                    or (
                                      not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = s.user_id
                                          and bk.blocked_id = f.followed_id
                                      )
                                      and not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = f.followed_id
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
                                        and mu.muted_id = f.followed_id
                                    )
                                  )
                              ) wf
                            where
                              wf.followed_id = w.author_id
                          )
                        order by
                          w.created_at desc,
                          w.id desc
                        limit
                          $4
                      ),
                      ranked as (
                        select
                          followed_id
                        from
                          above
                        where
                          not (
                            select
                              yes
                            from
                              crowded
                          )
                        union all
                        select
                          a.followed_id
                        from
                          (
                            select
                              f.followed_id,
                              f.author_bound
                            from
                              follows f
                            where
                              f.follower_id = s.user_id
                              and (
                                s.block_count = 0
                                or (
                                  not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = s.user_id
                                      and bk.blocked_id = f.followed_id
                                  )
                                  and not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = f.followed_id
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
                                    and mu.muted_id = f.followed_id
                                )
                              )
                          ) a
                        where
                          a.author_bound > (
                            select
                              at
                            from
                              floor
                          )
                          and (
                            select
                              yes
                            from
                              crowded
                          )
                          and (
                            select
                              count(*)
                            from
                              walked
                          ) < $4
                      ),
                      heads as materialized (
                        select
                          r.followed_id as author_id,
                          k.id,
                          k.created_at
                        from
                          ranked r
                          cross join lateral (
                            select
                              x.id,
                              x.created_at
                            from
                              posts x
                            where
                              x.author_id = r.followed_id
                              and (x.created_at, x.id) < (
                                select
                                  b.created_at,
                                  b.id
                                from
                                  posts b
                                where
                                  b.id = $3
                                  and (
                                    s.block_count = 0
                                    or (
                                      not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = s.user_id
                                          and bk.blocked_id = b.author_id
                                      )
                                      and not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = b.author_id
                                          and bk.blocked_id = s.user_id
                                      )
                                    )
                                  )
                              )
                            order by
                              x.created_at desc,
                              x.id desc
                            limit
                              1
                          ) k
                        order by
                          k.created_at desc,
                          k.id desc
                        limit
                          $4
                      ),
                      newest as (
                        select
                          *
                        from
                          walked
                        where
                          (
                            select
                              count(*)
                            from
                              walked
                          ) >= $4
                        union all
                        (
                          select
                            k.id,
                            k.created_at
                          from
                            heads hd
                            cross join lateral (
                              select
                                x.id,
                                x.created_at
                              from
                                posts x
                              where
                                x.author_id = hd.author_id
                                and (x.created_at, x.id) < (
                                  select
                                    b.created_at,
                                    b.id
                                  from
                                    posts b
                                  where
                                    b.id = $3
                                    and (
                                      s.block_count = 0
                                      or (
                                        not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = s.user_id
                                            and bk.blocked_id = b.author_id
                                        )
                                        and not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = b.author_id
                                            and bk.blocked_id = s.user_id
                                        )
                                      )
                                    )
                                )
                              order by
                                x.created_at desc,
                                x.id desc
                              limit
                                $4
                            ) k
                          order by
                            k.created_at desc,
                            k.id desc
                          limit
                            $4
                        )
                      )
                    select
                      fp.*
                    from
                      newest
                      join posts fp on fp.id = newest.id
                    order by
                      newest.created_at desc,
                      newest.id desc
                    limit
                      $4
                  ) p
              ) a
            offset
              0
          ) x
      ) t
    where
      t.upto <= 15999999
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

-- posts_followed_limit
select
  case
    when s.block_count = 0
    and s.mute_count = 0 then (
      select
        '[' || coalesce(string_agg(t.j, ','), '') || ']'
      from
        (
          select
            x.j,
            sum(octet_length(x.j) + 1) over (rows unbounded preceding) as upto
          from
            (
              select
                row_to_json(a)::text as j
              from
                (
                  select
                    p.id,
                    p.title,
                    p.content,
                    to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                    (
                      select
                        row_to_json(o)
                      from
                        (
                          select
                            p_a.id,
                            p_a.first_name as "firstName",
                            p_a.last_name as "lastName",
                            p_a.avatar_url as "avatarUrl",
                            p_a.handle
                          from
                            users p_a
                          where
                            p_a.id = p.author_id
                        ) o
                    ) as "createdBy",
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_lu.id,
                              p_lu.first_name as "firstName",
                              p_lu.last_name as "lastName",
                              p_lu.avatar_url as "avatarUrl",
                              p_lu.handle
                            from
                              (
                                select
                                  l.user_id
                                from
                                  post_likes l
                                where
                                  l.post_id = p.id
                                  and true
                                order by
                                  l.user_id
                                limit
                                  20
                              ) p_lu_i
                              join users p_lu on p_lu.id = p_lu_i.user_id
                            order by
                              p_lu_i.user_id
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as "likedBy",
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_c.id,
                              p_c.content,
                              to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                              (
                                select
                                  row_to_json(o)
                                from
                                  (
                                    select
                                      p_c_a.id,
                                      p_c_a.first_name as "firstName",
                                      p_c_a.last_name as "lastName",
                                      p_c_a.avatar_url as "avatarUrl",
                                      p_c_a.handle
                                    from
                                      users p_c_a
                                    where
                                      p_c_a.id = p_c.author_id
                                  ) o
                              ) as "createdBy",
                              coalesce(
                                (
                                  select
                                    array_to_json(array_agg(a))
                                  from
                                    (
                                      select
                                        p_c_lu.id,
                                        p_c_lu.first_name as "firstName",
                                        p_c_lu.last_name as "lastName",
                                        p_c_lu.avatar_url as "avatarUrl",
                                        p_c_lu.handle
                                      from
                                        (
                                          select
                                            l.user_id
                                          from
                                            comment_likes l
                                          where
                                            l.comment_id = p_c.id
                                            and true
                                          order by
                                            l.user_id
                                          limit
                                            20
                                        ) p_c_lu_i
                                        join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                      order by
                                        p_c_lu_i.user_id
                                      limit
                                        20
                                    ) a
                                ),
                                '[]'::json
                              ) as "likedBy",
                              (
                                coalesce(
                                  (
                                    select
                                      p_c_s.like_count
                                    from
                                      comment_stats p_c_s
                                    where
                                      p_c_s.comment_id = p_c.id
                                  ),
                                  0
                                ) - 0
                              )::int as "likeCount",
                              exists (
                                select
                                from
                                  comment_likes p_c_m
                                where
                                  p_c_m.comment_id = p_c.id
                                  and p_c_m.user_id = s.user_id
                              ) as "likedByMe",
                              coalesce(
                                (
                                  select
                                    array_to_json(array_agg(a))
                                  from
                                    (
                                      select
                                        p_c_me_mu.id,
                                        p_c_me_mu.first_name as "firstName",
                                        p_c_me_mu.last_name as "lastName",
                                        p_c_me_mu.avatar_url as "avatarUrl",
                                        p_c_me_mu.handle
                                      from
                                        comment_mentions p_c_me_m
                                        join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                      where
                                        p_c_me_m.comment_id = p_c.id
                                        and p_c_me_m.shown
                                        and true
                                      order by
                                        p_c_me_m.user_id
                                      limit
                                        20
                                    ) a
                                ),
                                '[]'::json
                              ) as mentions
                            from
                              comments p_c
                            where
                              p_c.post_id = p.id
                              and true
                            order by
                              p_c.created_at desc,
                              p_c.id desc
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as comments,
                    (
                      coalesce(
                        (
                          select
                            p_s.like_count
                          from
                            post_stats p_s
                          where
                            p_s.post_id = p.id
                        ),
                        0
                      ) - 0
                    )::int as "likeCount",
                    (
                      coalesce(
                        (
                          select
                            p_s.comment_count
                          from
                            post_stats p_s
                          where
                            p_s.post_id = p.id
                        ),
                        0
                      ) - 0
                    )::int as "commentCount",
                    exists (
                      select
                      from
                        post_likes p_m
                      where
                        p_m.post_id = p.id
                        and p_m.user_id = s.user_id
                    ) as "likedByMe",
                    coalesce(p.media::json, '[]'::json) as media,
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_me_mu.id,
                              p_me_mu.first_name as "firstName",
                              p_me_mu.last_name as "lastName",
                              p_me_mu.avatar_url as "avatarUrl",
                              p_me_mu.handle
                            from
                              post_mentions p_me_m
                              join users p_me_mu on p_me_mu.id = p_me_m.user_id
                            where
                              p_me_m.post_id = p.id
                              and p_me_m.shown
                              and true
                            order by
                              p_me_m.user_id
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as mentions
                  from
                    (
                      with
                        floor_heads as materialized (
                          select
                            k.created_at
                          from
                            (
                              select
                                f.followed_id,
                                f.author_bound
                              from
                                follows f
                              where
                                f.follower_id = s.user_id
                                and true
                            ) r
                            cross join lateral (
                              select
                                x.id,
                                x.created_at
                              from
                                posts x
                              where
                                x.author_id = r.followed_id
                              order by
                                x.created_at desc,
                                x.id desc
                              limit
                                1
                            ) k
                          where
                            r.author_bound > '-infinity'
                          order by
                            r.author_bound desc
                          limit
                            $3
                        ),
                        floor as materialized (
                          select
                            case
                              when count(*) >= $3 then min(created_at)
                              else '-infinity'
                            end as at
                          from
                            floor_heads
                        ),
                        above as materialized (
                          select
                            a.followed_id
                          from
                            (
                              select
                                f.followed_id,
                                f.author_bound
                              from
                                follows f
                              where
                                f.follower_id = s.user_id
                                and true
                            ) a
                          where
                            a.author_bound > (
                              select
                                at
                              from
                                floor
                            )
                          limit
                            201
                        ),
                        crowded as materialized (
                          select
                            count(*) > 200 as yes
                          from
                            above
                        ),
                        walked as materialized (
                          select
                            w.id,
                            w.created_at
                          from
                            (
                              select
                                x.id,
                                x.created_at,
                                x.author_id
                              from
                                posts x
                              where
                                (
                                  select
                                    yes
                                  from
                                    crowded
                                )
                              order by
                                x.created_at desc,
                                x.id desc
                              limit
                                500
                            ) w
                            -- A subquery per row, not a semi-join: a probe of the follows key per walked post, never a read of every follow.
                          where
                            (
                              select
                                true
                              from
                                (
                                  select
                                    f.followed_id,
                                    f.author_bound
                                  from
                                    follows f
                                  where
                                    f.follower_id = s.user_id
                                    and true
                                ) wf
                              where
                                wf.followed_id = w.author_id
                            )
                          order by
                            w.created_at desc,
                            w.id desc
                          limit
                            $3
                        ),
                        ranked as (
                          select
                            followed_id
                          from
                            above
                          where
                            not (
                              select
                                yes
                              from
                                crowded
                            )
                          union all
                          select
                            a.followed_id
                          from
                            (
                              select
                                f.followed_id,
                                f.author_bound
                              from
                                follows f
                              where
                                f.follower_id = s.user_id
                                and true
                            ) a
                          where
                            a.author_bound > (
                              select
                                at
                              from
                                floor
                            )
                            and (
                              select
                                yes
                              from
                                crowded
                            )
                            and (
                              select
                                count(*)
                              from
                                walked
                            ) < $3
                        ),
                        heads as materialized (
                          select
                            r.followed_id as author_id,
                            k.id,
                            k.created_at
                          from
                            ranked r
                            cross join lateral (
                              select
                                x.id,
                                x.created_at
                              from
                                posts x
                              where
                                x.author_id = r.followed_id
                              order by
                                x.created_at desc,
                                x.id desc
                              limit
                                1
                            ) k
                          order by
                            k.created_at desc,
                            k.id desc
                          limit
                            $3
                        ),
                        newest as (
                          select
                            *
                          from
                            walked
                          where
                            (
                              select
                                count(*)
                              from
                                walked
                            ) >= $3
                          union all
                          (
                            select
                              k.id,
                              k.created_at
                            from
                              heads hd
                              cross join lateral (
                                select
                                  x.id,
                                  x.created_at
                                from
                                  posts x
                                where
                                  x.author_id = hd.author_id
                                order by
                                  x.created_at desc,
                                  x.id desc
                                limit
                                  $3
                              ) k
                            order by
                              k.created_at desc,
                              k.id desc
                            limit
                              $3
                          )
                        )
                      select
                        fp.*
                      from
                        newest
                        join posts fp on fp.id = newest.id
                      order by
                        newest.created_at desc,
                        newest.id desc
                      limit
                        $3
                    ) p
                ) a
              offset
                0
            ) x
        ) t
      where
        t.upto <= 15999999
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

-- posts_followed_limit_guarded
select
  (
    select
      '[' || coalesce(string_agg(t.j, ','), '') || ']'
    from
      (
        select
          x.j,
          sum(octet_length(x.j) + 1) over (rows unbounded preceding) as upto
        from
          (
            select
              row_to_json(a)::text as j
            from
              (
                select
                  p.id,
                  p.title,
                  p.content,
                  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                  (
                    select
                      row_to_json(o)
                    from
                      (
                        select
                          p_a.id,
                          p_a.first_name as "firstName",
                          p_a.last_name as "lastName",
                          p_a.avatar_url as "avatarUrl",
                          p_a.handle
                        from
                          users p_a
                        where
                          p_a.id = p.author_id
                      ) o
                  ) as "createdBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_lu.id,
                            p_lu.first_name as "firstName",
                            p_lu.last_name as "lastName",
                            p_lu.avatar_url as "avatarUrl",
                            p_lu.handle
                          from
                            (
                              select
                                l.user_id
                              from
                                post_likes l
                              where
                                l.post_id = p.id
                                and (
                                  s.block_count = 0
                                  or (
                                    not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = s.user_id
                                        and bk.blocked_id = l.user_id
                                    )
                                    and not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = l.user_id
                                        and bk.blocked_id = s.user_id
                                    )
                                  )
                                )
                              order by
                                l.user_id
                              limit
                                20
                            ) p_lu_i
                            join users p_lu on p_lu.id = p_lu_i.user_id
                          order by
                            p_lu_i.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as "likedBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_c.id,
                            p_c.content,
                            to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                            (
                              select
                                row_to_json(o)
                              from
                                (
                                  select
                                    p_c_a.id,
                                    p_c_a.first_name as "firstName",
                                    p_c_a.last_name as "lastName",
                                    p_c_a.avatar_url as "avatarUrl",
                                    p_c_a.handle
                                  from
                                    users p_c_a
                                  where
                                    p_c_a.id = p_c.author_id
                                ) o
                            ) as "createdBy",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_lu.id,
                                      p_c_lu.first_name as "firstName",
                                      p_c_lu.last_name as "lastName",
                                      p_c_lu.avatar_url as "avatarUrl",
                                      p_c_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          comment_likes l
                                        where
                                          l.comment_id = p_c.id
                                          and (
                                            s.block_count = 0
                                            or (
                                              not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = s.user_id
                                                  and bk.blocked_id = l.user_id
                                              )
                                              and not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = l.user_id
                                                  and bk.blocked_id = s.user_id
                                              )
                                            )
                                          )
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) p_c_lu_i
                                      join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                    order by
                                      p_c_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as "likedBy",
                            (
                              coalesce(
                                (
                                  select
                                    p_c_s.like_count
                                  from
                                    comment_stats p_c_s
                                  where
                                    p_c_s.comment_id = p_c.id
                                ),
                                0
                              ) - (
                                case
                                  when s.block_count = 0 then 0
                                  else (
                                    select
                                      count(*)
                                    from
                                      (
                                        select
                                          hb.blocked_id as u
                                        from
                                          blocks hb
                                        where
                                          hb.blocker_id = s.user_id
                                        union all
                                        select
                                          hb.blocker_id
                                        from
                                          blocks hb
                                        where
                                          hb.blocked_id = s.user_id
                                      ) hu
                                      cross join lateral (
                                        select
                                        from
                                          comment_likes hl
                                        where
                                          hl.comment_id = p_c.id
                                          and hl.user_id = hu.u
                                      ) hr
                                  )
                                end
                              )
                            )::int as "likeCount",
                            exists (
                              select
                              from
                                comment_likes p_c_m
                              where
                                p_c_m.comment_id = p_c.id
                                and p_c_m.user_id = s.user_id
                            ) as "likedByMe",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_me_mu.id,
                                      p_c_me_mu.first_name as "firstName",
                                      p_c_me_mu.last_name as "lastName",
                                      p_c_me_mu.avatar_url as "avatarUrl",
                                      p_c_me_mu.handle
                                    from
                                      comment_mentions p_c_me_m
                                      join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                    where
                                      p_c_me_m.comment_id = p_c.id
                                      and p_c_me_m.shown
                                      and (
                                        s.block_count = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = s.user_id
                                              and bk.blocked_id = p_c_me_m.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = p_c_me_m.user_id
                                              and bk.blocked_id = s.user_id
                                          )
                                        )
                                      )
                                    order by
                                      p_c_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as mentions
                          from
                            comments p_c
                          where
                            p_c.post_id = p.id
                            and (
                              s.block_count = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = s.user_id
                                    and bk.blocked_id = p_c.author_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_c.author_id
                                    and bk.blocked_id = s.user_id
                                )
                              )
                            )
                          order by
                            p_c.created_at desc,
                            p_c.id desc
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as comments,
                  (
                    coalesce(
                      (
                        select
                          p_s.like_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when s.block_count = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = s.user_id
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = s.user_id
                            ) hu
                            cross join lateral (
                              select
                              from
                                post_likes hl
                              where
                                hl.post_id = p.id
                                and hl.user_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "likeCount",
                  (
                    coalesce(
                      (
                        select
                          p_s.comment_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when s.block_count = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = s.user_id
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = s.user_id
                            ) hu
                            cross join lateral (
                              select
                              from
                                comments hc
                              where
                                hc.post_id = p.id
                                and hc.author_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "commentCount",
                  exists (
                    select
                    from
                      post_likes p_m
                    where
                      p_m.post_id = p.id
                      and p_m.user_id = s.user_id
                  ) as "likedByMe",
                  coalesce(p.media::json, '[]'::json) as media,
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_me_mu.id,
                            p_me_mu.first_name as "firstName",
                            p_me_mu.last_name as "lastName",
                            p_me_mu.avatar_url as "avatarUrl",
                            p_me_mu.handle
                          from
                            post_mentions p_me_m
                            join users p_me_mu on p_me_mu.id = p_me_m.user_id
                          where
                            p_me_m.post_id = p.id
                            and p_me_m.shown
                            and (
                              s.block_count = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = s.user_id
                                    and bk.blocked_id = p_me_m.user_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_me_m.user_id
                                    and bk.blocked_id = s.user_id
                                )
                              )
                            )
                          order by
                            p_me_m.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as mentions
                from
                  (
                    with
                      floor_heads as materialized (
                        select
                          k.created_at
                        from
                          (
                            select
                              f.followed_id,
                              f.author_bound
                            from
                              follows f
                            where
                              f.follower_id = s.user_id
                              and (
                                s.block_count = 0
                                or (
                                  not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = s.user_id
                                      and bk.blocked_id = f.followed_id
                                  )
                                  and not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = f.followed_id
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
                                    and mu.muted_id = f.followed_id
                                )
                              )
                          ) r
                          cross join lateral (
                            select
                              x.id,
                              x.created_at
                            from
                              posts x
                            where
                              x.author_id = r.followed_id
                            order by
                              x.created_at desc,
                              x.id desc
                            limit
                              1
                          ) k
                        where
                          r.author_bound > '-infinity'
                        order by
                          r.author_bound desc
                        limit
                          $3
                      ),
                      floor as materialized (
                        select
                          case
                            when count(*) >= $3 then min(created_at)
                            else '-infinity'
                          end as at
                        from
                          floor_heads
                      ),
                      above as materialized (
                        select
                          a.followed_id
                        from
                          (
                            select
                              f.followed_id,
                              f.author_bound
                            from
                              follows f
                            where
                              f.follower_id = s.user_id
                              and (
                                s.block_count = 0
                                or (
                                  not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = s.user_id
                                      and bk.blocked_id = f.followed_id
                                  )
                                  and not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = f.followed_id
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
                                    and mu.muted_id = f.followed_id
                                )
                              )
                          ) a
                        where
                          a.author_bound > (
                            select
                              at
                            from
                              floor
                          )
                        limit
                          201
                      ),
                      crowded as materialized (
                        select
                          count(*) > 200 as yes
                        from
                          above
                      ),
                      walked as materialized (
                        select
                          w.id,
                          w.created_at
                        from
                          (
                            select
                              x.id,
                              x.created_at,
                              x.author_id
                            from
                              posts x
                            where
                              (
                                select
                                  yes
                                from
                                  crowded
                              )
                            order by
                              x.created_at desc,
                              x.id desc
                            limit
                              500
                          ) w
                          -- A subquery per row, not a semi-join: a probe of the follows key per walked post, never a read of every follow.
                        where
                          (
                            select
                              true
                            from
                              (
                                select
                                  f.followed_id,
                                  f.author_bound
                                from
                                  follows f
                                where
                                  f.follower_id = s.user_id
                                  and (
                                    s.block_count = 0
                                    or (
                                      not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = s.user_id
                                          and bk.blocked_id = f.followed_id
                                      )
                                      and not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = f.followed_id
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
                                        and mu.muted_id = f.followed_id
                                    )
                                  )
                              ) wf
                            where
                              wf.followed_id = w.author_id
                          )
                        order by
                          w.created_at desc,
                          w.id desc
                        limit
                          $3
                      ),
                      ranked as (
                        select
                          followed_id
                        from
                          above
                        where
                          not (
                            select
                              yes
                            from
                              crowded
                          )
                        union all
                        select
                          a.followed_id
                        from
                          (
                            select
                              f.followed_id,
                              f.author_bound
                            from
                              follows f
                            where
                              f.follower_id = s.user_id
                              and (
                                s.block_count = 0
                                or (
                                  not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = s.user_id
                                      and bk.blocked_id = f.followed_id
                                  )
                                  and not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = f.followed_id
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
                                    and mu.muted_id = f.followed_id
                                )
                              )
                          ) a
                        where
                          a.author_bound > (
                            select
                              at
                            from
                              floor
                          )
                          and (
                            select
                              yes
                            from
                              crowded
                          )
                          and (
                            select
                              count(*)
                            from
                              walked
                          ) < $3
                      ),
                      heads as materialized (
                        select
                          r.followed_id as author_id,
                          k.id,
                          k.created_at
                        from
                          ranked r
                          cross join lateral (
                            select
                              x.id,
                              x.created_at
                            from
                              posts x
                            where
                              x.author_id = r.followed_id
                            order by
                              x.created_at desc,
                              x.id desc
                            limit
                              1
                          ) k
                        order by
                          k.created_at desc,
                          k.id desc
                        limit
                          $3
                      ),
                      newest as (
                        select
                          *
                        from
                          walked
                        where
                          (
                            select
                              count(*)
                            from
                              walked
                          ) >= $3
                        union all
                        (
                          select
                            k.id,
                            k.created_at
                          from
                            heads hd
                            cross join lateral (
                              select
                                x.id,
                                x.created_at
                              from
                                posts x
                              where
                                x.author_id = hd.author_id
                              order by
                                x.created_at desc,
                                x.id desc
                              limit
                                $3
                            ) k
                          order by
                            k.created_at desc,
                            k.id desc
                          limit
                            $3
                        )
                      )
                    select
                      fp.*
                    from
                      newest
                      join posts fp on fp.id = newest.id
                    order by
                      newest.created_at desc,
                      newest.id desc
                    limit
                      $3
                  ) p
              ) a
            offset
              0
          ) x
      ) t
    where
      t.upto <= 15999999
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

-- posts_limit
select
  case
    when s.block_count = 0
    and s.mute_count = 0 then (
      select
        '[' || coalesce(string_agg(t.j, ','), '') || ']'
      from
        (
          select
            x.j,
            sum(octet_length(x.j) + 1) over (rows unbounded preceding) as upto
          from
            (
              select
                row_to_json(a)::text as j
              from
                (
                  select
                    p.id,
                    p.title,
                    p.content,
                    to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                    (
                      select
                        row_to_json(o)
                      from
                        (
                          select
                            p_a.id,
                            p_a.first_name as "firstName",
                            p_a.last_name as "lastName",
                            p_a.avatar_url as "avatarUrl",
                            p_a.handle
                          from
                            users p_a
                          where
                            p_a.id = p.author_id
                        ) o
                    ) as "createdBy",
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_lu.id,
                              p_lu.first_name as "firstName",
                              p_lu.last_name as "lastName",
                              p_lu.avatar_url as "avatarUrl",
                              p_lu.handle
                            from
                              (
                                select
                                  l.user_id
                                from
                                  post_likes l
                                where
                                  l.post_id = p.id
                                  and true
                                order by
                                  l.user_id
                                limit
                                  20
                              ) p_lu_i
                              join users p_lu on p_lu.id = p_lu_i.user_id
                            order by
                              p_lu_i.user_id
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as "likedBy",
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_c.id,
                              p_c.content,
                              to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                              (
                                select
                                  row_to_json(o)
                                from
                                  (
                                    select
                                      p_c_a.id,
                                      p_c_a.first_name as "firstName",
                                      p_c_a.last_name as "lastName",
                                      p_c_a.avatar_url as "avatarUrl",
                                      p_c_a.handle
                                    from
                                      users p_c_a
                                    where
                                      p_c_a.id = p_c.author_id
                                  ) o
                              ) as "createdBy",
                              coalesce(
                                (
                                  select
                                    array_to_json(array_agg(a))
                                  from
                                    (
                                      select
                                        p_c_lu.id,
                                        p_c_lu.first_name as "firstName",
                                        p_c_lu.last_name as "lastName",
                                        p_c_lu.avatar_url as "avatarUrl",
                                        p_c_lu.handle
                                      from
                                        (
                                          select
                                            l.user_id
                                          from
                                            comment_likes l
                                          where
                                            l.comment_id = p_c.id
                                            and true
                                          order by
                                            l.user_id
                                          limit
                                            20
                                        ) p_c_lu_i
                                        join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                      order by
                                        p_c_lu_i.user_id
                                      limit
                                        20
                                    ) a
                                ),
                                '[]'::json
                              ) as "likedBy",
                              (
                                coalesce(
                                  (
                                    select
                                      p_c_s.like_count
                                    from
                                      comment_stats p_c_s
                                    where
                                      p_c_s.comment_id = p_c.id
                                  ),
                                  0
                                ) - 0
                              )::int as "likeCount",
                              exists (
                                select
                                from
                                  comment_likes p_c_m
                                where
                                  p_c_m.comment_id = p_c.id
                                  and p_c_m.user_id = s.user_id
                              ) as "likedByMe",
                              coalesce(
                                (
                                  select
                                    array_to_json(array_agg(a))
                                  from
                                    (
                                      select
                                        p_c_me_mu.id,
                                        p_c_me_mu.first_name as "firstName",
                                        p_c_me_mu.last_name as "lastName",
                                        p_c_me_mu.avatar_url as "avatarUrl",
                                        p_c_me_mu.handle
                                      from
                                        comment_mentions p_c_me_m
                                        join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                      where
                                        p_c_me_m.comment_id = p_c.id
                                        and p_c_me_m.shown
                                        and true
                                      order by
                                        p_c_me_m.user_id
                                      limit
                                        20
                                    ) a
                                ),
                                '[]'::json
                              ) as mentions
                            from
                              comments p_c
                            where
                              p_c.post_id = p.id
                              and true
                            order by
                              p_c.created_at desc,
                              p_c.id desc
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as comments,
                    (
                      coalesce(
                        (
                          select
                            p_s.like_count
                          from
                            post_stats p_s
                          where
                            p_s.post_id = p.id
                        ),
                        0
                      ) - 0
                    )::int as "likeCount",
                    (
                      coalesce(
                        (
                          select
                            p_s.comment_count
                          from
                            post_stats p_s
                          where
                            p_s.post_id = p.id
                        ),
                        0
                      ) - 0
                    )::int as "commentCount",
                    exists (
                      select
                      from
                        post_likes p_m
                      where
                        p_m.post_id = p.id
                        and p_m.user_id = s.user_id
                    ) as "likedByMe",
                    coalesce(p.media::json, '[]'::json) as media,
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_me_mu.id,
                              p_me_mu.first_name as "firstName",
                              p_me_mu.last_name as "lastName",
                              p_me_mu.avatar_url as "avatarUrl",
                              p_me_mu.handle
                            from
                              post_mentions p_me_m
                              join users p_me_mu on p_me_mu.id = p_me_m.user_id
                            where
                              p_me_m.post_id = p.id
                              and p_me_m.shown
                              and true
                            order by
                              p_me_m.user_id
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as mentions
                  from
                    (
                      select
                        *
                      from
                        (
                          select
                            *
                          from
                            posts
                          where
                            true
                          order by
                            created_at desc,
                            id desc
                          limit
                            100
                        ) k
                      order by
                        created_at desc,
                        id desc
                      limit
                        $3
                    ) p
                ) a
              offset
                0
            ) x
        ) t
      where
        t.upto <= 15999999
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

-- posts_limit_guarded
select
  (
    select
      '[' || coalesce(string_agg(t.j, ','), '') || ']'
    from
      (
        select
          x.j,
          sum(octet_length(x.j) + 1) over (rows unbounded preceding) as upto
        from
          (
            select
              row_to_json(a)::text as j
            from
              (
                select
                  p.id,
                  p.title,
                  p.content,
                  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                  (
                    select
                      row_to_json(o)
                    from
                      (
                        select
                          p_a.id,
                          p_a.first_name as "firstName",
                          p_a.last_name as "lastName",
                          p_a.avatar_url as "avatarUrl",
                          p_a.handle
                        from
                          users p_a
                        where
                          p_a.id = p.author_id
                      ) o
                  ) as "createdBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_lu.id,
                            p_lu.first_name as "firstName",
                            p_lu.last_name as "lastName",
                            p_lu.avatar_url as "avatarUrl",
                            p_lu.handle
                          from
                            (
                              select
                                l.user_id
                              from
                                post_likes l
                              where
                                l.post_id = p.id
                                and (
                                  s.block_count = 0
                                  or (
                                    not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = s.user_id
                                        and bk.blocked_id = l.user_id
                                    )
                                    and not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = l.user_id
                                        and bk.blocked_id = s.user_id
                                    )
                                  )
                                )
                              order by
                                l.user_id
                              limit
                                20
                            ) p_lu_i
                            join users p_lu on p_lu.id = p_lu_i.user_id
                          order by
                            p_lu_i.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as "likedBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_c.id,
                            p_c.content,
                            to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                            (
                              select
                                row_to_json(o)
                              from
                                (
                                  select
                                    p_c_a.id,
                                    p_c_a.first_name as "firstName",
                                    p_c_a.last_name as "lastName",
                                    p_c_a.avatar_url as "avatarUrl",
                                    p_c_a.handle
                                  from
                                    users p_c_a
                                  where
                                    p_c_a.id = p_c.author_id
                                ) o
                            ) as "createdBy",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_lu.id,
                                      p_c_lu.first_name as "firstName",
                                      p_c_lu.last_name as "lastName",
                                      p_c_lu.avatar_url as "avatarUrl",
                                      p_c_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          comment_likes l
                                        where
                                          l.comment_id = p_c.id
                                          and (
                                            s.block_count = 0
                                            or (
                                              not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = s.user_id
                                                  and bk.blocked_id = l.user_id
                                              )
                                              and not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = l.user_id
                                                  and bk.blocked_id = s.user_id
                                              )
                                            )
                                          )
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) p_c_lu_i
                                      join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                    order by
                                      p_c_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as "likedBy",
                            (
                              coalesce(
                                (
                                  select
                                    p_c_s.like_count
                                  from
                                    comment_stats p_c_s
                                  where
                                    p_c_s.comment_id = p_c.id
                                ),
                                0
                              ) - (
                                case
                                  when s.block_count = 0 then 0
                                  else (
                                    select
                                      count(*)
                                    from
                                      (
                                        select
                                          hb.blocked_id as u
                                        from
                                          blocks hb
                                        where
                                          hb.blocker_id = s.user_id
                                        union all
                                        select
                                          hb.blocker_id
                                        from
                                          blocks hb
                                        where
                                          hb.blocked_id = s.user_id
                                      ) hu
                                      cross join lateral (
                                        select
                                        from
                                          comment_likes hl
                                        where
                                          hl.comment_id = p_c.id
                                          and hl.user_id = hu.u
                                      ) hr
                                  )
                                end
                              )
                            )::int as "likeCount",
                            exists (
                              select
                              from
                                comment_likes p_c_m
                              where
                                p_c_m.comment_id = p_c.id
                                and p_c_m.user_id = s.user_id
                            ) as "likedByMe",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_me_mu.id,
                                      p_c_me_mu.first_name as "firstName",
                                      p_c_me_mu.last_name as "lastName",
                                      p_c_me_mu.avatar_url as "avatarUrl",
                                      p_c_me_mu.handle
                                    from
                                      comment_mentions p_c_me_m
                                      join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                    where
                                      p_c_me_m.comment_id = p_c.id
                                      and p_c_me_m.shown
                                      and (
                                        s.block_count = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = s.user_id
                                              and bk.blocked_id = p_c_me_m.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = p_c_me_m.user_id
                                              and bk.blocked_id = s.user_id
                                          )
                                        )
                                      )
                                    order by
                                      p_c_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as mentions
                          from
                            comments p_c
                          where
                            p_c.post_id = p.id
                            and (
                              s.block_count = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = s.user_id
                                    and bk.blocked_id = p_c.author_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_c.author_id
                                    and bk.blocked_id = s.user_id
                                )
                              )
                            )
                          order by
                            p_c.created_at desc,
                            p_c.id desc
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as comments,
                  (
                    coalesce(
                      (
                        select
                          p_s.like_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when s.block_count = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = s.user_id
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = s.user_id
                            ) hu
                            cross join lateral (
                              select
                              from
                                post_likes hl
                              where
                                hl.post_id = p.id
                                and hl.user_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "likeCount",
                  (
                    coalesce(
                      (
                        select
                          p_s.comment_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when s.block_count = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = s.user_id
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = s.user_id
                            ) hu
                            cross join lateral (
                              select
                              from
                                comments hc
                              where
                                hc.post_id = p.id
                                and hc.author_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "commentCount",
                  exists (
                    select
                    from
                      post_likes p_m
                    where
                      p_m.post_id = p.id
                      and p_m.user_id = s.user_id
                  ) as "likedByMe",
                  coalesce(p.media::json, '[]'::json) as media,
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_me_mu.id,
                            p_me_mu.first_name as "firstName",
                            p_me_mu.last_name as "lastName",
                            p_me_mu.avatar_url as "avatarUrl",
                            p_me_mu.handle
                          from
                            post_mentions p_me_m
                            join users p_me_mu on p_me_mu.id = p_me_m.user_id
                          where
                            p_me_m.post_id = p.id
                            and p_me_m.shown
                            and (
                              s.block_count = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = s.user_id
                                    and bk.blocked_id = p_me_m.user_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_me_m.user_id
                                    and bk.blocked_id = s.user_id
                                )
                              )
                            )
                          order by
                            p_me_m.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as mentions
                from
                  (
                    select
                      *
                    from
                      (
                        select
                          *
                        from
                          posts
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
                                  and bk.blocked_id = posts.author_id
                              )
                              and not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = posts.author_id
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
                                and mu.muted_id = posts.author_id
                            )
                          )
                        order by
                          created_at desc,
                          id desc
                        limit
                          100
                      ) k
                    order by
                      created_at desc,
                      id desc
                    limit
                      $3
                  ) p
              ) a
            offset
              0
          ) x
      ) t
    where
      t.upto <= 15999999
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

-- shared_answer_viewer_states
with
  shared as materialized (
    select
      (
        select
          count(*)
        from
          posts r
          left join post_stats rs on rs.post_id = r.id
        where
          r.id = any (
            (
              select
                $5::int[]
            )::int[]
          )
          and feedline_visible_in (r.xmin, $4::pg_snapshot)
          and (
            rs.xmin is null
            or feedline_visible_in (rs.xmin, $4::pg_snapshot)
          )
      ) = cardinality(
        (
          select
            $5::int[]
        )::int[]
      )
      and (
        select
          count(*)
        from
          comments r
          left join comment_stats rs on rs.comment_id = r.id
        where
          r.id = any (
            (
              select
                $6::int[]
            )::int[]
          )
          and feedline_visible_in (r.xmin, $4::pg_snapshot)
          and (
            rs.xmin is null
            or feedline_visible_in (rs.xmin, $4::pg_snapshot)
          )
      ) = cardinality(
        (
          select
            $6::int[]
        )::int[]
      )
      and (
        select
          count(*)
        from
          users r
          left join user_stats rs on rs.user_id = r.id
        where
          r.id = any (
            (
              select
                $3::int[]
            )::int[]
          )
          and feedline_visible_in (r.xmin, $4::pg_snapshot)
          and (
            rs.xmin is null
            or feedline_visible_in (rs.xmin, $4::pg_snapshot)
          )
      ) = cardinality(
        (
          select
            $3::int[]
        )::int[]
      ) as current
  )
select
  b.i::int,
  not (
    s.block_count = 0
    and s.mute_count = 0
  ),
  shared.current
  and feedline_visible_in (u.xmin, $4::pg_snapshot),
  array(
    select
      l.post_id
    from
      post_likes l
    where
      l.user_id = b.user_id
      and l.post_id = any (
        (
          select
            $5::int[]
        )::int[]
      )
  ),
  array(
    select
      l.comment_id
    from
      comment_likes l
    where
      l.user_id = b.user_id
      and l.comment_id = any (
        (
          select
            $6::int[]
        )::int[]
      )
  )
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
  cross join shared
  join sessions s on s.jti = b.jti
  and s.user_id = b.user_id
  and s.revoked_at is null
  and s.expires_at > now()
  join users u on u.id = b.user_id;

-- selectPostList: all posts, a page
select
  json
from
  (
    select
      t.json,
      sum(octet_length(t.json) + 1) over (rows unbounded preceding) as upto,
      row_number() over () as nth
    from
      (
        select
          (
            select
              row_to_json(o)
            from
              (
                select
                  p.id,
                  p.title,
                  p.content,
                  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                  (
                    select
                      row_to_json(o)
                    from
                      (
                        select
                          p_a.id,
                          p_a.first_name as "firstName",
                          p_a.last_name as "lastName",
                          p_a.avatar_url as "avatarUrl",
                          p_a.handle
                        from
                          users p_a
                        where
                          p_a.id = p.author_id
                      ) o
                  ) as "createdBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_lu.id,
                            p_lu.first_name as "firstName",
                            p_lu.last_name as "lastName",
                            p_lu.avatar_url as "avatarUrl",
                            p_lu.handle
                          from
                            (
                              select
                                l.user_id
                              from
                                post_likes l
                              where
                                l.post_id = p.id
                                and (
                                  (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0
                                  or (
                                    not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = $1
                                        and bk.blocked_id = l.user_id
                                    )
                                    and not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = l.user_id
                                        and bk.blocked_id = $1
                                    )
                                  )
                                )
                              order by
                                l.user_id
                              limit
                                20
                            ) p_lu_i
                            join users p_lu on p_lu.id = p_lu_i.user_id
                          order by
                            p_lu_i.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as "likedBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_c.id,
                            p_c.content,
                            to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                            (
                              select
                                row_to_json(o)
                              from
                                (
                                  select
                                    p_c_a.id,
                                    p_c_a.first_name as "firstName",
                                    p_c_a.last_name as "lastName",
                                    p_c_a.avatar_url as "avatarUrl",
                                    p_c_a.handle
                                  from
                                    users p_c_a
                                  where
                                    p_c_a.id = p_c.author_id
                                ) o
                            ) as "createdBy",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_lu.id,
                                      p_c_lu.first_name as "firstName",
                                      p_c_lu.last_name as "lastName",
                                      p_c_lu.avatar_url as "avatarUrl",
                                      p_c_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          comment_likes l
                                        where
                                          l.comment_id = p_c.id
                                          and (
                                            (
                                              select
                                                vb.block_count
                                              from
                                                users vb
                                              where
                                                vb.id = $1
                                            ) = 0
                                            or (
                                              not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = $1
                                                  and bk.blocked_id = l.user_id
                                              )
                                              and not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = l.user_id
                                                  and bk.blocked_id = $1
                                              )
                                            )
                                          )
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) p_c_lu_i
                                      join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                    order by
                                      p_c_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as "likedBy",
                            (
                              coalesce(
                                (
                                  select
                                    p_c_s.like_count
                                  from
                                    comment_stats p_c_s
                                  where
                                    p_c_s.comment_id = p_c.id
                                ),
                                0
                              ) - (
                                case
                                  when (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0 then 0
                                  else (
                                    select
                                      count(*)
                                    from
                                      (
                                        select
                                          hb.blocked_id as u
                                        from
                                          blocks hb
                                        where
                                          hb.blocker_id = $1
                                        union all
                                        select
                                          hb.blocker_id
                                        from
                                          blocks hb
                                        where
                                          hb.blocked_id = $1
                                      ) hu
                                      cross join lateral (
                                        select
                                        from
                                          comment_likes hl
                                        where
                                          hl.comment_id = p_c.id
                                          and hl.user_id = hu.u
                                      ) hr
                                  )
                                end
                              )
                            )::int as "likeCount",
                            exists (
                              select
                              from
                                comment_likes p_c_m
                              where
                                p_c_m.comment_id = p_c.id
                                and p_c_m.user_id = $1
                            ) as "likedByMe",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_me_mu.id,
                                      p_c_me_mu.first_name as "firstName",
                                      p_c_me_mu.last_name as "lastName",
                                      p_c_me_mu.avatar_url as "avatarUrl",
                                      p_c_me_mu.handle
                                    from
                                      comment_mentions p_c_me_m
                                      join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                    where
                                      p_c_me_m.comment_id = p_c.id
                                      and p_c_me_m.shown
                                      and (
                                        (
                                          select
                                            vb.block_count
                                          from
                                            users vb
                                          where
                                            vb.id = $1
                                        ) = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = $1
                                              and bk.blocked_id = p_c_me_m.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = p_c_me_m.user_id
                                              and bk.blocked_id = $1
                                          )
                                        )
                                      )
                                    order by
                                      p_c_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as mentions
                          from
                            comments p_c
                          where
                            p_c.post_id = p.id
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_c.author_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_c.author_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_c.created_at desc,
                            p_c.id desc
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as comments,
                  (
                    coalesce(
                      (
                        select
                          p_s.like_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                post_likes hl
                              where
                                hl.post_id = p.id
                                and hl.user_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "likeCount",
                  (
                    coalesce(
                      (
                        select
                          p_s.comment_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                comments hc
                              where
                                hc.post_id = p.id
                                and hc.author_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "commentCount",
                  exists (
                    select
                    from
                      post_likes p_m
                    where
                      p_m.post_id = p.id
                      and p_m.user_id = $1
                  ) as "likedByMe",
                  coalesce(p.media::json, '[]'::json) as media,
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_me_mu.id,
                            p_me_mu.first_name as "firstName",
                            p_me_mu.last_name as "lastName",
                            p_me_mu.avatar_url as "avatarUrl",
                            p_me_mu.handle
                          from
                            post_mentions p_me_m
                            join users p_me_mu on p_me_mu.id = p_me_m.user_id
                          where
                            p_me_m.post_id = p.id
                            and p_me_m.shown
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_me_m.user_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_me_m.user_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_me_m.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as mentions
              ) o
          )::text as json
        from
          posts p
        where
          (
            (
              select
                vb.block_count
              from
                users vb
              where
                vb.id = $1
            ) = 0
            or (
              not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = $1
                  and bk.blocked_id = p.author_id
              )
              and not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = p.author_id
                  and bk.blocked_id = $1
              )
            )
          )
          and (
            (
              select
                vm.mute_count
              from
                users vm
              where
                vm.id = $1
            ) = 0
            or not exists (
              select
              from
                mutes mu
              where
                mu.muter_id = $1
                and mu.muted_id = p.author_id
            )
          )
        order by
          p.created_at desc,
          p.id desc
        limit
          $2
        offset
          0
      ) t
  ) b
where
  b.upto <= 15999999
order by
  b.nth;

-- selectPostList: all posts, a page after a cursor
select
  json
from
  (
    select
      t.json,
      sum(octet_length(t.json) + 1) over (rows unbounded preceding) as upto,
      row_number() over () as nth
    from
      (
        select
          (
            select
              row_to_json(o)
            from
              (
                select
                  p.id,
                  p.title,
                  p.content,
                  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                  (
                    select
                      row_to_json(o)
                    from
                      (
                        select
                          p_a.id,
                          p_a.first_name as "firstName",
                          p_a.last_name as "lastName",
                          p_a.avatar_url as "avatarUrl",
                          p_a.handle
                        from
                          users p_a
                        where
                          p_a.id = p.author_id
                      ) o
                  ) as "createdBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_lu.id,
                            p_lu.first_name as "firstName",
                            p_lu.last_name as "lastName",
                            p_lu.avatar_url as "avatarUrl",
                            p_lu.handle
                          from
                            (
                              select
                                l.user_id
                              from
                                post_likes l
                              where
                                l.post_id = p.id
                                and (
                                  (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0
                                  or (
                                    not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = $1
                                        and bk.blocked_id = l.user_id
                                    )
                                    and not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = l.user_id
                                        and bk.blocked_id = $1
                                    )
                                  )
                                )
                              order by
                                l.user_id
                              limit
                                20
                            ) p_lu_i
                            join users p_lu on p_lu.id = p_lu_i.user_id
                          order by
                            p_lu_i.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as "likedBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_c.id,
                            p_c.content,
                            to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                            (
                              select
                                row_to_json(o)
                              from
                                (
                                  select
                                    p_c_a.id,
                                    p_c_a.first_name as "firstName",
                                    p_c_a.last_name as "lastName",
                                    p_c_a.avatar_url as "avatarUrl",
                                    p_c_a.handle
                                  from
                                    users p_c_a
                                  where
                                    p_c_a.id = p_c.author_id
                                ) o
                            ) as "createdBy",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_lu.id,
                                      p_c_lu.first_name as "firstName",
                                      p_c_lu.last_name as "lastName",
                                      p_c_lu.avatar_url as "avatarUrl",
                                      p_c_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          comment_likes l
                                        where
                                          l.comment_id = p_c.id
                                          and (
                                            (
                                              select
                                                vb.block_count
                                              from
                                                users vb
                                              where
                                                vb.id = $1
                                            ) = 0
                                            or (
                                              not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = $1
                                                  and bk.blocked_id = l.user_id
                                              )
                                              and not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = l.user_id
                                                  and bk.blocked_id = $1
                                              )
                                            )
                                          )
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) p_c_lu_i
                                      join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                    order by
                                      p_c_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as "likedBy",
                            (
                              coalesce(
                                (
                                  select
                                    p_c_s.like_count
                                  from
                                    comment_stats p_c_s
                                  where
                                    p_c_s.comment_id = p_c.id
                                ),
                                0
                              ) - (
                                case
                                  when (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0 then 0
                                  else (
                                    select
                                      count(*)
                                    from
                                      (
                                        select
                                          hb.blocked_id as u
                                        from
                                          blocks hb
                                        where
                                          hb.blocker_id = $1
                                        union all
                                        select
                                          hb.blocker_id
                                        from
                                          blocks hb
                                        where
                                          hb.blocked_id = $1
                                      ) hu
                                      cross join lateral (
                                        select
                                        from
                                          comment_likes hl
                                        where
                                          hl.comment_id = p_c.id
                                          and hl.user_id = hu.u
                                      ) hr
                                  )
                                end
                              )
                            )::int as "likeCount",
                            exists (
                              select
                              from
                                comment_likes p_c_m
                              where
                                p_c_m.comment_id = p_c.id
                                and p_c_m.user_id = $1
                            ) as "likedByMe",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_me_mu.id,
                                      p_c_me_mu.first_name as "firstName",
                                      p_c_me_mu.last_name as "lastName",
                                      p_c_me_mu.avatar_url as "avatarUrl",
                                      p_c_me_mu.handle
                                    from
                                      comment_mentions p_c_me_m
                                      join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                    where
                                      p_c_me_m.comment_id = p_c.id
                                      and p_c_me_m.shown
                                      and (
                                        (
                                          select
                                            vb.block_count
                                          from
                                            users vb
                                          where
                                            vb.id = $1
                                        ) = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = $1
                                              and bk.blocked_id = p_c_me_m.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = p_c_me_m.user_id
                                              and bk.blocked_id = $1
                                          )
                                        )
                                      )
                                    order by
                                      p_c_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as mentions
                          from
                            comments p_c
                          where
                            p_c.post_id = p.id
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_c.author_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_c.author_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_c.created_at desc,
                            p_c.id desc
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as comments,
                  (
                    coalesce(
                      (
                        select
                          p_s.like_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                post_likes hl
                              where
                                hl.post_id = p.id
                                and hl.user_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "likeCount",
                  (
                    coalesce(
                      (
                        select
                          p_s.comment_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                comments hc
                              where
                                hc.post_id = p.id
                                and hc.author_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "commentCount",
                  exists (
                    select
                    from
                      post_likes p_m
                    where
                      p_m.post_id = p.id
                      and p_m.user_id = $1
                  ) as "likedByMe",
                  coalesce(p.media::json, '[]'::json) as media,
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_me_mu.id,
                            p_me_mu.first_name as "firstName",
                            p_me_mu.last_name as "lastName",
                            p_me_mu.avatar_url as "avatarUrl",
                            p_me_mu.handle
                          from
                            post_mentions p_me_m
                            join users p_me_mu on p_me_mu.id = p_me_m.user_id
                          where
                            p_me_m.post_id = p.id
                            and p_me_m.shown
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_me_m.user_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_me_m.user_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_me_m.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as mentions
              ) o
          )::text as json
        from
          posts p
        where
          (
            (
              select
                vb.block_count
              from
                users vb
              where
                vb.id = $1
            ) = 0
            or (
              not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = $1
                  and bk.blocked_id = p.author_id
              )
              and not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = p.author_id
                  and bk.blocked_id = $1
              )
            )
          )
          and (
            (
              select
                vm.mute_count
              from
                users vm
              where
                vm.id = $1
            ) = 0
            or not exists (
              select
              from
                mutes mu
              where
                mu.muter_id = $1
                and mu.muted_id = p.author_id
            )
          )
          and (p.created_at, p.id) < (
            select
              b.created_at,
              b.id
            from
              posts b
            where
              b.id = $2
              and (
                (
                  select
                    vb.block_count
                  from
                    users vb
                  where
                    vb.id = $1
                ) = 0
                or (
                  not exists (
                    select
                    from
                      blocks bk
                    where
                      bk.blocker_id = $1
                      and bk.blocked_id = b.author_id
                  )
                  and not exists (
                    select
                    from
                      blocks bk
                    where
                      bk.blocker_id = b.author_id
                      and bk.blocked_id = $1
                  )
                )
              )
          )
        order by
          p.created_at desc,
          p.id desc
        limit
          $3
        offset
          0
      ) t
  ) b
where
  b.upto <= 15999999
order by
  b.nth;

-- selectPostList: all posts, unpaged (a stream)
select
  (
    select
      row_to_json(o)
    from
      (
        select
          p.id,
          p.title,
          p.content,
          to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
          (
            select
              row_to_json(o)
            from
              (
                select
                  p_a.id,
                  p_a.first_name as "firstName",
                  p_a.last_name as "lastName",
                  p_a.avatar_url as "avatarUrl",
                  p_a.handle
                from
                  users p_a
                where
                  p_a.id = p.author_id
              ) o
          ) as "createdBy",
          coalesce(
            (
              select
                array_to_json(array_agg(a))
              from
                (
                  select
                    p_lu.id,
                    p_lu.first_name as "firstName",
                    p_lu.last_name as "lastName",
                    p_lu.avatar_url as "avatarUrl",
                    p_lu.handle
                  from
                    (
                      select
                        l.user_id
                      from
                        post_likes l
                      where
                        l.post_id = p.id
                        and (
                          (
                            select
                              vb.block_count
                            from
                              users vb
                            where
                              vb.id = $1
                          ) = 0
                          or (
                            not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = $1
                                and bk.blocked_id = l.user_id
                            )
                            and not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = l.user_id
                                and bk.blocked_id = $1
                            )
                          )
                        )
                      order by
                        l.user_id
                      limit
                        20
                    ) p_lu_i
                    join users p_lu on p_lu.id = p_lu_i.user_id
                  order by
                    p_lu_i.user_id
                  limit
                    20
                ) a
            ),
            '[]'::json
          ) as "likedBy",
          coalesce(
            (
              select
                array_to_json(array_agg(a))
              from
                (
                  select
                    p_c.id,
                    p_c.content,
                    to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                    (
                      select
                        row_to_json(o)
                      from
                        (
                          select
                            p_c_a.id,
                            p_c_a.first_name as "firstName",
                            p_c_a.last_name as "lastName",
                            p_c_a.avatar_url as "avatarUrl",
                            p_c_a.handle
                          from
                            users p_c_a
                          where
                            p_c_a.id = p_c.author_id
                        ) o
                    ) as "createdBy",
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_c_lu.id,
                              p_c_lu.first_name as "firstName",
                              p_c_lu.last_name as "lastName",
                              p_c_lu.avatar_url as "avatarUrl",
                              p_c_lu.handle
                            from
                              (
                                select
                                  l.user_id
                                from
                                  comment_likes l
                                where
                                  l.comment_id = p_c.id
                                  and (
                                    (
                                      select
                                        vb.block_count
                                      from
                                        users vb
                                      where
                                        vb.id = $1
                                    ) = 0
                                    or (
                                      not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = $1
                                          and bk.blocked_id = l.user_id
                                      )
                                      and not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = l.user_id
                                          and bk.blocked_id = $1
                                      )
                                    )
                                  )
                                order by
                                  l.user_id
                                limit
                                  20
                              ) p_c_lu_i
                              join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                            order by
                              p_c_lu_i.user_id
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as "likedBy",
                    (
                      coalesce(
                        (
                          select
                            p_c_s.like_count
                          from
                            comment_stats p_c_s
                          where
                            p_c_s.comment_id = p_c.id
                        ),
                        0
                      ) - (
                        case
                          when (
                            select
                              vb.block_count
                            from
                              users vb
                            where
                              vb.id = $1
                          ) = 0 then 0
                          else (
                            select
                              count(*)
                            from
                              (
                                select
                                  hb.blocked_id as u
                                from
                                  blocks hb
                                where
                                  hb.blocker_id = $1
                                union all
                                select
                                  hb.blocker_id
                                from
                                  blocks hb
                                where
                                  hb.blocked_id = $1
                              ) hu
                              cross join lateral (
                                select
                                from
                                  comment_likes hl
                                where
                                  hl.comment_id = p_c.id
                                  and hl.user_id = hu.u
                              ) hr
                          )
                        end
                      )
                    )::int as "likeCount",
                    exists (
                      select
                      from
                        comment_likes p_c_m
                      where
                        p_c_m.comment_id = p_c.id
                        and p_c_m.user_id = $1
                    ) as "likedByMe",
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_c_me_mu.id,
                              p_c_me_mu.first_name as "firstName",
                              p_c_me_mu.last_name as "lastName",
                              p_c_me_mu.avatar_url as "avatarUrl",
                              p_c_me_mu.handle
                            from
                              comment_mentions p_c_me_m
                              join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                            where
                              p_c_me_m.comment_id = p_c.id
                              and p_c_me_m.shown
                              and (
                                (
                                  select
                                    vb.block_count
                                  from
                                    users vb
                                  where
                                    vb.id = $1
                                ) = 0
                                or (
                                  not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = $1
                                      and bk.blocked_id = p_c_me_m.user_id
                                  )
                                  and not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = p_c_me_m.user_id
                                      and bk.blocked_id = $1
                                  )
                                )
                              )
                            order by
                              p_c_me_m.user_id
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as mentions
                  from
                    comments p_c
                  where
                    p_c.post_id = p.id
                    and (
                      (
                        select
                          vb.block_count
                        from
                          users vb
                        where
                          vb.id = $1
                      ) = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = $1
                            and bk.blocked_id = p_c.author_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = p_c.author_id
                            and bk.blocked_id = $1
                        )
                      )
                    )
                  order by
                    p_c.created_at desc,
                    p_c.id desc
                  limit
                    20
                ) a
            ),
            '[]'::json
          ) as comments,
          (
            coalesce(
              (
                select
                  p_s.like_count
                from
                  post_stats p_s
                where
                  p_s.post_id = p.id
              ),
              0
            ) - (
              case
                when (
                  select
                    vb.block_count
                  from
                    users vb
                  where
                    vb.id = $1
                ) = 0 then 0
                else (
                  select
                    count(*)
                  from
                    (
                      select
                        hb.blocked_id as u
                      from
                        blocks hb
                      where
                        hb.blocker_id = $1
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = $1
                    ) hu
                    cross join lateral (
                      select
                      from
                        post_likes hl
                      where
                        hl.post_id = p.id
                        and hl.user_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "likeCount",
          (
            coalesce(
              (
                select
                  p_s.comment_count
                from
                  post_stats p_s
                where
                  p_s.post_id = p.id
              ),
              0
            ) - (
              case
                when (
                  select
                    vb.block_count
                  from
                    users vb
                  where
                    vb.id = $1
                ) = 0 then 0
                else (
                  select
                    count(*)
                  from
                    (
                      select
                        hb.blocked_id as u
                      from
                        blocks hb
                      where
                        hb.blocker_id = $1
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = $1
                    ) hu
                    cross join lateral (
                      select
                      from
                        comments hc
                      where
                        hc.post_id = p.id
                        and hc.author_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "commentCount",
          exists (
            select
            from
              post_likes p_m
            where
              p_m.post_id = p.id
              and p_m.user_id = $1
          ) as "likedByMe",
          coalesce(p.media::json, '[]'::json) as media,
          coalesce(
            (
              select
                array_to_json(array_agg(a))
              from
                (
                  select
                    p_me_mu.id,
                    p_me_mu.first_name as "firstName",
                    p_me_mu.last_name as "lastName",
                    p_me_mu.avatar_url as "avatarUrl",
                    p_me_mu.handle
                  from
                    post_mentions p_me_m
                    join users p_me_mu on p_me_mu.id = p_me_m.user_id
                  where
                    p_me_m.post_id = p.id
                    and p_me_m.shown
                    and (
                      (
                        select
                          vb.block_count
                        from
                          users vb
                        where
                          vb.id = $1
                      ) = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = $1
                            and bk.blocked_id = p_me_m.user_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = p_me_m.user_id
                            and bk.blocked_id = $1
                        )
                      )
                    )
                  order by
                    p_me_m.user_id
                  limit
                    20
                ) a
            ),
            '[]'::json
          ) as mentions
      ) o
  )::text as json
from
  posts p
where
  (
    (
      select
        vb.block_count
      from
        users vb
      where
        vb.id = $1
    ) = 0
    or (
      not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = $1
          and bk.blocked_id = p.author_id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = p.author_id
          and bk.blocked_id = $1
      )
    )
  )
  and (
    (
      select
        vm.mute_count
      from
        users vm
      where
        vm.id = $1
    ) = 0
    or not exists (
      select
      from
        mutes mu
      where
        mu.muter_id = $1
        and mu.muted_id = p.author_id
    )
  )
order by
  p.created_at desc,
  p.id desc;

-- selectPostList: all posts, whole up to a size
select
  json
from
  (
    select
      t.json,
      sum(octet_length(t.json) + 1) over (rows unbounded preceding) as upto,
      row_number() over () as nth
    from
      (
        select
          (
            select
              row_to_json(o)
            from
              (
                select
                  p.id,
                  p.title,
                  p.content,
                  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                  (
                    select
                      row_to_json(o)
                    from
                      (
                        select
                          p_a.id,
                          p_a.first_name as "firstName",
                          p_a.last_name as "lastName",
                          p_a.avatar_url as "avatarUrl",
                          p_a.handle
                        from
                          users p_a
                        where
                          p_a.id = p.author_id
                      ) o
                  ) as "createdBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_lu.id,
                            p_lu.first_name as "firstName",
                            p_lu.last_name as "lastName",
                            p_lu.avatar_url as "avatarUrl",
                            p_lu.handle
                          from
                            (
                              select
                                l.user_id
                              from
                                post_likes l
                              where
                                l.post_id = p.id
                                and (
                                  (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0
                                  or (
                                    not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = $1
                                        and bk.blocked_id = l.user_id
                                    )
                                    and not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = l.user_id
                                        and bk.blocked_id = $1
                                    )
                                  )
                                )
                              order by
                                l.user_id
                              limit
                                20
                            ) p_lu_i
                            join users p_lu on p_lu.id = p_lu_i.user_id
                          order by
                            p_lu_i.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as "likedBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_c.id,
                            p_c.content,
                            to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                            (
                              select
                                row_to_json(o)
                              from
                                (
                                  select
                                    p_c_a.id,
                                    p_c_a.first_name as "firstName",
                                    p_c_a.last_name as "lastName",
                                    p_c_a.avatar_url as "avatarUrl",
                                    p_c_a.handle
                                  from
                                    users p_c_a
                                  where
                                    p_c_a.id = p_c.author_id
                                ) o
                            ) as "createdBy",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_lu.id,
                                      p_c_lu.first_name as "firstName",
                                      p_c_lu.last_name as "lastName",
                                      p_c_lu.avatar_url as "avatarUrl",
                                      p_c_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          comment_likes l
                                        where
                                          l.comment_id = p_c.id
                                          and (
                                            (
                                              select
                                                vb.block_count
                                              from
                                                users vb
                                              where
                                                vb.id = $1
                                            ) = 0
                                            or (
                                              not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = $1
                                                  and bk.blocked_id = l.user_id
                                              )
                                              and not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = l.user_id
                                                  and bk.blocked_id = $1
                                              )
                                            )
                                          )
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) p_c_lu_i
                                      join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                    order by
                                      p_c_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as "likedBy",
                            (
                              coalesce(
                                (
                                  select
                                    p_c_s.like_count
                                  from
                                    comment_stats p_c_s
                                  where
                                    p_c_s.comment_id = p_c.id
                                ),
                                0
                              ) - (
                                case
                                  when (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0 then 0
                                  else (
                                    select
                                      count(*)
                                    from
                                      (
                                        select
                                          hb.blocked_id as u
                                        from
                                          blocks hb
                                        where
                                          hb.blocker_id = $1
                                        union all
                                        select
                                          hb.blocker_id
                                        from
                                          blocks hb
                                        where
                                          hb.blocked_id = $1
                                      ) hu
                                      cross join lateral (
                                        select
                                        from
                                          comment_likes hl
                                        where
                                          hl.comment_id = p_c.id
                                          and hl.user_id = hu.u
                                      ) hr
                                  )
                                end
                              )
                            )::int as "likeCount",
                            exists (
                              select
                              from
                                comment_likes p_c_m
                              where
                                p_c_m.comment_id = p_c.id
                                and p_c_m.user_id = $1
                            ) as "likedByMe",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_me_mu.id,
                                      p_c_me_mu.first_name as "firstName",
                                      p_c_me_mu.last_name as "lastName",
                                      p_c_me_mu.avatar_url as "avatarUrl",
                                      p_c_me_mu.handle
                                    from
                                      comment_mentions p_c_me_m
                                      join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                    where
                                      p_c_me_m.comment_id = p_c.id
                                      and p_c_me_m.shown
                                      and (
                                        (
                                          select
                                            vb.block_count
                                          from
                                            users vb
                                          where
                                            vb.id = $1
                                        ) = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = $1
                                              and bk.blocked_id = p_c_me_m.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = p_c_me_m.user_id
                                              and bk.blocked_id = $1
                                          )
                                        )
                                      )
                                    order by
                                      p_c_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as mentions
                          from
                            comments p_c
                          where
                            p_c.post_id = p.id
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_c.author_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_c.author_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_c.created_at desc,
                            p_c.id desc
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as comments,
                  (
                    coalesce(
                      (
                        select
                          p_s.like_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                post_likes hl
                              where
                                hl.post_id = p.id
                                and hl.user_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "likeCount",
                  (
                    coalesce(
                      (
                        select
                          p_s.comment_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                comments hc
                              where
                                hc.post_id = p.id
                                and hc.author_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "commentCount",
                  exists (
                    select
                    from
                      post_likes p_m
                    where
                      p_m.post_id = p.id
                      and p_m.user_id = $1
                  ) as "likedByMe",
                  coalesce(p.media::json, '[]'::json) as media,
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_me_mu.id,
                            p_me_mu.first_name as "firstName",
                            p_me_mu.last_name as "lastName",
                            p_me_mu.avatar_url as "avatarUrl",
                            p_me_mu.handle
                          from
                            post_mentions p_me_m
                            join users p_me_mu on p_me_mu.id = p_me_m.user_id
                          where
                            p_me_m.post_id = p.id
                            and p_me_m.shown
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_me_m.user_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_me_m.user_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_me_m.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as mentions
              ) o
          )::text as json
        from
          posts p
        where
          (
            (
              select
                vb.block_count
              from
                users vb
              where
                vb.id = $1
            ) = 0
            or (
              not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = $1
                  and bk.blocked_id = p.author_id
              )
              and not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = p.author_id
                  and bk.blocked_id = $1
              )
            )
          )
          and (
            (
              select
                vm.mute_count
              from
                users vm
              where
                vm.id = $1
            ) = 0
            or not exists (
              select
              from
                mutes mu
              where
                mu.muter_id = $1
                and mu.muted_id = p.author_id
            )
          )
        order by
          p.created_at desc,
          p.id desc
        offset
          0
      ) t
  ) b
where
  b.upto - octet_length(b.json) - 1 <= 999
order by
  b.nth;

-- selectPostList: one author's posts, a page after a cursor
select
  json
from
  (
    select
      t.json,
      sum(octet_length(t.json) + 1) over (rows unbounded preceding) as upto,
      row_number() over () as nth
    from
      (
        select
          (
            select
              row_to_json(o)
            from
              (
                select
                  p.id,
                  p.title,
                  p.content,
                  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                  (
                    select
                      row_to_json(o)
                    from
                      (
                        select
                          p_a.id,
                          p_a.first_name as "firstName",
                          p_a.last_name as "lastName",
                          p_a.avatar_url as "avatarUrl",
                          p_a.handle
                        from
                          users p_a
                        where
                          p_a.id = p.author_id
                      ) o
                  ) as "createdBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_lu.id,
                            p_lu.first_name as "firstName",
                            p_lu.last_name as "lastName",
                            p_lu.avatar_url as "avatarUrl",
                            p_lu.handle
                          from
                            (
                              select
                                l.user_id
                              from
                                post_likes l
                              where
                                l.post_id = p.id
                                and (
                                  (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0
                                  or (
                                    not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = $1
                                        and bk.blocked_id = l.user_id
                                    )
                                    and not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = l.user_id
                                        and bk.blocked_id = $1
                                    )
                                  )
                                )
                              order by
                                l.user_id
                              limit
                                20
                            ) p_lu_i
                            join users p_lu on p_lu.id = p_lu_i.user_id
                          order by
                            p_lu_i.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as "likedBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_c.id,
                            p_c.content,
                            to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                            (
                              select
                                row_to_json(o)
                              from
                                (
                                  select
                                    p_c_a.id,
                                    p_c_a.first_name as "firstName",
                                    p_c_a.last_name as "lastName",
                                    p_c_a.avatar_url as "avatarUrl",
                                    p_c_a.handle
                                  from
                                    users p_c_a
                                  where
                                    p_c_a.id = p_c.author_id
                                ) o
                            ) as "createdBy",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_lu.id,
                                      p_c_lu.first_name as "firstName",
                                      p_c_lu.last_name as "lastName",
                                      p_c_lu.avatar_url as "avatarUrl",
                                      p_c_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          comment_likes l
                                        where
                                          l.comment_id = p_c.id
                                          and (
                                            (
                                              select
                                                vb.block_count
                                              from
                                                users vb
                                              where
                                                vb.id = $1
                                            ) = 0
                                            or (
                                              not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = $1
                                                  and bk.blocked_id = l.user_id
                                              )
                                              and not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = l.user_id
                                                  and bk.blocked_id = $1
                                              )
                                            )
                                          )
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) p_c_lu_i
                                      join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                    order by
                                      p_c_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as "likedBy",
                            (
                              coalesce(
                                (
                                  select
                                    p_c_s.like_count
                                  from
                                    comment_stats p_c_s
                                  where
                                    p_c_s.comment_id = p_c.id
                                ),
                                0
                              ) - (
                                case
                                  when (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0 then 0
                                  else (
                                    select
                                      count(*)
                                    from
                                      (
                                        select
                                          hb.blocked_id as u
                                        from
                                          blocks hb
                                        where
                                          hb.blocker_id = $1
                                        union all
                                        select
                                          hb.blocker_id
                                        from
                                          blocks hb
                                        where
                                          hb.blocked_id = $1
                                      ) hu
                                      cross join lateral (
                                        select
                                        from
                                          comment_likes hl
                                        where
                                          hl.comment_id = p_c.id
                                          and hl.user_id = hu.u
                                      ) hr
                                  )
                                end
                              )
                            )::int as "likeCount",
                            exists (
                              select
                              from
                                comment_likes p_c_m
                              where
                                p_c_m.comment_id = p_c.id
                                and p_c_m.user_id = $1
                            ) as "likedByMe",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_me_mu.id,
                                      p_c_me_mu.first_name as "firstName",
                                      p_c_me_mu.last_name as "lastName",
                                      p_c_me_mu.avatar_url as "avatarUrl",
                                      p_c_me_mu.handle
                                    from
                                      comment_mentions p_c_me_m
                                      join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                    where
                                      p_c_me_m.comment_id = p_c.id
                                      and p_c_me_m.shown
                                      and (
                                        (
                                          select
                                            vb.block_count
                                          from
                                            users vb
                                          where
                                            vb.id = $1
                                        ) = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = $1
                                              and bk.blocked_id = p_c_me_m.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = p_c_me_m.user_id
                                              and bk.blocked_id = $1
                                          )
                                        )
                                      )
                                    order by
                                      p_c_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as mentions
                          from
                            comments p_c
                          where
                            p_c.post_id = p.id
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_c.author_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_c.author_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_c.created_at desc,
                            p_c.id desc
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as comments,
                  (
                    coalesce(
                      (
                        select
                          p_s.like_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                post_likes hl
                              where
                                hl.post_id = p.id
                                and hl.user_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "likeCount",
                  (
                    coalesce(
                      (
                        select
                          p_s.comment_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                comments hc
                              where
                                hc.post_id = p.id
                                and hc.author_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "commentCount",
                  exists (
                    select
                    from
                      post_likes p_m
                    where
                      p_m.post_id = p.id
                      and p_m.user_id = $1
                  ) as "likedByMe",
                  coalesce(p.media::json, '[]'::json) as media,
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_me_mu.id,
                            p_me_mu.first_name as "firstName",
                            p_me_mu.last_name as "lastName",
                            p_me_mu.avatar_url as "avatarUrl",
                            p_me_mu.handle
                          from
                            post_mentions p_me_m
                            join users p_me_mu on p_me_mu.id = p_me_m.user_id
                          where
                            p_me_m.post_id = p.id
                            and p_me_m.shown
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_me_m.user_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_me_m.user_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_me_m.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as mentions
              ) o
          )::text as json
        from
          posts p
        where
          p.author_id = $2
          and (
            (
              select
                vb.block_count
              from
                users vb
              where
                vb.id = $1
            ) = 0
            or (
              not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = $1
                  and bk.blocked_id = p.author_id
              )
              and not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = p.author_id
                  and bk.blocked_id = $1
              )
            )
          )
          and (p.created_at, p.id) < (
            select
              b.created_at,
              b.id
            from
              posts b
            where
              b.id = $3
              and (
                (
                  select
                    vb.block_count
                  from
                    users vb
                  where
                    vb.id = $1
                ) = 0
                or (
                  not exists (
                    select
                    from
                      blocks bk
                    where
                      bk.blocker_id = $1
                      and bk.blocked_id = b.author_id
                  )
                  and not exists (
                    select
                    from
                      blocks bk
                    where
                      bk.blocker_id = b.author_id
                      and bk.blocked_id = $1
                  )
                )
              )
          )
        order by
          p.created_at desc,
          p.id desc
        limit
          $4
        offset
          0
      ) t
  ) b
where
  b.upto <= 15999999
order by
  b.nth;

-- selectPostList: the feed, a page after a cursor
select
  json
from
  (
    select
      t.json,
      sum(octet_length(t.json) + 1) over (rows unbounded preceding) as upto,
      row_number() over () as nth
    from
      (
        select
          (
            select
              row_to_json(o)
            from
              (
                select
                  p.id,
                  p.title,
                  p.content,
                  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                  (
                    select
                      row_to_json(o)
                    from
                      (
                        select
                          p_a.id,
                          p_a.first_name as "firstName",
                          p_a.last_name as "lastName",
                          p_a.avatar_url as "avatarUrl",
                          p_a.handle
                        from
                          users p_a
                        where
                          p_a.id = p.author_id
                      ) o
                  ) as "createdBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_lu.id,
                            p_lu.first_name as "firstName",
                            p_lu.last_name as "lastName",
                            p_lu.avatar_url as "avatarUrl",
                            p_lu.handle
                          from
                            (
                              select
                                l.user_id
                              from
                                post_likes l
                              where
                                l.post_id = p.id
                                and (
                                  (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0
                                  or (
                                    not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = $1
                                        and bk.blocked_id = l.user_id
                                    )
                                    and not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = l.user_id
                                        and bk.blocked_id = $1
                                    )
                                  )
                                )
                              order by
                                l.user_id
                              limit
                                20
                            ) p_lu_i
                            join users p_lu on p_lu.id = p_lu_i.user_id
                          order by
                            p_lu_i.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as "likedBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_c.id,
                            p_c.content,
                            to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                            (
                              select
                                row_to_json(o)
                              from
                                (
                                  select
                                    p_c_a.id,
                                    p_c_a.first_name as "firstName",
                                    p_c_a.last_name as "lastName",
                                    p_c_a.avatar_url as "avatarUrl",
                                    p_c_a.handle
                                  from
                                    users p_c_a
                                  where
                                    p_c_a.id = p_c.author_id
                                ) o
                            ) as "createdBy",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_lu.id,
                                      p_c_lu.first_name as "firstName",
                                      p_c_lu.last_name as "lastName",
                                      p_c_lu.avatar_url as "avatarUrl",
                                      p_c_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          comment_likes l
                                        where
                                          l.comment_id = p_c.id
                                          and (
                                            (
                                              select
                                                vb.block_count
                                              from
                                                users vb
                                              where
                                                vb.id = $1
                                            ) = 0
                                            or (
                                              not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = $1
                                                  and bk.blocked_id = l.user_id
                                              )
                                              and not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = l.user_id
                                                  and bk.blocked_id = $1
                                              )
                                            )
                                          )
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) p_c_lu_i
                                      join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                    order by
                                      p_c_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as "likedBy",
                            (
                              coalesce(
                                (
                                  select
                                    p_c_s.like_count
                                  from
                                    comment_stats p_c_s
                                  where
                                    p_c_s.comment_id = p_c.id
                                ),
                                0
                              ) - (
                                case
                                  when (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0 then 0
                                  else (
                                    select
                                      count(*)
                                    from
                                      (
                                        select
                                          hb.blocked_id as u
                                        from
                                          blocks hb
                                        where
                                          hb.blocker_id = $1
                                        union all
                                        select
                                          hb.blocker_id
                                        from
                                          blocks hb
                                        where
                                          hb.blocked_id = $1
                                      ) hu
                                      cross join lateral (
                                        select
                                        from
                                          comment_likes hl
                                        where
                                          hl.comment_id = p_c.id
                                          and hl.user_id = hu.u
                                      ) hr
                                  )
                                end
                              )
                            )::int as "likeCount",
                            exists (
                              select
                              from
                                comment_likes p_c_m
                              where
                                p_c_m.comment_id = p_c.id
                                and p_c_m.user_id = $1
                            ) as "likedByMe",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_me_mu.id,
                                      p_c_me_mu.first_name as "firstName",
                                      p_c_me_mu.last_name as "lastName",
                                      p_c_me_mu.avatar_url as "avatarUrl",
                                      p_c_me_mu.handle
                                    from
                                      comment_mentions p_c_me_m
                                      join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                    where
                                      p_c_me_m.comment_id = p_c.id
                                      and p_c_me_m.shown
                                      and (
                                        (
                                          select
                                            vb.block_count
                                          from
                                            users vb
                                          where
                                            vb.id = $1
                                        ) = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = $1
                                              and bk.blocked_id = p_c_me_m.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = p_c_me_m.user_id
                                              and bk.blocked_id = $1
                                          )
                                        )
                                      )
                                    order by
                                      p_c_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as mentions
                          from
                            comments p_c
                          where
                            p_c.post_id = p.id
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_c.author_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_c.author_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_c.created_at desc,
                            p_c.id desc
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as comments,
                  (
                    coalesce(
                      (
                        select
                          p_s.like_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                post_likes hl
                              where
                                hl.post_id = p.id
                                and hl.user_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "likeCount",
                  (
                    coalesce(
                      (
                        select
                          p_s.comment_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                comments hc
                              where
                                hc.post_id = p.id
                                and hc.author_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "commentCount",
                  exists (
                    select
                    from
                      post_likes p_m
                    where
                      p_m.post_id = p.id
                      and p_m.user_id = $1
                  ) as "likedByMe",
                  coalesce(p.media::json, '[]'::json) as media,
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_me_mu.id,
                            p_me_mu.first_name as "firstName",
                            p_me_mu.last_name as "lastName",
                            p_me_mu.avatar_url as "avatarUrl",
                            p_me_mu.handle
                          from
                            post_mentions p_me_m
                            join users p_me_mu on p_me_mu.id = p_me_m.user_id
                          where
                            p_me_m.post_id = p.id
                            and p_me_m.shown
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_me_m.user_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_me_m.user_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_me_m.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as mentions
              ) o
          )::text as json
        from
          posts p
        where
          p.author_id = any (
            array(
              select
                f.followed_id
              from
                follows f
              where
                f.follower_id = $2
                and (
                  (
                    select
                      vb.block_count
                    from
                      users vb
                    where
                      vb.id = $1
                  ) = 0
                  or (
                    not exists (
                      select
                      from
                        blocks bk
                      where
                        bk.blocker_id = $1
                        and bk.blocked_id = f.followed_id
                    )
                    and not exists (
                      select
                      from
                        blocks bk
                      where
                        bk.blocker_id = f.followed_id
                        and bk.blocked_id = $1
                    )
                  )
                )
                and (
                  (
                    select
                      vm.mute_count
                    from
                      users vm
                    where
                      vm.id = $1
                  ) = 0
                  or not exists (
                    select
                    from
                      mutes mu
                    where
                      mu.muter_id = $1
                      and mu.muted_id = f.followed_id
                  )
                )
            )
          )
          and (p.created_at, p.id) < (
            select
              b.created_at,
              b.id
            from
              posts b
            where
              b.id = $3
              and (
                (
                  select
                    vb.block_count
                  from
                    users vb
                  where
                    vb.id = $1
                ) = 0
                or (
                  not exists (
                    select
                    from
                      blocks bk
                    where
                      bk.blocker_id = $1
                      and bk.blocked_id = b.author_id
                  )
                  and not exists (
                    select
                    from
                      blocks bk
                    where
                      bk.blocker_id = b.author_id
                      and bk.blocked_id = $1
                  )
                )
              )
          )
        order by
          p.created_at desc,
          p.id desc
        limit
          $4
        offset
          0
      ) t
  ) b
where
  b.upto <= 15999999
order by
  b.nth;

-- selectPostList: a search, a page
select
  json
from
  (
    select
      t.json,
      sum(octet_length(t.json) + 1) over (rows unbounded preceding) as upto,
      row_number() over () as nth
    from
      (
        with
          newest as materialized (
            select
              n.id,
              n.created_at
            from
              (
                select
                  w.id,
                  w.created_at,
                  w.search_vector,
                  w.author_id
                from
                  posts w
                where
                  true
                order by
                  w.created_at desc,
                  w.id desc
                limit
                  1000
              ) n
            where
              n.search_vector @@ websearch_to_tsquery('english', $2)
              and (
                (
                  select
                    vb.block_count
                  from
                    users vb
                  where
                    vb.id = $1
                ) = 0
                or (
                  not exists (
                    select
                    from
                      blocks bk
                    where
                      bk.blocker_id = $1
                      and bk.blocked_id = n.author_id
                  )
                  and not exists (
                    select
                    from
                      blocks bk
                    where
                      bk.blocker_id = n.author_id
                      and bk.blocked_id = $1
                  )
                )
              )
              and (
                (
                  select
                    vm.mute_count
                  from
                    users vm
                  where
                    vm.id = $1
                ) = 0
                or not exists (
                  select
                  from
                    mutes mu
                  where
                    mu.muter_id = $1
                    and mu.muted_id = n.author_id
                )
              )
          ),
          matches as materialized (
            select
              *
            from
              (
                select
                  *
                from
                  newest
                where
                  (
                    select
                      count(*)
                    from
                      newest
                  ) >= $3
                union all
                select
                  m.id,
                  m.created_at
                from
                  posts m
                where
                  m.search_vector @@ websearch_to_tsquery('english', $2)
                  and (
                    (
                      select
                        vb.block_count
                      from
                        users vb
                      where
                        vb.id = $1
                    ) = 0
                    or (
                      not exists (
                        select
                        from
                          blocks bk
                        where
                          bk.blocker_id = $1
                          and bk.blocked_id = m.author_id
                      )
                      and not exists (
                        select
                        from
                          blocks bk
                        where
                          bk.blocker_id = m.author_id
                          and bk.blocked_id = $1
                      )
                    )
                  )
                  and (
                    (
                      select
                        vm.mute_count
                      from
                        users vm
                      where
                        vm.id = $1
                    ) = 0
                    or not exists (
                      select
                      from
                        mutes mu
                      where
                        mu.muter_id = $1
                        and mu.muted_id = m.author_id
                    )
                  )
                  and (
                    select
                      count(*)
                    from
                      newest
                  ) < $3
              ) u
            order by
              u.created_at desc,
              u.id desc
            limit
              $3
          )
        select
          (
            select
              row_to_json(o)
            from
              (
                select
                  p.id,
                  p.title,
                  p.content,
                  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                  (
                    select
                      row_to_json(o)
                    from
                      (
                        select
                          p_a.id,
                          p_a.first_name as "firstName",
                          p_a.last_name as "lastName",
                          p_a.avatar_url as "avatarUrl",
                          p_a.handle
                        from
                          users p_a
                        where
                          p_a.id = p.author_id
                      ) o
                  ) as "createdBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_lu.id,
                            p_lu.first_name as "firstName",
                            p_lu.last_name as "lastName",
                            p_lu.avatar_url as "avatarUrl",
                            p_lu.handle
                          from
                            (
                              select
                                l.user_id
                              from
                                post_likes l
                              where
                                l.post_id = p.id
                                and (
                                  (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0
                                  or (
                                    not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = $1
                                        and bk.blocked_id = l.user_id
                                    )
                                    and not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = l.user_id
                                        and bk.blocked_id = $1
                                    )
                                  )
                                )
                              order by
                                l.user_id
                              limit
                                20
                            ) p_lu_i
                            join users p_lu on p_lu.id = p_lu_i.user_id
                          order by
                            p_lu_i.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as "likedBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_c.id,
                            p_c.content,
                            to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                            (
                              select
                                row_to_json(o)
                              from
                                (
                                  select
                                    p_c_a.id,
                                    p_c_a.first_name as "firstName",
                                    p_c_a.last_name as "lastName",
                                    p_c_a.avatar_url as "avatarUrl",
                                    p_c_a.handle
                                  from
                                    users p_c_a
                                  where
                                    p_c_a.id = p_c.author_id
                                ) o
                            ) as "createdBy",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_lu.id,
                                      p_c_lu.first_name as "firstName",
                                      p_c_lu.last_name as "lastName",
                                      p_c_lu.avatar_url as "avatarUrl",
                                      p_c_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          comment_likes l
                                        where
                                          l.comment_id = p_c.id
                                          and (
                                            (
                                              select
                                                vb.block_count
                                              from
                                                users vb
                                              where
                                                vb.id = $1
                                            ) = 0
                                            or (
                                              not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = $1
                                                  and bk.blocked_id = l.user_id
                                              )
                                              and not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = l.user_id
                                                  and bk.blocked_id = $1
                                              )
                                            )
                                          )
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) p_c_lu_i
                                      join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                    order by
                                      p_c_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as "likedBy",
                            (
                              coalesce(
                                (
                                  select
                                    p_c_s.like_count
                                  from
                                    comment_stats p_c_s
                                  where
                                    p_c_s.comment_id = p_c.id
                                ),
                                0
                              ) - (
                                case
                                  when (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0 then 0
                                  else (
                                    select
                                      count(*)
                                    from
                                      (
                                        select
                                          hb.blocked_id as u
                                        from
                                          blocks hb
                                        where
                                          hb.blocker_id = $1
                                        union all
                                        select
                                          hb.blocker_id
                                        from
                                          blocks hb
                                        where
                                          hb.blocked_id = $1
                                      ) hu
                                      cross join lateral (
                                        select
                                        from
                                          comment_likes hl
                                        where
                                          hl.comment_id = p_c.id
                                          and hl.user_id = hu.u
                                      ) hr
                                  )
                                end
                              )
                            )::int as "likeCount",
                            exists (
                              select
                              from
                                comment_likes p_c_m
                              where
                                p_c_m.comment_id = p_c.id
                                and p_c_m.user_id = $1
                            ) as "likedByMe",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_me_mu.id,
                                      p_c_me_mu.first_name as "firstName",
                                      p_c_me_mu.last_name as "lastName",
                                      p_c_me_mu.avatar_url as "avatarUrl",
                                      p_c_me_mu.handle
                                    from
                                      comment_mentions p_c_me_m
                                      join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                    where
                                      p_c_me_m.comment_id = p_c.id
                                      and p_c_me_m.shown
                                      and (
                                        (
                                          select
                                            vb.block_count
                                          from
                                            users vb
                                          where
                                            vb.id = $1
                                        ) = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = $1
                                              and bk.blocked_id = p_c_me_m.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = p_c_me_m.user_id
                                              and bk.blocked_id = $1
                                          )
                                        )
                                      )
                                    order by
                                      p_c_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as mentions
                          from
                            comments p_c
                          where
                            p_c.post_id = p.id
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_c.author_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_c.author_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_c.created_at desc,
                            p_c.id desc
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as comments,
                  (
                    coalesce(
                      (
                        select
                          p_s.like_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                post_likes hl
                              where
                                hl.post_id = p.id
                                and hl.user_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "likeCount",
                  (
                    coalesce(
                      (
                        select
                          p_s.comment_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                comments hc
                              where
                                hc.post_id = p.id
                                and hc.author_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "commentCount",
                  exists (
                    select
                    from
                      post_likes p_m
                    where
                      p_m.post_id = p.id
                      and p_m.user_id = $1
                  ) as "likedByMe",
                  coalesce(p.media::json, '[]'::json) as media,
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_me_mu.id,
                            p_me_mu.first_name as "firstName",
                            p_me_mu.last_name as "lastName",
                            p_me_mu.avatar_url as "avatarUrl",
                            p_me_mu.handle
                          from
                            post_mentions p_me_m
                            join users p_me_mu on p_me_mu.id = p_me_m.user_id
                          where
                            p_me_m.post_id = p.id
                            and p_me_m.shown
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_me_m.user_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_me_m.user_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_me_m.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as mentions
              ) o
          )::text as json
        from
          matches s
          join posts p on p.id = s.id
        order by
          s.created_at desc,
          s.id desc
        offset
          0
      ) t
  ) b
where
  b.upto <= 15999999
order by
  b.nth;

-- selectPostList: a search, a page after a cursor
select
  json
from
  (
    select
      t.json,
      sum(octet_length(t.json) + 1) over (rows unbounded preceding) as upto,
      row_number() over () as nth
    from
      (
        with
          newest as materialized (
            select
              n.id,
              n.created_at
            from
              (
                select
                  w.id,
                  w.created_at,
                  w.search_vector,
                  w.author_id
                from
                  posts w
                where
                  true
                  and (w.created_at, w.id) < (
                    select
                      b.created_at,
                      b.id
                    from
                      posts b
                    where
                      b.id = $3
                      and (
                        (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = $1
                              and bk.blocked_id = b.author_id
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = b.author_id
                              and bk.blocked_id = $1
                          )
                        )
                      )
                  )
                order by
                  w.created_at desc,
                  w.id desc
                limit
                  1000
              ) n
            where
              n.search_vector @@ websearch_to_tsquery('english', $2)
              and (
                (
                  select
                    vb.block_count
                  from
                    users vb
                  where
                    vb.id = $1
                ) = 0
                or (
                  not exists (
                    select
                    from
                      blocks bk
                    where
                      bk.blocker_id = $1
                      and bk.blocked_id = n.author_id
                  )
                  and not exists (
                    select
                    from
                      blocks bk
                    where
                      bk.blocker_id = n.author_id
                      and bk.blocked_id = $1
                  )
                )
              )
              and (
                (
                  select
                    vm.mute_count
                  from
                    users vm
                  where
                    vm.id = $1
                ) = 0
                or not exists (
                  select
                  from
                    mutes mu
                  where
                    mu.muter_id = $1
                    and mu.muted_id = n.author_id
                )
              )
          ),
          matches as materialized (
            select
              *
            from
              (
                select
                  *
                from
                  newest
                where
                  (
                    select
                      count(*)
                    from
                      newest
                  ) >= $4
                union all
                select
                  m.id,
                  m.created_at
                from
                  posts m
                where
                  m.search_vector @@ websearch_to_tsquery('english', $2)
                  and (
                    (
                      select
                        vb.block_count
                      from
                        users vb
                      where
                        vb.id = $1
                    ) = 0
                    or (
                      not exists (
                        select
                        from
                          blocks bk
                        where
                          bk.blocker_id = $1
                          and bk.blocked_id = m.author_id
                      )
                      and not exists (
                        select
                        from
                          blocks bk
                        where
                          bk.blocker_id = m.author_id
                          and bk.blocked_id = $1
                      )
                    )
                  )
                  and (
                    (
                      select
                        vm.mute_count
                      from
                        users vm
                      where
                        vm.id = $1
                    ) = 0
                    or not exists (
                      select
                      from
                        mutes mu
                      where
                        mu.muter_id = $1
                        and mu.muted_id = m.author_id
                    )
                  )
                  and (m.created_at, m.id) < (
                    select
                      b.created_at,
                      b.id
                    from
                      posts b
                    where
                      b.id = $3
                      and (
                        (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = $1
                              and bk.blocked_id = b.author_id
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = b.author_id
                              and bk.blocked_id = $1
                          )
                        )
                      )
                  )
                  and (
                    select
                      count(*)
                    from
                      newest
                  ) < $4
              ) u
            order by
              u.created_at desc,
              u.id desc
            limit
              $4
          )
        select
          (
            select
              row_to_json(o)
            from
              (
                select
                  p.id,
                  p.title,
                  p.content,
                  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                  (
                    select
                      row_to_json(o)
                    from
                      (
                        select
                          p_a.id,
                          p_a.first_name as "firstName",
                          p_a.last_name as "lastName",
                          p_a.avatar_url as "avatarUrl",
                          p_a.handle
                        from
                          users p_a
                        where
                          p_a.id = p.author_id
                      ) o
                  ) as "createdBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_lu.id,
                            p_lu.first_name as "firstName",
                            p_lu.last_name as "lastName",
                            p_lu.avatar_url as "avatarUrl",
                            p_lu.handle
                          from
                            (
                              select
                                l.user_id
                              from
                                post_likes l
                              where
                                l.post_id = p.id
                                and (
                                  (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0
                                  or (
                                    not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = $1
                                        and bk.blocked_id = l.user_id
                                    )
                                    and not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = l.user_id
                                        and bk.blocked_id = $1
                                    )
                                  )
                                )
                              order by
                                l.user_id
                              limit
                                20
                            ) p_lu_i
                            join users p_lu on p_lu.id = p_lu_i.user_id
                          order by
                            p_lu_i.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as "likedBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_c.id,
                            p_c.content,
                            to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                            (
                              select
                                row_to_json(o)
                              from
                                (
                                  select
                                    p_c_a.id,
                                    p_c_a.first_name as "firstName",
                                    p_c_a.last_name as "lastName",
                                    p_c_a.avatar_url as "avatarUrl",
                                    p_c_a.handle
                                  from
                                    users p_c_a
                                  where
                                    p_c_a.id = p_c.author_id
                                ) o
                            ) as "createdBy",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_lu.id,
                                      p_c_lu.first_name as "firstName",
                                      p_c_lu.last_name as "lastName",
                                      p_c_lu.avatar_url as "avatarUrl",
                                      p_c_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          comment_likes l
                                        where
                                          l.comment_id = p_c.id
                                          and (
                                            (
                                              select
                                                vb.block_count
                                              from
                                                users vb
                                              where
                                                vb.id = $1
                                            ) = 0
                                            or (
                                              not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = $1
                                                  and bk.blocked_id = l.user_id
                                              )
                                              and not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = l.user_id
                                                  and bk.blocked_id = $1
                                              )
                                            )
                                          )
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) p_c_lu_i
                                      join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                    order by
                                      p_c_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as "likedBy",
                            (
                              coalesce(
                                (
                                  select
                                    p_c_s.like_count
                                  from
                                    comment_stats p_c_s
                                  where
                                    p_c_s.comment_id = p_c.id
                                ),
                                0
                              ) - (
                                case
                                  when (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0 then 0
                                  else (
                                    select
                                      count(*)
                                    from
                                      (
                                        select
                                          hb.blocked_id as u
                                        from
                                          blocks hb
                                        where
                                          hb.blocker_id = $1
                                        union all
                                        select
                                          hb.blocker_id
                                        from
                                          blocks hb
                                        where
                                          hb.blocked_id = $1
                                      ) hu
                                      cross join lateral (
                                        select
                                        from
                                          comment_likes hl
                                        where
                                          hl.comment_id = p_c.id
                                          and hl.user_id = hu.u
                                      ) hr
                                  )
                                end
                              )
                            )::int as "likeCount",
                            exists (
                              select
                              from
                                comment_likes p_c_m
                              where
                                p_c_m.comment_id = p_c.id
                                and p_c_m.user_id = $1
                            ) as "likedByMe",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_me_mu.id,
                                      p_c_me_mu.first_name as "firstName",
                                      p_c_me_mu.last_name as "lastName",
                                      p_c_me_mu.avatar_url as "avatarUrl",
                                      p_c_me_mu.handle
                                    from
                                      comment_mentions p_c_me_m
                                      join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                    where
                                      p_c_me_m.comment_id = p_c.id
                                      and p_c_me_m.shown
                                      and (
                                        (
                                          select
                                            vb.block_count
                                          from
                                            users vb
                                          where
                                            vb.id = $1
                                        ) = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = $1
                                              and bk.blocked_id = p_c_me_m.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = p_c_me_m.user_id
                                              and bk.blocked_id = $1
                                          )
                                        )
                                      )
                                    order by
                                      p_c_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as mentions
                          from
                            comments p_c
                          where
                            p_c.post_id = p.id
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_c.author_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_c.author_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_c.created_at desc,
                            p_c.id desc
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as comments,
                  (
                    coalesce(
                      (
                        select
                          p_s.like_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                post_likes hl
                              where
                                hl.post_id = p.id
                                and hl.user_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "likeCount",
                  (
                    coalesce(
                      (
                        select
                          p_s.comment_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                comments hc
                              where
                                hc.post_id = p.id
                                and hc.author_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "commentCount",
                  exists (
                    select
                    from
                      post_likes p_m
                    where
                      p_m.post_id = p.id
                      and p_m.user_id = $1
                  ) as "likedByMe",
                  coalesce(p.media::json, '[]'::json) as media,
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_me_mu.id,
                            p_me_mu.first_name as "firstName",
                            p_me_mu.last_name as "lastName",
                            p_me_mu.avatar_url as "avatarUrl",
                            p_me_mu.handle
                          from
                            post_mentions p_me_m
                            join users p_me_mu on p_me_mu.id = p_me_m.user_id
                          where
                            p_me_m.post_id = p.id
                            and p_me_m.shown
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_me_m.user_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_me_m.user_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_me_m.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as mentions
              ) o
          )::text as json
        from
          matches s
          join posts p on p.id = s.id
        order by
          s.created_at desc,
          s.id desc
        offset
          0
      ) t
  ) b
where
  b.upto <= 15999999
order by
  b.nth;

-- selectPostList: a search, unpaged
with
  matches as materialized (
    select
      m.id,
      m.created_at
    from
      posts m
    where
      m.search_vector @@ websearch_to_tsquery('english', $2)
      and (
        (
          select
            vb.block_count
          from
            users vb
          where
            vb.id = $1
        ) = 0
        or (
          not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = $1
              and bk.blocked_id = m.author_id
          )
          and not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = m.author_id
              and bk.blocked_id = $1
          )
        )
      )
      and (
        (
          select
            vm.mute_count
          from
            users vm
          where
            vm.id = $1
        ) = 0
        or not exists (
          select
          from
            mutes mu
          where
            mu.muter_id = $1
            and mu.muted_id = m.author_id
        )
      )
  )
select
  (
    select
      row_to_json(o)
    from
      (
        select
          p.id,
          p.title,
          p.content,
          to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
          (
            select
              row_to_json(o)
            from
              (
                select
                  p_a.id,
                  p_a.first_name as "firstName",
                  p_a.last_name as "lastName",
                  p_a.avatar_url as "avatarUrl",
                  p_a.handle
                from
                  users p_a
                where
                  p_a.id = p.author_id
              ) o
          ) as "createdBy",
          coalesce(
            (
              select
                array_to_json(array_agg(a))
              from
                (
                  select
                    p_lu.id,
                    p_lu.first_name as "firstName",
                    p_lu.last_name as "lastName",
                    p_lu.avatar_url as "avatarUrl",
                    p_lu.handle
                  from
                    (
                      select
                        l.user_id
                      from
                        post_likes l
                      where
                        l.post_id = p.id
                        and (
                          (
                            select
                              vb.block_count
                            from
                              users vb
                            where
                              vb.id = $1
                          ) = 0
                          or (
                            not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = $1
                                and bk.blocked_id = l.user_id
                            )
                            and not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = l.user_id
                                and bk.blocked_id = $1
                            )
                          )
                        )
                      order by
                        l.user_id
                      limit
                        20
                    ) p_lu_i
                    join users p_lu on p_lu.id = p_lu_i.user_id
                  order by
                    p_lu_i.user_id
                  limit
                    20
                ) a
            ),
            '[]'::json
          ) as "likedBy",
          coalesce(
            (
              select
                array_to_json(array_agg(a))
              from
                (
                  select
                    p_c.id,
                    p_c.content,
                    to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                    (
                      select
                        row_to_json(o)
                      from
                        (
                          select
                            p_c_a.id,
                            p_c_a.first_name as "firstName",
                            p_c_a.last_name as "lastName",
                            p_c_a.avatar_url as "avatarUrl",
                            p_c_a.handle
                          from
                            users p_c_a
                          where
                            p_c_a.id = p_c.author_id
                        ) o
                    ) as "createdBy",
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_c_lu.id,
                              p_c_lu.first_name as "firstName",
                              p_c_lu.last_name as "lastName",
                              p_c_lu.avatar_url as "avatarUrl",
                              p_c_lu.handle
                            from
                              (
                                select
                                  l.user_id
                                from
                                  comment_likes l
                                where
                                  l.comment_id = p_c.id
                                  and (
                                    (
                                      select
                                        vb.block_count
                                      from
                                        users vb
                                      where
                                        vb.id = $1
                                    ) = 0
                                    or (
                                      not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = $1
                                          and bk.blocked_id = l.user_id
                                      )
                                      and not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = l.user_id
                                          and bk.blocked_id = $1
                                      )
                                    )
                                  )
                                order by
                                  l.user_id
                                limit
                                  20
                              ) p_c_lu_i
                              join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                            order by
                              p_c_lu_i.user_id
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as "likedBy",
                    (
                      coalesce(
                        (
                          select
                            p_c_s.like_count
                          from
                            comment_stats p_c_s
                          where
                            p_c_s.comment_id = p_c.id
                        ),
                        0
                      ) - (
                        case
                          when (
                            select
                              vb.block_count
                            from
                              users vb
                            where
                              vb.id = $1
                          ) = 0 then 0
                          else (
                            select
                              count(*)
                            from
                              (
                                select
                                  hb.blocked_id as u
                                from
                                  blocks hb
                                where
                                  hb.blocker_id = $1
                                union all
                                select
                                  hb.blocker_id
                                from
                                  blocks hb
                                where
                                  hb.blocked_id = $1
                              ) hu
                              cross join lateral (
                                select
                                from
                                  comment_likes hl
                                where
                                  hl.comment_id = p_c.id
                                  and hl.user_id = hu.u
                              ) hr
                          )
                        end
                      )
                    )::int as "likeCount",
                    exists (
                      select
                      from
                        comment_likes p_c_m
                      where
                        p_c_m.comment_id = p_c.id
                        and p_c_m.user_id = $1
                    ) as "likedByMe",
                    coalesce(
                      (
                        select
                          array_to_json(array_agg(a))
                        from
                          (
                            select
                              p_c_me_mu.id,
                              p_c_me_mu.first_name as "firstName",
                              p_c_me_mu.last_name as "lastName",
                              p_c_me_mu.avatar_url as "avatarUrl",
                              p_c_me_mu.handle
                            from
                              comment_mentions p_c_me_m
                              join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                            where
                              p_c_me_m.comment_id = p_c.id
                              and p_c_me_m.shown
                              and (
                                (
                                  select
                                    vb.block_count
                                  from
                                    users vb
                                  where
                                    vb.id = $1
                                ) = 0
                                or (
                                  not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = $1
                                      and bk.blocked_id = p_c_me_m.user_id
                                  )
                                  and not exists (
                                    select
                                    from
                                      blocks bk
                                    where
                                      bk.blocker_id = p_c_me_m.user_id
                                      and bk.blocked_id = $1
                                  )
                                )
                              )
                            order by
                              p_c_me_m.user_id
                            limit
                              20
                          ) a
                      ),
                      '[]'::json
                    ) as mentions
                  from
                    comments p_c
                  where
                    p_c.post_id = p.id
                    and (
                      (
                        select
                          vb.block_count
                        from
                          users vb
                        where
                          vb.id = $1
                      ) = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = $1
                            and bk.blocked_id = p_c.author_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = p_c.author_id
                            and bk.blocked_id = $1
                        )
                      )
                    )
                  order by
                    p_c.created_at desc,
                    p_c.id desc
                  limit
                    20
                ) a
            ),
            '[]'::json
          ) as comments,
          (
            coalesce(
              (
                select
                  p_s.like_count
                from
                  post_stats p_s
                where
                  p_s.post_id = p.id
              ),
              0
            ) - (
              case
                when (
                  select
                    vb.block_count
                  from
                    users vb
                  where
                    vb.id = $1
                ) = 0 then 0
                else (
                  select
                    count(*)
                  from
                    (
                      select
                        hb.blocked_id as u
                      from
                        blocks hb
                      where
                        hb.blocker_id = $1
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = $1
                    ) hu
                    cross join lateral (
                      select
                      from
                        post_likes hl
                      where
                        hl.post_id = p.id
                        and hl.user_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "likeCount",
          (
            coalesce(
              (
                select
                  p_s.comment_count
                from
                  post_stats p_s
                where
                  p_s.post_id = p.id
              ),
              0
            ) - (
              case
                when (
                  select
                    vb.block_count
                  from
                    users vb
                  where
                    vb.id = $1
                ) = 0 then 0
                else (
                  select
                    count(*)
                  from
                    (
                      select
                        hb.blocked_id as u
                      from
                        blocks hb
                      where
                        hb.blocker_id = $1
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = $1
                    ) hu
                    cross join lateral (
                      select
                      from
                        comments hc
                      where
                        hc.post_id = p.id
                        and hc.author_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "commentCount",
          exists (
            select
            from
              post_likes p_m
            where
              p_m.post_id = p.id
              and p_m.user_id = $1
          ) as "likedByMe",
          coalesce(p.media::json, '[]'::json) as media,
          coalesce(
            (
              select
                array_to_json(array_agg(a))
              from
                (
                  select
                    p_me_mu.id,
                    p_me_mu.first_name as "firstName",
                    p_me_mu.last_name as "lastName",
                    p_me_mu.avatar_url as "avatarUrl",
                    p_me_mu.handle
                  from
                    post_mentions p_me_m
                    join users p_me_mu on p_me_mu.id = p_me_m.user_id
                  where
                    p_me_m.post_id = p.id
                    and p_me_m.shown
                    and (
                      (
                        select
                          vb.block_count
                        from
                          users vb
                        where
                          vb.id = $1
                      ) = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = $1
                            and bk.blocked_id = p_me_m.user_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = p_me_m.user_id
                            and bk.blocked_id = $1
                        )
                      )
                    )
                  order by
                    p_me_m.user_id
                  limit
                    20
                ) a
            ),
            '[]'::json
          ) as mentions
      ) o
  )::text as json
from
  matches s
  join posts p on p.id = s.id
order by
  s.created_at desc,
  s.id desc;

-- selectPostList: a handle's posts (q=@handle), a page after a cursor
select
  json
from
  (
    select
      t.json,
      sum(octet_length(t.json) + 1) over (rows unbounded preceding) as upto,
      row_number() over () as nth
    from
      (
        select
          (
            select
              row_to_json(o)
            from
              (
                select
                  p.id,
                  p.title,
                  p.content,
                  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                  (
                    select
                      row_to_json(o)
                    from
                      (
                        select
                          p_a.id,
                          p_a.first_name as "firstName",
                          p_a.last_name as "lastName",
                          p_a.avatar_url as "avatarUrl",
                          p_a.handle
                        from
                          users p_a
                        where
                          p_a.id = p.author_id
                      ) o
                  ) as "createdBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_lu.id,
                            p_lu.first_name as "firstName",
                            p_lu.last_name as "lastName",
                            p_lu.avatar_url as "avatarUrl",
                            p_lu.handle
                          from
                            (
                              select
                                l.user_id
                              from
                                post_likes l
                              where
                                l.post_id = p.id
                                and (
                                  (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0
                                  or (
                                    not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = $1
                                        and bk.blocked_id = l.user_id
                                    )
                                    and not exists (
                                      select
                                      from
                                        blocks bk
                                      where
                                        bk.blocker_id = l.user_id
                                        and bk.blocked_id = $1
                                    )
                                  )
                                )
                              order by
                                l.user_id
                              limit
                                20
                            ) p_lu_i
                            join users p_lu on p_lu.id = p_lu_i.user_id
                          order by
                            p_lu_i.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as "likedBy",
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_c.id,
                            p_c.content,
                            to_char(p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                            (
                              select
                                row_to_json(o)
                              from
                                (
                                  select
                                    p_c_a.id,
                                    p_c_a.first_name as "firstName",
                                    p_c_a.last_name as "lastName",
                                    p_c_a.avatar_url as "avatarUrl",
                                    p_c_a.handle
                                  from
                                    users p_c_a
                                  where
                                    p_c_a.id = p_c.author_id
                                ) o
                            ) as "createdBy",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_lu.id,
                                      p_c_lu.first_name as "firstName",
                                      p_c_lu.last_name as "lastName",
                                      p_c_lu.avatar_url as "avatarUrl",
                                      p_c_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          comment_likes l
                                        where
                                          l.comment_id = p_c.id
                                          and (
                                            (
                                              select
                                                vb.block_count
                                              from
                                                users vb
                                              where
                                                vb.id = $1
                                            ) = 0
                                            or (
                                              not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = $1
                                                  and bk.blocked_id = l.user_id
                                              )
                                              and not exists (
                                                select
                                                from
                                                  blocks bk
                                                where
                                                  bk.blocker_id = l.user_id
                                                  and bk.blocked_id = $1
                                              )
                                            )
                                          )
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) p_c_lu_i
                                      join users p_c_lu on p_c_lu.id = p_c_lu_i.user_id
                                    order by
                                      p_c_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as "likedBy",
                            (
                              coalesce(
                                (
                                  select
                                    p_c_s.like_count
                                  from
                                    comment_stats p_c_s
                                  where
                                    p_c_s.comment_id = p_c.id
                                ),
                                0
                              ) - (
                                case
                                  when (
                                    select
                                      vb.block_count
                                    from
                                      users vb
                                    where
                                      vb.id = $1
                                  ) = 0 then 0
                                  else (
                                    select
                                      count(*)
                                    from
                                      (
                                        select
                                          hb.blocked_id as u
                                        from
                                          blocks hb
                                        where
                                          hb.blocker_id = $1
                                        union all
                                        select
                                          hb.blocker_id
                                        from
                                          blocks hb
                                        where
                                          hb.blocked_id = $1
                                      ) hu
                                      cross join lateral (
                                        select
                                        from
                                          comment_likes hl
                                        where
                                          hl.comment_id = p_c.id
                                          and hl.user_id = hu.u
                                      ) hr
                                  )
                                end
                              )
                            )::int as "likeCount",
                            exists (
                              select
                              from
                                comment_likes p_c_m
                              where
                                p_c_m.comment_id = p_c.id
                                and p_c_m.user_id = $1
                            ) as "likedByMe",
                            coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      p_c_me_mu.id,
                                      p_c_me_mu.first_name as "firstName",
                                      p_c_me_mu.last_name as "lastName",
                                      p_c_me_mu.avatar_url as "avatarUrl",
                                      p_c_me_mu.handle
                                    from
                                      comment_mentions p_c_me_m
                                      join users p_c_me_mu on p_c_me_mu.id = p_c_me_m.user_id
                                    where
                                      p_c_me_m.comment_id = p_c.id
                                      and p_c_me_m.shown
                                      and (
                                        (
                                          select
                                            vb.block_count
                                          from
                                            users vb
                                          where
                                            vb.id = $1
                                        ) = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = $1
                                              and bk.blocked_id = p_c_me_m.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = p_c_me_m.user_id
                                              and bk.blocked_id = $1
                                          )
                                        )
                                      )
                                    order by
                                      p_c_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            ) as mentions
                          from
                            comments p_c
                          where
                            p_c.post_id = p.id
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_c.author_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_c.author_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_c.created_at desc,
                            p_c.id desc
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as comments,
                  (
                    coalesce(
                      (
                        select
                          p_s.like_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                post_likes hl
                              where
                                hl.post_id = p.id
                                and hl.user_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "likeCount",
                  (
                    coalesce(
                      (
                        select
                          p_s.comment_count
                        from
                          post_stats p_s
                        where
                          p_s.post_id = p.id
                      ),
                      0
                    ) - (
                      case
                        when (
                          select
                            vb.block_count
                          from
                            users vb
                          where
                            vb.id = $1
                        ) = 0 then 0
                        else (
                          select
                            count(*)
                          from
                            (
                              select
                                hb.blocked_id as u
                              from
                                blocks hb
                              where
                                hb.blocker_id = $1
                              union all
                              select
                                hb.blocker_id
                              from
                                blocks hb
                              where
                                hb.blocked_id = $1
                            ) hu
                            cross join lateral (
                              select
                              from
                                comments hc
                              where
                                hc.post_id = p.id
                                and hc.author_id = hu.u
                            ) hr
                        )
                      end
                    )
                  )::int as "commentCount",
                  exists (
                    select
                    from
                      post_likes p_m
                    where
                      p_m.post_id = p.id
                      and p_m.user_id = $1
                  ) as "likedByMe",
                  coalesce(p.media::json, '[]'::json) as media,
                  coalesce(
                    (
                      select
                        array_to_json(array_agg(a))
                      from
                        (
                          select
                            p_me_mu.id,
                            p_me_mu.first_name as "firstName",
                            p_me_mu.last_name as "lastName",
                            p_me_mu.avatar_url as "avatarUrl",
                            p_me_mu.handle
                          from
                            post_mentions p_me_m
                            join users p_me_mu on p_me_mu.id = p_me_m.user_id
                          where
                            p_me_m.post_id = p.id
                            and p_me_m.shown
                            and (
                              (
                                select
                                  vb.block_count
                                from
                                  users vb
                                where
                                  vb.id = $1
                              ) = 0
                              or (
                                not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = $1
                                    and bk.blocked_id = p_me_m.user_id
                                )
                                and not exists (
                                  select
                                  from
                                    blocks bk
                                  where
                                    bk.blocker_id = p_me_m.user_id
                                    and bk.blocked_id = $1
                                )
                              )
                            )
                          order by
                            p_me_m.user_id
                          limit
                            20
                        ) a
                    ),
                    '[]'::json
                  ) as mentions
              ) o
          )::text as json
        from
          posts p
        where
          p.author_id = (
            select
              hu.id
            from
              users hu
            where
              hu.handle = $2
          )
          and (
            (
              select
                vb.block_count
              from
                users vb
              where
                vb.id = $1
            ) = 0
            or (
              not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = $1
                  and bk.blocked_id = p.author_id
              )
              and not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = p.author_id
                  and bk.blocked_id = $1
              )
            )
          )
          and (p.created_at, p.id) < (
            select
              b.created_at,
              b.id
            from
              posts b
            where
              b.id = $3
              and (
                (
                  select
                    vb.block_count
                  from
                    users vb
                  where
                    vb.id = $1
                ) = 0
                or (
                  not exists (
                    select
                    from
                      blocks bk
                    where
                      bk.blocker_id = $1
                      and bk.blocked_id = b.author_id
                  )
                  and not exists (
                    select
                    from
                      blocks bk
                    where
                      bk.blocker_id = b.author_id
                      and bk.blocked_id = $1
                  )
                )
              )
          )
        order by
          p.created_at desc,
          p.id desc
        limit
          $4
        offset
          0
      ) t
  ) b
where
  b.upto <= 15999999
order by
  b.nth;

-- selectCommentsOnPost: a page
select
  (
    select
      row_to_json(o)
    from
      (
        select
          c.id,
          c.content,
          to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
          (
            select
              row_to_json(o)
            from
              (
                select
                  c_a.id,
                  c_a.first_name as "firstName",
                  c_a.last_name as "lastName",
                  c_a.avatar_url as "avatarUrl",
                  c_a.handle
                from
                  users c_a
                where
                  c_a.id = c.author_id
              ) o
          ) as "createdBy",
          coalesce(
            (
              select
                array_to_json(array_agg(a))
              from
                (
                  select
                    c_lu.id,
                    c_lu.first_name as "firstName",
                    c_lu.last_name as "lastName",
                    c_lu.avatar_url as "avatarUrl",
                    c_lu.handle
                  from
                    (
                      select
                        l.user_id
                      from
                        comment_likes l
                      where
                        l.comment_id = c.id
                        and (
                          (
                            select
                              vb.block_count
                            from
                              users vb
                            where
                              vb.id = $2
                          ) = 0
                          or (
                            not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = $2
                                and bk.blocked_id = l.user_id
                            )
                            and not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = l.user_id
                                and bk.blocked_id = $2
                            )
                          )
                        )
                      order by
                        l.user_id
                      limit
                        20
                    ) c_lu_i
                    join users c_lu on c_lu.id = c_lu_i.user_id
                  order by
                    c_lu_i.user_id
                  limit
                    20
                ) a
            ),
            '[]'::json
          ) as "likedBy",
          (
            coalesce(
              (
                select
                  c_s.like_count
                from
                  comment_stats c_s
                where
                  c_s.comment_id = c.id
              ),
              0
            ) - (
              case
                when (
                  select
                    vb.block_count
                  from
                    users vb
                  where
                    vb.id = $2
                ) = 0 then 0
                else (
                  select
                    count(*)
                  from
                    (
                      select
                        hb.blocked_id as u
                      from
                        blocks hb
                      where
                        hb.blocker_id = $2
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = $2
                    ) hu
                    cross join lateral (
                      select
                      from
                        comment_likes hl
                      where
                        hl.comment_id = c.id
                        and hl.user_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "likeCount",
          exists (
            select
            from
              comment_likes c_m
            where
              c_m.comment_id = c.id
              and c_m.user_id = $2
          ) as "likedByMe",
          coalesce(
            (
              select
                array_to_json(array_agg(a))
              from
                (
                  select
                    c_me_mu.id,
                    c_me_mu.first_name as "firstName",
                    c_me_mu.last_name as "lastName",
                    c_me_mu.avatar_url as "avatarUrl",
                    c_me_mu.handle
                  from
                    comment_mentions c_me_m
                    join users c_me_mu on c_me_mu.id = c_me_m.user_id
                  where
                    c_me_m.comment_id = c.id
                    and c_me_m.shown
                    and (
                      (
                        select
                          vb.block_count
                        from
                          users vb
                        where
                          vb.id = $2
                      ) = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = $2
                            and bk.blocked_id = c_me_m.user_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = c_me_m.user_id
                            and bk.blocked_id = $2
                        )
                      )
                    )
                  order by
                    c_me_m.user_id
                  limit
                    20
                ) a
            ),
            '[]'::json
          ) as mentions
      ) o
  )::text as json
from
  comments c
where
  c.post_id = $1
  and (
    (
      select
        vb.block_count
      from
        users vb
      where
        vb.id = $2
    ) = 0
    or (
      not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = $2
          and bk.blocked_id = c.author_id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = c.author_id
          and bk.blocked_id = $2
      )
    )
  )
  and (
    (
      select
        vb.block_count
      from
        users vb
      where
        vb.id = $2
    ) = 0
    or (
      not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = $2
          and bk.blocked_id = (
            select
              cp.author_id
            from
              posts cp
            where
              cp.id = $1
          )
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = (
            select
              cp.author_id
            from
              posts cp
            where
              cp.id = $1
          )
          and bk.blocked_id = $2
      )
    )
  )
order by
  c.created_at desc,
  c.id desc
limit
  $3;

-- selectCommentsOnPost: unpaged after a cursor (a stream)
select
  (
    select
      row_to_json(o)
    from
      (
        select
          c.id,
          c.content,
          to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
          (
            select
              row_to_json(o)
            from
              (
                select
                  c_a.id,
                  c_a.first_name as "firstName",
                  c_a.last_name as "lastName",
                  c_a.avatar_url as "avatarUrl",
                  c_a.handle
                from
                  users c_a
                where
                  c_a.id = c.author_id
              ) o
          ) as "createdBy",
          coalesce(
            (
              select
                array_to_json(array_agg(a))
              from
                (
                  select
                    c_lu.id,
                    c_lu.first_name as "firstName",
                    c_lu.last_name as "lastName",
                    c_lu.avatar_url as "avatarUrl",
                    c_lu.handle
                  from
                    (
                      select
                        l.user_id
                      from
                        comment_likes l
                      where
                        l.comment_id = c.id
                        and (
                          (
                            select
                              vb.block_count
                            from
                              users vb
                            where
                              vb.id = $2
                          ) = 0
                          or (
                            not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = $2
                                and bk.blocked_id = l.user_id
                            )
                            and not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = l.user_id
                                and bk.blocked_id = $2
                            )
                          )
                        )
                      order by
                        l.user_id
                      limit
                        20
                    ) c_lu_i
                    join users c_lu on c_lu.id = c_lu_i.user_id
                  order by
                    c_lu_i.user_id
                  limit
                    20
                ) a
            ),
            '[]'::json
          ) as "likedBy",
          (
            coalesce(
              (
                select
                  c_s.like_count
                from
                  comment_stats c_s
                where
                  c_s.comment_id = c.id
              ),
              0
            ) - (
              case
                when (
                  select
                    vb.block_count
                  from
                    users vb
                  where
                    vb.id = $2
                ) = 0 then 0
                else (
                  select
                    count(*)
                  from
                    (
                      select
                        hb.blocked_id as u
                      from
                        blocks hb
                      where
                        hb.blocker_id = $2
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = $2
                    ) hu
                    cross join lateral (
                      select
                      from
                        comment_likes hl
                      where
                        hl.comment_id = c.id
                        and hl.user_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "likeCount",
          exists (
            select
            from
              comment_likes c_m
            where
              c_m.comment_id = c.id
              and c_m.user_id = $2
          ) as "likedByMe",
          coalesce(
            (
              select
                array_to_json(array_agg(a))
              from
                (
                  select
                    c_me_mu.id,
                    c_me_mu.first_name as "firstName",
                    c_me_mu.last_name as "lastName",
                    c_me_mu.avatar_url as "avatarUrl",
                    c_me_mu.handle
                  from
                    comment_mentions c_me_m
                    join users c_me_mu on c_me_mu.id = c_me_m.user_id
                  where
                    c_me_m.comment_id = c.id
                    and c_me_m.shown
                    and (
                      (
                        select
                          vb.block_count
                        from
                          users vb
                        where
                          vb.id = $2
                      ) = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = $2
                            and bk.blocked_id = c_me_m.user_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = c_me_m.user_id
                            and bk.blocked_id = $2
                        )
                      )
                    )
                  order by
                    c_me_m.user_id
                  limit
                    20
                ) a
            ),
            '[]'::json
          ) as mentions
      ) o
  )::text as json
from
  comments c
where
  c.post_id = $1
  and (
    (
      select
        vb.block_count
      from
        users vb
      where
        vb.id = $2
    ) = 0
    or (
      not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = $2
          and bk.blocked_id = c.author_id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = c.author_id
          and bk.blocked_id = $2
      )
    )
  )
  and (
    (
      select
        vb.block_count
      from
        users vb
      where
        vb.id = $2
    ) = 0
    or (
      not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = $2
          and bk.blocked_id = (
            select
              cp.author_id
            from
              posts cp
            where
              cp.id = $1
          )
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = (
            select
              cp.author_id
            from
              posts cp
            where
              cp.id = $1
          )
          and bk.blocked_id = $2
      )
    )
  )
  and (c.created_at, c.id) < (
    select
      b.created_at,
      b.id
    from
      comments b
    where
      b.id = $3
      and (
        (
          select
            vb.block_count
          from
            users vb
          where
            vb.id = $2
        ) = 0
        or (
          not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = $2
              and bk.blocked_id = b.author_id
          )
          and not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = b.author_id
              and bk.blocked_id = $2
          )
        )
      )
  )
order by
  c.created_at desc,
  c.id desc;

-- selectLikers: a post's, a page after a cursor
select
  (
    select
      row_to_json(o)
    from
      (
        select
          u.id,
          u.first_name as "firstName",
          u.last_name as "lastName",
          u.avatar_url as "avatarUrl",
          u.handle
      ) o
  ) as json
from
  post_likes l
  join users u on u.id = l.user_id
where
  l.post_id = $1
  and l.user_id > $3
  and (
    (
      select
        vb.block_count
      from
        users vb
      where
        vb.id = $2
    ) = 0
    or (
      not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = $2
          and bk.blocked_id = l.user_id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = l.user_id
          and bk.blocked_id = $2
      )
    )
  )
  and exists (
    select
    from
      posts lp
    where
      lp.id = $1
      and (
        (
          select
            vb.block_count
          from
            users vb
          where
            vb.id = $2
        ) = 0
        or (
          not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = $2
              and bk.blocked_id = lp.author_id
          )
          and not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = lp.author_id
              and bk.blocked_id = $2
          )
        )
      )
  )
order by
  l.user_id
limit
  $4;

-- selectLikers: a comment's, a page
select
  (
    select
      row_to_json(o)
    from
      (
        select
          u.id,
          u.first_name as "firstName",
          u.last_name as "lastName",
          u.avatar_url as "avatarUrl",
          u.handle
      ) o
  ) as json
from
  comment_likes l
  join users u on u.id = l.user_id
where
  l.comment_id = $1
  and (
    (
      select
        vb.block_count
      from
        users vb
      where
        vb.id = $2
    ) = 0
    or (
      not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = $2
          and bk.blocked_id = l.user_id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = l.user_id
          and bk.blocked_id = $2
      )
    )
  )
  and exists (
    select
    from
      comments lc
    where
      lc.id = $1
      and (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = lc.author_id
            and bk.blocked_id = $2
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = $2
            and bk.blocked_id = lc.author_id
        )
      )
      and (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = (
              select
                cp.author_id
              from
                posts cp
              where
                cp.id = lc.post_id
            )
            and bk.blocked_id = $2
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = $2
            and bk.blocked_id = (
              select
                cp.author_id
              from
                posts cp
              where
                cp.id = lc.post_id
            )
        )
      )
  )
order by
  l.user_id
limit
  $3;

-- selectCommentsBy: a page
select
  row_to_json(r) as json
from
  (
    select
      c.id,
      c.content,
      to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      (
        select
          row_to_json(o)
        from
          (
            select
              c_a.id,
              c_a.first_name as "firstName",
              c_a.last_name as "lastName",
              c_a.avatar_url as "avatarUrl",
              c_a.handle
            from
              users c_a
            where
              c_a.id = c.author_id
          ) o
      ) as "createdBy",
      coalesce(
        (
          select
            array_to_json(array_agg(a))
          from
            (
              select
                c_lu.id,
                c_lu.first_name as "firstName",
                c_lu.last_name as "lastName",
                c_lu.avatar_url as "avatarUrl",
                c_lu.handle
              from
                (
                  select
                    l.user_id
                  from
                    comment_likes l
                  where
                    l.comment_id = c.id
                    and (
                      (
                        select
                          vb.block_count
                        from
                          users vb
                        where
                          vb.id = $2
                      ) = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = $2
                            and bk.blocked_id = l.user_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = l.user_id
                            and bk.blocked_id = $2
                        )
                      )
                    )
                  order by
                    l.user_id
                  limit
                    20
                ) c_lu_i
                join users c_lu on c_lu.id = c_lu_i.user_id
              order by
                c_lu_i.user_id
              limit
                20
            ) a
        ),
        '[]'::json
      ) as "likedBy",
      (
        coalesce(
          (
            select
              c_s.like_count
            from
              comment_stats c_s
            where
              c_s.comment_id = c.id
          ),
          0
        ) - (
          case
            when (
              select
                vb.block_count
              from
                users vb
              where
                vb.id = $2
            ) = 0 then 0
            else (
              select
                count(*)
              from
                (
                  select
                    hb.blocked_id as u
                  from
                    blocks hb
                  where
                    hb.blocker_id = $2
                  union all
                  select
                    hb.blocker_id
                  from
                    blocks hb
                  where
                    hb.blocked_id = $2
                ) hu
                cross join lateral (
                  select
                  from
                    comment_likes hl
                  where
                    hl.comment_id = c.id
                    and hl.user_id = hu.u
                ) hr
            )
          end
        )
      )::int as "likeCount",
      exists (
        select
        from
          comment_likes c_m
        where
          c_m.comment_id = c.id
          and c_m.user_id = $2
      ) as "likedByMe",
      coalesce(
        (
          select
            array_to_json(array_agg(a))
          from
            (
              select
                c_me_mu.id,
                c_me_mu.first_name as "firstName",
                c_me_mu.last_name as "lastName",
                c_me_mu.avatar_url as "avatarUrl",
                c_me_mu.handle
              from
                comment_mentions c_me_m
                join users c_me_mu on c_me_mu.id = c_me_m.user_id
              where
                c_me_m.comment_id = c.id
                and c_me_m.shown
                and (
                  (
                    select
                      vb.block_count
                    from
                      users vb
                    where
                      vb.id = $2
                  ) = 0
                  or (
                    not exists (
                      select
                      from
                        blocks bk
                      where
                        bk.blocker_id = $2
                        and bk.blocked_id = c_me_m.user_id
                    )
                    and not exists (
                      select
                      from
                        blocks bk
                      where
                        bk.blocker_id = c_me_m.user_id
                        and bk.blocked_id = $2
                    )
                  )
                )
              order by
                c_me_m.user_id
              limit
                20
            ) a
        ),
        '[]'::json
      ) as mentions
    from
      comments c
    where
      c.author_id = $1
      and (
        (
          select
            vb.block_count
          from
            users vb
          where
            vb.id = $2
        ) = 0
        or (
          not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = $2
              and bk.blocked_id = (
                select
                  cp.author_id
                from
                  posts cp
                where
                  cp.id = c.post_id
              )
          )
          and not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = (
                select
                  cp.author_id
                from
                  posts cp
                where
                  cp.id = c.post_id
              )
              and bk.blocked_id = $2
          )
        )
      )
      and (
        (
          select
            vb.block_count
          from
            users vb
          where
            vb.id = $2
        ) = 0
        or (
          not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = $2
              and bk.blocked_id = c.author_id
          )
          and not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = c.author_id
              and bk.blocked_id = $2
          )
        )
      )
    order by
      c.created_at desc,
      c.id desc
    limit
      $3
  ) r;

-- selectCommentsBy: a page after a cursor
select
  row_to_json(r) as json
from
  (
    select
      c.id,
      c.content,
      to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      (
        select
          row_to_json(o)
        from
          (
            select
              c_a.id,
              c_a.first_name as "firstName",
              c_a.last_name as "lastName",
              c_a.avatar_url as "avatarUrl",
              c_a.handle
            from
              users c_a
            where
              c_a.id = c.author_id
          ) o
      ) as "createdBy",
      coalesce(
        (
          select
            array_to_json(array_agg(a))
          from
            (
              select
                c_lu.id,
                c_lu.first_name as "firstName",
                c_lu.last_name as "lastName",
                c_lu.avatar_url as "avatarUrl",
                c_lu.handle
              from
                (
                  select
                    l.user_id
                  from
                    comment_likes l
                  where
                    l.comment_id = c.id
                    and (
                      (
                        select
                          vb.block_count
                        from
                          users vb
                        where
                          vb.id = $2
                      ) = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = $2
                            and bk.blocked_id = l.user_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = l.user_id
                            and bk.blocked_id = $2
                        )
                      )
                    )
                  order by
                    l.user_id
                  limit
                    20
                ) c_lu_i
                join users c_lu on c_lu.id = c_lu_i.user_id
              order by
                c_lu_i.user_id
              limit
                20
            ) a
        ),
        '[]'::json
      ) as "likedBy",
      (
        coalesce(
          (
            select
              c_s.like_count
            from
              comment_stats c_s
            where
              c_s.comment_id = c.id
          ),
          0
        ) - (
          case
            when (
              select
                vb.block_count
              from
                users vb
              where
                vb.id = $2
            ) = 0 then 0
            else (
              select
                count(*)
              from
                (
                  select
                    hb.blocked_id as u
                  from
                    blocks hb
                  where
                    hb.blocker_id = $2
                  union all
                  select
                    hb.blocker_id
                  from
                    blocks hb
                  where
                    hb.blocked_id = $2
                ) hu
                cross join lateral (
                  select
                  from
                    comment_likes hl
                  where
                    hl.comment_id = c.id
                    and hl.user_id = hu.u
                ) hr
            )
          end
        )
      )::int as "likeCount",
      exists (
        select
        from
          comment_likes c_m
        where
          c_m.comment_id = c.id
          and c_m.user_id = $2
      ) as "likedByMe",
      coalesce(
        (
          select
            array_to_json(array_agg(a))
          from
            (
              select
                c_me_mu.id,
                c_me_mu.first_name as "firstName",
                c_me_mu.last_name as "lastName",
                c_me_mu.avatar_url as "avatarUrl",
                c_me_mu.handle
              from
                comment_mentions c_me_m
                join users c_me_mu on c_me_mu.id = c_me_m.user_id
              where
                c_me_m.comment_id = c.id
                and c_me_m.shown
                and (
                  (
                    select
                      vb.block_count
                    from
                      users vb
                    where
                      vb.id = $2
                  ) = 0
                  or (
                    not exists (
                      select
                      from
                        blocks bk
                      where
                        bk.blocker_id = $2
                        and bk.blocked_id = c_me_m.user_id
                    )
                    and not exists (
                      select
                      from
                        blocks bk
                      where
                        bk.blocker_id = c_me_m.user_id
                        and bk.blocked_id = $2
                    )
                  )
                )
              order by
                c_me_m.user_id
              limit
                20
            ) a
        ),
        '[]'::json
      ) as mentions
    from
      comments c
    where
      c.author_id = $1
      and (
        (
          select
            vb.block_count
          from
            users vb
          where
            vb.id = $2
        ) = 0
        or (
          not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = $2
              and bk.blocked_id = (
                select
                  cp.author_id
                from
                  posts cp
                where
                  cp.id = c.post_id
              )
          )
          and not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = (
                select
                  cp.author_id
                from
                  posts cp
                where
                  cp.id = c.post_id
              )
              and bk.blocked_id = $2
          )
        )
      )
      and (c.created_at, c.id) < (
        select
          b.created_at,
          b.id
        from
          comments b
        where
          b.id = $3
          and (
            (
              select
                vb.block_count
              from
                users vb
              where
                vb.id = $2
            ) = 0
            or (
              not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = $2
                  and bk.blocked_id = b.author_id
              )
              and not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = b.author_id
                  and bk.blocked_id = $2
              )
            )
          )
      )
      and (
        (
          select
            vb.block_count
          from
            users vb
          where
            vb.id = $2
        ) = 0
        or (
          not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = $2
              and bk.blocked_id = c.author_id
          )
          and not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = c.author_id
              and bk.blocked_id = $2
          )
        )
      )
    order by
      c.created_at desc,
      c.id desc
    limit
      $4
  ) r;
