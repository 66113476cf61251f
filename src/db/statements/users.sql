-- The SQL of src/users/, written by `npm run db:statements` (scripts/db-statements.ts). Do not edit.

-- blocks_delete
with
  del as (
    delete from blocks
    where
      blocker_id = $1
      and blocked_id = $2
      and not exists (
        select
        from
          blocks tb
        where
          tb.blocker_id = $2
          and tb.blocked_id = $1
      )
    returning
      1
  )
select
  (
    select
      count(*)::int
    from
      del
  ) as deleted,
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
  users u
where
  u.id = $2
  and not exists (
    select
    from
      blocks tb
    where
      tb.blocker_id = $2
      and tb.blocked_id = $1
  );

-- blocks_exists
select
  1
from
  blocks
where
  blocker_id = $1
  and blocked_id = $2;

-- blocks_insert
with
  ins as (
    insert into
      blocks (blocker_id, blocked_id)
    select
      $1,
      $2
    where
      not exists (
        select
        from
          blocks tb
        where
          tb.blocker_id = $2
          and tb.blocked_id = $1
      )
    returning
      blocker_id,
      blocked_id
  )
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
  users u
where
  u.id = $2
  and not exists (
    select
    from
      blocks tb
    where
      tb.blocker_id = $2
      and tb.blocked_id = $1
  );

-- follow_insert
with
  ins as (
    insert into
      follows (follower_id, followed_id)
    values
      ($1, $2)
    returning
      follower_id,
      followed_id
  ),
  noted as (
    insert into
      notifications (recipient_id, type, actor_id, post_id, comment_id)
    select
      *
    from
      (
        select
          followed_id,
          'follow',
          follower_id,
          null::int,
          null::int
        from
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
  1
from
  ins;

-- mutes_delete
with
  del as (
    delete from mutes
    where
      muter_id = $1
      and muted_id = $2
      and not exists (
        select
        from
          blocks tb
        where
          tb.blocker_id = $2
          and tb.blocked_id = $1
      )
    returning
      1
  )
select
  (
    select
      count(*)::int
    from
      del
  ) as deleted,
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
  users u
where
  u.id = $2
  and not exists (
    select
    from
      blocks tb
    where
      tb.blocker_id = $2
      and tb.blocked_id = $1
  );

-- mutes_exists
select
  1
from
  mutes
where
  muter_id = $1
  and muted_id = $2;

-- mutes_insert
with
  ins as (
    insert into
      mutes (muter_id, muted_id)
    select
      $1,
      $2
    where
      not exists (
        select
        from
          blocks tb
        where
          tb.blocker_id = $2
          and tb.blocked_id = $1
      )
    returning
      muter_id,
      muted_id
  )
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
  users u
where
  u.id = $2
  and not exists (
    select
    from
      blocks tb
    where
      tb.blocker_id = $2
      and tb.blocked_id = $1
  );

-- user_account_taken
select
  exists (
    select
    from
      users
    where
      email = $1
  ) as email,
  exists (
    select
    from
      users
    where
      handle = $2
  ) as handle;

-- user_by_handle
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
                u.id,
                u.first_name as "firstName",
                u.last_name as "lastName",
                u.avatar_url as "avatarUrl",
                u.handle,
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          u_p.id,
                          u_p.title,
                          u_p.content,
                          to_char(u_p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                          (
                            select
                              row_to_json(o)
                            from
                              (
                                select
                                  u_p_a.id,
                                  u_p_a.first_name as "firstName",
                                  u_p_a.last_name as "lastName",
                                  u_p_a.avatar_url as "avatarUrl",
                                  u_p_a.handle
                                from
                                  users u_p_a
                                where
                                  u_p_a.id = u_p.author_id
                              ) o
                          ) as "createdBy",
                          case
                            when coalesce(u_p_st.like_count, 0) = 0 then '[]'::json
                            else coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      u_p_lu.id,
                                      u_p_lu.first_name as "firstName",
                                      u_p_lu.last_name as "lastName",
                                      u_p_lu.avatar_url as "avatarUrl",
                                      u_p_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          post_likes l
                                        where
                                          l.post_id = u_p.id
                                          and true
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) u_p_lu_i
                                      join users u_p_lu on u_p_lu.id = u_p_lu_i.user_id
                                    order by
                                      u_p_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            )
                          end as "likedBy",
                          case
                            when coalesce(u_p_st.comment_count, 0) = 0 then '[]'::json
                            else coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      u_p_c.id,
                                      u_p_c.content,
                                      to_char(u_p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                                      (
                                        select
                                          row_to_json(o)
                                        from
                                          (
                                            select
                                              u_p_c_a.id,
                                              u_p_c_a.first_name as "firstName",
                                              u_p_c_a.last_name as "lastName",
                                              u_p_c_a.avatar_url as "avatarUrl",
                                              u_p_c_a.handle
                                            from
                                              users u_p_c_a
                                            where
                                              u_p_c_a.id = u_p_c.author_id
                                          ) o
                                      ) as "createdBy",
                                      case
                                        when coalesce(u_p_c_st.like_count, 0) = 0 then '[]'::json
                                        else coalesce(
                                          (
                                            select
                                              array_to_json(array_agg(a))
                                            from
                                              (
                                                select
                                                  u_p_c_lu.id,
                                                  u_p_c_lu.first_name as "firstName",
                                                  u_p_c_lu.last_name as "lastName",
                                                  u_p_c_lu.avatar_url as "avatarUrl",
                                                  u_p_c_lu.handle
                                                from
                                                  (
                                                    select
                                                      l.user_id
                                                    from
                                                      comment_likes l
                                                    where
                                                      l.comment_id = u_p_c.id
                                                      and true
                                                    order by
                                                      l.user_id
                                                    limit
                                                      20
                                                  ) u_p_c_lu_i
                                                  join users u_p_c_lu on u_p_c_lu.id = u_p_c_lu_i.user_id
                                                order by
                                                  u_p_c_lu_i.user_id
                                                limit
                                                  20
                                              ) a
                                          ),
                                          '[]'::json
                                        )
                                      end as "likedBy",
                                      (coalesce(u_p_c_st.like_count, 0) - 0)::int as "likeCount",
                                      (
                                        coalesce(u_p_c_st.like_count, 0) > 0
                                        and exists (
                                          select
                                          from
                                            comment_likes u_p_c_c
                                          where
                                            u_p_c_c.comment_id = u_p_c.id
                                            and u_p_c_c.user_id = s.user_id
                                        )
                                      ) as "likedByMe",
                                      case
                                        when strpos(u_p_c.content, '@') = 0 then '[]'::json
                                        else coalesce(
                                          (
                                            select
                                              array_to_json(array_agg(a))
                                            from
                                              (
                                                select
                                                  u_p_c_me_mu.id,
                                                  u_p_c_me_mu.first_name as "firstName",
                                                  u_p_c_me_mu.last_name as "lastName",
                                                  u_p_c_me_mu.avatar_url as "avatarUrl",
                                                  u_p_c_me_mu.handle
                                                from
                                                  comment_mentions u_p_c_me_m
                                                  join users u_p_c_me_mu on u_p_c_me_mu.id = u_p_c_me_m.user_id
                                                where
                                                  u_p_c_me_m.comment_id = u_p_c.id
                                                  and u_p_c_me_m.shown
                                                  and true
                                                order by
                                                  u_p_c_me_m.user_id
                                                limit
                                                  20
                                              ) a
                                          ),
                                          '[]'::json
                                        )
                                      end as mentions
                                    from
                                      comments u_p_c
                                      left join lateral (
                                        select
                                          *
                                        from
                                          comment_stats u_p_c_sr
                                        where
                                          u_p_c_sr.comment_id = u_p_c.id
                                        limit
                                          1
                                      ) u_p_c_st on true
                                    where
                                      u_p_c.post_id = u_p.id
                                      and true
                                    order by
                                      u_p_c.created_at desc,
                                      u_p_c.id desc
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            )
                          end as comments,
                          (coalesce(u_p_st.like_count, 0) - 0)::int as "likeCount",
                          (coalesce(u_p_st.comment_count, 0) - 0)::int as "commentCount",
                          (
                            coalesce(u_p_st.like_count, 0) > 0
                            and exists (
                              select
                              from
                                post_likes u_p_p
                              where
                                u_p_p.post_id = u_p.id
                                and u_p_p.user_id = s.user_id
                            )
                          ) as "likedByMe",
                          coalesce(u_p.media::json, '[]'::json) as media,
                          coalesce(to_json(u_p.tags), '[]'::json) as tags,
                          (coalesce(u_p_st.quote_count, 0) - 0)::int as "quoteCount",
                          case
                            when u_p.quote_of_id is null then null
                            else (
                              select
                                row_to_json(o)
                              from
                                (
                                  select
                                    u_p_q.id,
                                    u_p_q.title,
                                    u_p_q.content,
                                    to_char(u_p_q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                                    (
                                      select
                                        row_to_json(o)
                                      from
                                        (
                                          select
                                            u_p_q_a.id,
                                            u_p_q_a.first_name as "firstName",
                                            u_p_q_a.last_name as "lastName",
                                            u_p_q_a.avatar_url as "avatarUrl",
                                            u_p_q_a.handle
                                          from
                                            users u_p_q_a
                                          where
                                            u_p_q_a.id = u_p_q.author_id
                                        ) o
                                    ) as "createdBy",
                                    (coalesce(u_p_q_st.like_count, 0) - 0)::int as "likeCount",
                                    (coalesce(u_p_q_st.comment_count, 0) - 0)::int as "commentCount",
                                    coalesce(u_p_q.media::json, '[]'::json) as media,
                                    coalesce(to_json(u_p_q.tags), '[]'::json) as tags,
                                    (coalesce(u_p_q_st.quote_count, 0) - 0)::int as "quoteCount"
                                  from
                                    posts u_p_q
                                    left join lateral (
                                      select
                                        *
                                      from
                                        post_stats u_p_q_sr
                                      where
                                        u_p_q_sr.post_id = u_p_q.id
                                      limit
                                        1
                                    ) u_p_q_st on true
                                  where
                                    u_p_q.id = u_p.quote_of_id
                                    and true
                                ) o
                            )
                          end as "quoteOf",
                          (coalesce(u_p_st.repost_count, 0) - 0)::int as "repostCount",
                          (
                            coalesce(u_p_st.repost_count, 0) > 0
                            and exists (
                              select
                              from
                                reposts u_p_r
                              where
                                u_p_r.post_id = u_p.id
                                and u_p_r.user_id = s.user_id
                            )
                          ) as "repostedByMe",
                          (
                            exists (
                              select
                              from
                                bookmarks u_p_ba
                              where
                                u_p_ba.user_id = s.user_id
                            )
                            and exists (
                              select
                              from
                                bookmarks u_p_b
                              where
                                u_p_b.post_id = u_p.id
                                and u_p_b.user_id = s.user_id
                            )
                          ) as "bookmarkedByMe",
                          case
                            when strpos(u_p.content, '@') = 0 then '[]'::json
                            else coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      u_p_me_mu.id,
                                      u_p_me_mu.first_name as "firstName",
                                      u_p_me_mu.last_name as "lastName",
                                      u_p_me_mu.avatar_url as "avatarUrl",
                                      u_p_me_mu.handle
                                    from
                                      post_mentions u_p_me_m
                                      join users u_p_me_mu on u_p_me_mu.id = u_p_me_m.user_id
                                    where
                                      u_p_me_m.post_id = u_p.id
                                      and u_p_me_m.shown
                                      and true
                                    order by
                                      u_p_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            )
                          end as mentions
                        from
                          posts u_p
                          left join lateral (
                            select
                              *
                            from
                              post_stats u_p_sr
                            where
                              u_p_sr.post_id = u_p.id
                            limit
                              1
                          ) u_p_st on true
                        where
                          u_p.author_id = u.id
                        order by
                          u_p.created_at desc,
                          u_p.id desc
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as posts,
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          u_c.id,
                          u_c.content,
                          to_char(u_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                          (
                            select
                              row_to_json(o)
                            from
                              (
                                select
                                  u_c_a.id,
                                  u_c_a.first_name as "firstName",
                                  u_c_a.last_name as "lastName",
                                  u_c_a.avatar_url as "avatarUrl",
                                  u_c_a.handle
                                from
                                  users u_c_a
                                where
                                  u_c_a.id = u_c.author_id
                              ) o
                          ) as "createdBy",
                          case
                            when coalesce(u_c_st.like_count, 0) = 0 then '[]'::json
                            else coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      u_c_lu.id,
                                      u_c_lu.first_name as "firstName",
                                      u_c_lu.last_name as "lastName",
                                      u_c_lu.avatar_url as "avatarUrl",
                                      u_c_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          comment_likes l
                                        where
                                          l.comment_id = u_c.id
                                          and true
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) u_c_lu_i
                                      join users u_c_lu on u_c_lu.id = u_c_lu_i.user_id
                                    order by
                                      u_c_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            )
                          end as "likedBy",
                          (coalesce(u_c_st.like_count, 0) - 0)::int as "likeCount",
                          (
                            coalesce(u_c_st.like_count, 0) > 0
                            and exists (
                              select
                              from
                                comment_likes u_c_c
                              where
                                u_c_c.comment_id = u_c.id
                                and u_c_c.user_id = s.user_id
                            )
                          ) as "likedByMe",
                          case
                            when strpos(u_c.content, '@') = 0 then '[]'::json
                            else coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      u_c_me_mu.id,
                                      u_c_me_mu.first_name as "firstName",
                                      u_c_me_mu.last_name as "lastName",
                                      u_c_me_mu.avatar_url as "avatarUrl",
                                      u_c_me_mu.handle
                                    from
                                      comment_mentions u_c_me_m
                                      join users u_c_me_mu on u_c_me_mu.id = u_c_me_m.user_id
                                    where
                                      u_c_me_m.comment_id = u_c.id
                                      and u_c_me_m.shown
                                      and true
                                    order by
                                      u_c_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            )
                          end as mentions
                        from
                          comments u_c
                          left join lateral (
                            select
                              *
                            from
                              comment_stats u_c_sr
                            where
                              u_c_sr.comment_id = u_c.id
                            limit
                              1
                          ) u_c_st on true
                        where
                          u_c.author_id = u.id
                          and true
                          and true
                        order by
                          u_c.created_at desc,
                          u_c.id desc
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as comments,
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          u_followed_u.id,
                          u_followed_u.first_name as "firstName",
                          u_followed_u.last_name as "lastName",
                          u_followed_u.avatar_url as "avatarUrl",
                          u_followed_u.handle
                        from
                          follows u_followed
                          join users u_followed_u on u_followed_u.id = u_followed.followed_id
                        where
                          u_followed.follower_id = u.id
                          and true
                        order by
                          u_followed.followed_id
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as followed,
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          u_followers_u.id,
                          u_followers_u.first_name as "firstName",
                          u_followers_u.last_name as "lastName",
                          u_followers_u.avatar_url as "avatarUrl",
                          u_followers_u.handle
                        from
                          follows u_followers
                          join users u_followers_u on u_followers_u.id = u_followers.follower_id
                        where
                          u_followers.followed_id = u.id
                          and true
                        order by
                          u_followers.follower_id
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as followers,
                coalesce(
                  (
                    select
                      u_s.post_count
                    from
                      user_stats u_s
                    where
                      u_s.user_id = u.id
                  ),
                  0
                )::int as "postCount",
                (
                  coalesce(
                    (
                      select
                        u_s.comment_count
                      from
                        user_stats u_s
                      where
                        u_s.user_id = u.id
                    ),
                    0
                  ) - 0
                )::int as "commentCount",
                (
                  coalesce(
                    (
                      select
                        u_s.follower_count
                      from
                        user_stats u_s
                      where
                        u_s.user_id = u.id
                    ),
                    0
                  ) - 0
                )::int as "followerCount",
                (
                  coalesce(
                    (
                      select
                        u_s.followed_count
                      from
                        user_stats u_s
                      where
                        u_s.user_id = u.id
                    ),
                    0
                  ) - 0
                )::int as "followedCount"
            ) o
        )
      from
        users u
      where
        u.handle = $3
        and true
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

-- user_by_handle_guarded
select
  (
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
              u.handle,
              coalesce(
                (
                  select
                    array_to_json(array_agg(a))
                  from
                    (
                      select
                        u_p.id,
                        u_p.title,
                        u_p.content,
                        to_char(u_p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                        (
                          select
                            row_to_json(o)
                          from
                            (
                              select
                                u_p_a.id,
                                u_p_a.first_name as "firstName",
                                u_p_a.last_name as "lastName",
                                u_p_a.avatar_url as "avatarUrl",
                                u_p_a.handle
                              from
                                users u_p_a
                              where
                                u_p_a.id = u_p.author_id
                            ) o
                        ) as "createdBy",
                        case
                          when coalesce(u_p_st.like_count, 0) = 0 then '[]'::json
                          else coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    u_p_lu.id,
                                    u_p_lu.first_name as "firstName",
                                    u_p_lu.last_name as "lastName",
                                    u_p_lu.avatar_url as "avatarUrl",
                                    u_p_lu.handle
                                  from
                                    (
                                      select
                                        l.user_id
                                      from
                                        post_likes l
                                      where
                                        l.post_id = u_p.id
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
                                    ) u_p_lu_i
                                    join users u_p_lu on u_p_lu.id = u_p_lu_i.user_id
                                  order by
                                    u_p_lu_i.user_id
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          )
                        end as "likedBy",
                        case
                          when coalesce(u_p_st.comment_count, 0) = 0 then '[]'::json
                          else coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    u_p_c.id,
                                    u_p_c.content,
                                    to_char(u_p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                                    (
                                      select
                                        row_to_json(o)
                                      from
                                        (
                                          select
                                            u_p_c_a.id,
                                            u_p_c_a.first_name as "firstName",
                                            u_p_c_a.last_name as "lastName",
                                            u_p_c_a.avatar_url as "avatarUrl",
                                            u_p_c_a.handle
                                          from
                                            users u_p_c_a
                                          where
                                            u_p_c_a.id = u_p_c.author_id
                                        ) o
                                    ) as "createdBy",
                                    case
                                      when coalesce(u_p_c_st.like_count, 0) = 0 then '[]'::json
                                      else coalesce(
                                        (
                                          select
                                            array_to_json(array_agg(a))
                                          from
                                            (
                                              select
                                                u_p_c_lu.id,
                                                u_p_c_lu.first_name as "firstName",
                                                u_p_c_lu.last_name as "lastName",
                                                u_p_c_lu.avatar_url as "avatarUrl",
                                                u_p_c_lu.handle
                                              from
                                                (
                                                  select
                                                    l.user_id
                                                  from
                                                    comment_likes l
                                                  where
                                                    l.comment_id = u_p_c.id
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
                                                ) u_p_c_lu_i
                                                join users u_p_c_lu on u_p_c_lu.id = u_p_c_lu_i.user_id
                                              order by
                                                u_p_c_lu_i.user_id
                                              limit
                                                20
                                            ) a
                                        ),
                                        '[]'::json
                                      )
                                    end as "likedBy",
                                    (
                                      coalesce(u_p_c_st.like_count, 0) - (
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
                                                  hl.comment_id = u_p_c.id
                                                  and hl.user_id = hu.u
                                              ) hr
                                          )
                                        end
                                      )
                                    )::int as "likeCount",
                                    (
                                      coalesce(u_p_c_st.like_count, 0) > 0
                                      and exists (
                                        select
                                        from
                                          comment_likes u_p_c_c
                                        where
                                          u_p_c_c.comment_id = u_p_c.id
                                          and u_p_c_c.user_id = s.user_id
                                      )
                                    ) as "likedByMe",
                                    case
                                      when strpos(u_p_c.content, '@') = 0 then '[]'::json
                                      else coalesce(
                                        (
                                          select
                                            array_to_json(array_agg(a))
                                          from
                                            (
                                              select
                                                u_p_c_me_mu.id,
                                                u_p_c_me_mu.first_name as "firstName",
                                                u_p_c_me_mu.last_name as "lastName",
                                                u_p_c_me_mu.avatar_url as "avatarUrl",
                                                u_p_c_me_mu.handle
                                              from
                                                comment_mentions u_p_c_me_m
                                                join users u_p_c_me_mu on u_p_c_me_mu.id = u_p_c_me_m.user_id
                                              where
                                                u_p_c_me_m.comment_id = u_p_c.id
                                                and u_p_c_me_m.shown
                                                and (
                                                  s.block_count = 0
                                                  or (
                                                    not exists (
                                                      select
                                                      from
                                                        blocks bk
                                                      where
                                                        bk.blocker_id = s.user_id
                                                        and bk.blocked_id = u_p_c_me_m.user_id
                                                    )
                                                    and not exists (
                                                      select
                                                      from
                                                        blocks bk
                                                      where
                                                        bk.blocker_id = u_p_c_me_m.user_id
                                                        and bk.blocked_id = s.user_id
                                                    )
                                                  )
                                                )
                                              order by
                                                u_p_c_me_m.user_id
                                              limit
                                                20
                                            ) a
                                        ),
                                        '[]'::json
                                      )
                                    end as mentions
                                  from
                                    comments u_p_c
                                    left join lateral (
                                      select
                                        *
                                      from
                                        comment_stats u_p_c_sr
                                      where
                                        u_p_c_sr.comment_id = u_p_c.id
                                      limit
                                        1
                                    ) u_p_c_st on true
                                  where
                                    u_p_c.post_id = u_p.id
                                    and (
                                      s.block_count = 0
                                      or (
                                        not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = s.user_id
                                            and bk.blocked_id = u_p_c.author_id
                                        )
                                        and not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = u_p_c.author_id
                                            and bk.blocked_id = s.user_id
                                        )
                                      )
                                    )
                                  order by
                                    u_p_c.created_at desc,
                                    u_p_c.id desc
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          )
                        end as comments,
                        (
                          coalesce(u_p_st.like_count, 0) - (
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
                                      hl.post_id = u_p.id
                                      and hl.user_id = hu.u
                                  ) hr
                              )
                            end
                          )
                        )::int as "likeCount",
                        (
                          coalesce(u_p_st.comment_count, 0) - (
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
                                      hc.post_id = u_p.id
                                      and hc.author_id = hu.u
                                  ) hr
                              )
                            end
                          )
                        )::int as "commentCount",
                        (
                          coalesce(u_p_st.like_count, 0) > 0
                          and exists (
                            select
                            from
                              post_likes u_p_p
                            where
                              u_p_p.post_id = u_p.id
                              and u_p_p.user_id = s.user_id
                          )
                        ) as "likedByMe",
                        coalesce(u_p.media::json, '[]'::json) as media,
                        coalesce(to_json(u_p.tags), '[]'::json) as tags,
                        (
                          coalesce(u_p_st.quote_count, 0) - (
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
                                      posts hq
                                    where
                                      hq.quote_of_id = u_p.id
                                      and hq.author_id = hu.u
                                  ) hr
                              )
                            end
                          )
                        )::int as "quoteCount",
                        case
                          when u_p.quote_of_id is null then null
                          else (
                            select
                              row_to_json(o)
                            from
                              (
                                select
                                  u_p_q.id,
                                  u_p_q.title,
                                  u_p_q.content,
                                  to_char(u_p_q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                                  (
                                    select
                                      row_to_json(o)
                                    from
                                      (
                                        select
                                          u_p_q_a.id,
                                          u_p_q_a.first_name as "firstName",
                                          u_p_q_a.last_name as "lastName",
                                          u_p_q_a.avatar_url as "avatarUrl",
                                          u_p_q_a.handle
                                        from
                                          users u_p_q_a
                                        where
                                          u_p_q_a.id = u_p_q.author_id
                                      ) o
                                  ) as "createdBy",
                                  (
                                    coalesce(u_p_q_st.like_count, 0) - (
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
                                                hl.post_id = u_p_q.id
                                                and hl.user_id = hu.u
                                            ) hr
                                        )
                                      end
                                    )
                                  )::int as "likeCount",
                                  (
                                    coalesce(u_p_q_st.comment_count, 0) - (
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
                                                hc.post_id = u_p_q.id
                                                and hc.author_id = hu.u
                                            ) hr
                                        )
                                      end
                                    )
                                  )::int as "commentCount",
                                  coalesce(u_p_q.media::json, '[]'::json) as media,
                                  coalesce(to_json(u_p_q.tags), '[]'::json) as tags,
                                  (
                                    coalesce(u_p_q_st.quote_count, 0) - (
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
                                                posts hq
                                              where
                                                hq.quote_of_id = u_p_q.id
                                                and hq.author_id = hu.u
                                            ) hr
                                        )
                                      end
                                    )
                                  )::int as "quoteCount"
                                from
                                  posts u_p_q
                                  left join lateral (
                                    select
                                      *
                                    from
                                      post_stats u_p_q_sr
                                    where
                                      u_p_q_sr.post_id = u_p_q.id
                                    limit
                                      1
                                  ) u_p_q_st on true
                                where
                                  u_p_q.id = u_p.quote_of_id
                                  and (
                                    s.block_count = 0
                                    or (
                                      not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = s.user_id
                                          and bk.blocked_id = u_p_q.author_id
                                      )
                                      and not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = u_p_q.author_id
                                          and bk.blocked_id = s.user_id
                                      )
                                    )
                                  )
                              ) o
                          )
                        end as "quoteOf",
                        (
                          coalesce(u_p_st.repost_count, 0) - (
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
                                      reposts hr
                                    where
                                      hr.post_id = u_p.id
                                      and hr.user_id = hu.u
                                  ) hr
                              )
                            end
                          )
                        )::int as "repostCount",
                        (
                          coalesce(u_p_st.repost_count, 0) > 0
                          and exists (
                            select
                            from
                              reposts u_p_r
                            where
                              u_p_r.post_id = u_p.id
                              and u_p_r.user_id = s.user_id
                          )
                        ) as "repostedByMe",
                        (
                          exists (
                            select
                            from
                              bookmarks u_p_ba
                            where
                              u_p_ba.user_id = s.user_id
                          )
                          and exists (
                            select
                            from
                              bookmarks u_p_b
                            where
                              u_p_b.post_id = u_p.id
                              and u_p_b.user_id = s.user_id
                          )
                        ) as "bookmarkedByMe",
                        case
                          when strpos(u_p.content, '@') = 0 then '[]'::json
                          else coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    u_p_me_mu.id,
                                    u_p_me_mu.first_name as "firstName",
                                    u_p_me_mu.last_name as "lastName",
                                    u_p_me_mu.avatar_url as "avatarUrl",
                                    u_p_me_mu.handle
                                  from
                                    post_mentions u_p_me_m
                                    join users u_p_me_mu on u_p_me_mu.id = u_p_me_m.user_id
                                  where
                                    u_p_me_m.post_id = u_p.id
                                    and u_p_me_m.shown
                                    and (
                                      s.block_count = 0
                                      or (
                                        not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = s.user_id
                                            and bk.blocked_id = u_p_me_m.user_id
                                        )
                                        and not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = u_p_me_m.user_id
                                            and bk.blocked_id = s.user_id
                                        )
                                      )
                                    )
                                  order by
                                    u_p_me_m.user_id
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          )
                        end as mentions
                      from
                        posts u_p
                        left join lateral (
                          select
                            *
                          from
                            post_stats u_p_sr
                          where
                            u_p_sr.post_id = u_p.id
                          limit
                            1
                        ) u_p_st on true
                      where
                        u_p.author_id = u.id
                      order by
                        u_p.created_at desc,
                        u_p.id desc
                      limit
                        20
                    ) a
                ),
                '[]'::json
              ) as posts,
              coalesce(
                (
                  select
                    array_to_json(array_agg(a))
                  from
                    (
                      select
                        u_c.id,
                        u_c.content,
                        to_char(u_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                        (
                          select
                            row_to_json(o)
                          from
                            (
                              select
                                u_c_a.id,
                                u_c_a.first_name as "firstName",
                                u_c_a.last_name as "lastName",
                                u_c_a.avatar_url as "avatarUrl",
                                u_c_a.handle
                              from
                                users u_c_a
                              where
                                u_c_a.id = u_c.author_id
                            ) o
                        ) as "createdBy",
                        case
                          when coalesce(u_c_st.like_count, 0) = 0 then '[]'::json
                          else coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    u_c_lu.id,
                                    u_c_lu.first_name as "firstName",
                                    u_c_lu.last_name as "lastName",
                                    u_c_lu.avatar_url as "avatarUrl",
                                    u_c_lu.handle
                                  from
                                    (
                                      select
                                        l.user_id
                                      from
                                        comment_likes l
                                      where
                                        l.comment_id = u_c.id
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
                                    ) u_c_lu_i
                                    join users u_c_lu on u_c_lu.id = u_c_lu_i.user_id
                                  order by
                                    u_c_lu_i.user_id
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          )
                        end as "likedBy",
                        (
                          coalesce(u_c_st.like_count, 0) - (
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
                                      hl.comment_id = u_c.id
                                      and hl.user_id = hu.u
                                  ) hr
                              )
                            end
                          )
                        )::int as "likeCount",
                        (
                          coalesce(u_c_st.like_count, 0) > 0
                          and exists (
                            select
                            from
                              comment_likes u_c_c
                            where
                              u_c_c.comment_id = u_c.id
                              and u_c_c.user_id = s.user_id
                          )
                        ) as "likedByMe",
                        case
                          when strpos(u_c.content, '@') = 0 then '[]'::json
                          else coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    u_c_me_mu.id,
                                    u_c_me_mu.first_name as "firstName",
                                    u_c_me_mu.last_name as "lastName",
                                    u_c_me_mu.avatar_url as "avatarUrl",
                                    u_c_me_mu.handle
                                  from
                                    comment_mentions u_c_me_m
                                    join users u_c_me_mu on u_c_me_mu.id = u_c_me_m.user_id
                                  where
                                    u_c_me_m.comment_id = u_c.id
                                    and u_c_me_m.shown
                                    and (
                                      s.block_count = 0
                                      or (
                                        not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = s.user_id
                                            and bk.blocked_id = u_c_me_m.user_id
                                        )
                                        and not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = u_c_me_m.user_id
                                            and bk.blocked_id = s.user_id
                                        )
                                      )
                                    )
                                  order by
                                    u_c_me_m.user_id
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          )
                        end as mentions
                      from
                        comments u_c
                        left join lateral (
                          select
                            *
                          from
                            comment_stats u_c_sr
                          where
                            u_c_sr.comment_id = u_c.id
                          limit
                            1
                        ) u_c_st on true
                      where
                        u_c.author_id = u.id
                        and (
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
                                    cp.author_id
                                  from
                                    posts cp
                                  where
                                    cp.id = u_c.post_id
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
                                    cp.id = u_c.post_id
                                )
                                and bk.blocked_id = s.user_id
                            )
                          )
                        )
                        and (
                          s.block_count = 0
                          or (
                            not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = s.user_id
                                and bk.blocked_id = u_c.author_id
                            )
                            and not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = u_c.author_id
                                and bk.blocked_id = s.user_id
                            )
                          )
                        )
                      order by
                        u_c.created_at desc,
                        u_c.id desc
                      limit
                        20
                    ) a
                ),
                '[]'::json
              ) as comments,
              coalesce(
                (
                  select
                    array_to_json(array_agg(a))
                  from
                    (
                      select
                        u_followed_u.id,
                        u_followed_u.first_name as "firstName",
                        u_followed_u.last_name as "lastName",
                        u_followed_u.avatar_url as "avatarUrl",
                        u_followed_u.handle
                      from
                        follows u_followed
                        join users u_followed_u on u_followed_u.id = u_followed.followed_id
                      where
                        u_followed.follower_id = u.id
                        and (
                          s.block_count = 0
                          or (
                            not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = s.user_id
                                and bk.blocked_id = u_followed.followed_id
                            )
                            and not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = u_followed.followed_id
                                and bk.blocked_id = s.user_id
                            )
                          )
                        )
                      order by
                        u_followed.followed_id
                      limit
                        20
                    ) a
                ),
                '[]'::json
              ) as followed,
              coalesce(
                (
                  select
                    array_to_json(array_agg(a))
                  from
                    (
                      select
                        u_followers_u.id,
                        u_followers_u.first_name as "firstName",
                        u_followers_u.last_name as "lastName",
                        u_followers_u.avatar_url as "avatarUrl",
                        u_followers_u.handle
                      from
                        follows u_followers
                        join users u_followers_u on u_followers_u.id = u_followers.follower_id
                      where
                        u_followers.followed_id = u.id
                        and (
                          s.block_count = 0
                          or (
                            not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = s.user_id
                                and bk.blocked_id = u_followers.follower_id
                            )
                            and not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = u_followers.follower_id
                                and bk.blocked_id = s.user_id
                            )
                          )
                        )
                      order by
                        u_followers.follower_id
                      limit
                        20
                    ) a
                ),
                '[]'::json
              ) as followers,
              coalesce(
                (
                  select
                    u_s.post_count
                  from
                    user_stats u_s
                  where
                    u_s.user_id = u.id
                ),
                0
              )::int as "postCount",
              (
                coalesce(
                  (
                    select
                      u_s.comment_count
                    from
                      user_stats u_s
                    where
                      u_s.user_id = u.id
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
                            posts hp
                            join comments hc on hc.post_id = hp.id
                          where
                            hp.author_id = hu.u
                            and hc.author_id = u.id
                        ) hr
                    )
                  end
                )
              )::int as "commentCount",
              (
                coalesce(
                  (
                    select
                      u_s.follower_count
                    from
                      user_stats u_s
                    where
                      u_s.user_id = u.id
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
                            follows hf
                          where
                            hf.follower_id = hu.u
                            and hf.followed_id = u.id
                        ) hr
                    )
                  end
                )
              )::int as "followerCount",
              (
                coalesce(
                  (
                    select
                      u_s.followed_count
                    from
                      user_stats u_s
                    where
                      u_s.user_id = u.id
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
                            follows hf
                          where
                            hf.follower_id = u.id
                            and hf.followed_id = hu.u
                        ) hr
                    )
                  end
                )
              )::int as "followedCount"
          ) o
      )
    from
      users u
    where
      u.handle = $3
      and (
        s.block_count = 0
        or (
          not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = s.user_id
              and bk.blocked_id = u.id
          )
          and not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = u.id
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

-- user_by_id
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
                u.id,
                u.first_name as "firstName",
                u.last_name as "lastName",
                u.avatar_url as "avatarUrl",
                u.handle,
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          u_p.id,
                          u_p.title,
                          u_p.content,
                          to_char(u_p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                          (
                            select
                              row_to_json(o)
                            from
                              (
                                select
                                  u_p_a.id,
                                  u_p_a.first_name as "firstName",
                                  u_p_a.last_name as "lastName",
                                  u_p_a.avatar_url as "avatarUrl",
                                  u_p_a.handle
                                from
                                  users u_p_a
                                where
                                  u_p_a.id = u_p.author_id
                              ) o
                          ) as "createdBy",
                          case
                            when coalesce(u_p_st.like_count, 0) = 0 then '[]'::json
                            else coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      u_p_lu.id,
                                      u_p_lu.first_name as "firstName",
                                      u_p_lu.last_name as "lastName",
                                      u_p_lu.avatar_url as "avatarUrl",
                                      u_p_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          post_likes l
                                        where
                                          l.post_id = u_p.id
                                          and true
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) u_p_lu_i
                                      join users u_p_lu on u_p_lu.id = u_p_lu_i.user_id
                                    order by
                                      u_p_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            )
                          end as "likedBy",
                          case
                            when coalesce(u_p_st.comment_count, 0) = 0 then '[]'::json
                            else coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      u_p_c.id,
                                      u_p_c.content,
                                      to_char(u_p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                                      (
                                        select
                                          row_to_json(o)
                                        from
                                          (
                                            select
                                              u_p_c_a.id,
                                              u_p_c_a.first_name as "firstName",
                                              u_p_c_a.last_name as "lastName",
                                              u_p_c_a.avatar_url as "avatarUrl",
                                              u_p_c_a.handle
                                            from
                                              users u_p_c_a
                                            where
                                              u_p_c_a.id = u_p_c.author_id
                                          ) o
                                      ) as "createdBy",
                                      case
                                        when coalesce(u_p_c_st.like_count, 0) = 0 then '[]'::json
                                        else coalesce(
                                          (
                                            select
                                              array_to_json(array_agg(a))
                                            from
                                              (
                                                select
                                                  u_p_c_lu.id,
                                                  u_p_c_lu.first_name as "firstName",
                                                  u_p_c_lu.last_name as "lastName",
                                                  u_p_c_lu.avatar_url as "avatarUrl",
                                                  u_p_c_lu.handle
                                                from
                                                  (
                                                    select
                                                      l.user_id
                                                    from
                                                      comment_likes l
                                                    where
                                                      l.comment_id = u_p_c.id
                                                      and true
                                                    order by
                                                      l.user_id
                                                    limit
                                                      20
                                                  ) u_p_c_lu_i
                                                  join users u_p_c_lu on u_p_c_lu.id = u_p_c_lu_i.user_id
                                                order by
                                                  u_p_c_lu_i.user_id
                                                limit
                                                  20
                                              ) a
                                          ),
                                          '[]'::json
                                        )
                                      end as "likedBy",
                                      (coalesce(u_p_c_st.like_count, 0) - 0)::int as "likeCount",
                                      to_json(
                                        '#c' || u_p_c.id || case
                                          when (
                                            coalesce(u_p_c_st.like_count, 0) > 0
                                            and exists (
                                              select
                                              from
                                                comment_likes u_p_c_c
                                              where
                                                u_p_c_c.comment_id = u_p_c.id
                                                and u_p_c_c.user_id = s.user_id
                                            )
                                          ) then 't'
                                          else 'f'
                                        end
                                      ) as "likedByMe",
                                      case
                                        when strpos(u_p_c.content, '@') = 0 then '[]'::json
                                        else coalesce(
                                          (
                                            select
                                              array_to_json(array_agg(a))
                                            from
                                              (
                                                select
                                                  u_p_c_me_mu.id,
                                                  u_p_c_me_mu.first_name as "firstName",
                                                  u_p_c_me_mu.last_name as "lastName",
                                                  u_p_c_me_mu.avatar_url as "avatarUrl",
                                                  u_p_c_me_mu.handle
                                                from
                                                  comment_mentions u_p_c_me_m
                                                  join users u_p_c_me_mu on u_p_c_me_mu.id = u_p_c_me_m.user_id
                                                where
                                                  u_p_c_me_m.comment_id = u_p_c.id
                                                  and u_p_c_me_m.shown
                                                  and true
                                                order by
                                                  u_p_c_me_m.user_id
                                                limit
                                                  20
                                              ) a
                                          ),
                                          '[]'::json
                                        )
                                      end as mentions
                                    from
                                      comments u_p_c
                                      left join lateral (
                                        select
                                          *
                                        from
                                          comment_stats u_p_c_sr
                                        where
                                          u_p_c_sr.comment_id = u_p_c.id
                                        limit
                                          1
                                      ) u_p_c_st on true
                                    where
                                      u_p_c.post_id = u_p.id
                                      and true
                                    order by
                                      u_p_c.created_at desc,
                                      u_p_c.id desc
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            )
                          end as comments,
                          (coalesce(u_p_st.like_count, 0) - 0)::int as "likeCount",
                          (coalesce(u_p_st.comment_count, 0) - 0)::int as "commentCount",
                          to_json(
                            '#p' || u_p.id || case
                              when (
                                coalesce(u_p_st.like_count, 0) > 0
                                and exists (
                                  select
                                  from
                                    post_likes u_p_p
                                  where
                                    u_p_p.post_id = u_p.id
                                    and u_p_p.user_id = s.user_id
                                )
                              ) then 't'
                              else 'f'
                            end
                          ) as "likedByMe",
                          coalesce(u_p.media::json, '[]'::json) as media,
                          coalesce(to_json(u_p.tags), '[]'::json) as tags,
                          (coalesce(u_p_st.quote_count, 0) - 0)::int as "quoteCount",
                          case
                            when u_p.quote_of_id is null then null
                            else (
                              select
                                row_to_json(o)
                              from
                                (
                                  select
                                    u_p_q.id,
                                    u_p_q.title,
                                    u_p_q.content,
                                    to_char(u_p_q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                                    (
                                      select
                                        row_to_json(o)
                                      from
                                        (
                                          select
                                            u_p_q_a.id,
                                            u_p_q_a.first_name as "firstName",
                                            u_p_q_a.last_name as "lastName",
                                            u_p_q_a.avatar_url as "avatarUrl",
                                            u_p_q_a.handle
                                          from
                                            users u_p_q_a
                                          where
                                            u_p_q_a.id = u_p_q.author_id
                                        ) o
                                    ) as "createdBy",
                                    (coalesce(u_p_q_st.like_count, 0) - 0)::int as "likeCount",
                                    (coalesce(u_p_q_st.comment_count, 0) - 0)::int as "commentCount",
                                    coalesce(u_p_q.media::json, '[]'::json) as media,
                                    coalesce(to_json(u_p_q.tags), '[]'::json) as tags,
                                    (coalesce(u_p_q_st.quote_count, 0) - 0)::int as "quoteCount"
                                  from
                                    posts u_p_q
                                    left join lateral (
                                      select
                                        *
                                      from
                                        post_stats u_p_q_sr
                                      where
                                        u_p_q_sr.post_id = u_p_q.id
                                      limit
                                        1
                                    ) u_p_q_st on true
                                  where
                                    u_p_q.id = u_p.quote_of_id
                                    and true
                                ) o
                            )
                          end as "quoteOf",
                          (coalesce(u_p_st.repost_count, 0) - 0)::int as "repostCount",
                          to_json(
                            '#r' || u_p.id || case
                              when (
                                coalesce(u_p_st.repost_count, 0) > 0
                                and exists (
                                  select
                                  from
                                    reposts u_p_r
                                  where
                                    u_p_r.post_id = u_p.id
                                    and u_p_r.user_id = s.user_id
                                )
                              ) then 't'
                              else 'f'
                            end
                          ) as "repostedByMe",
                          to_json(
                            '#b' || u_p.id || case
                              when (
                                exists (
                                  select
                                  from
                                    bookmarks u_p_ba
                                  where
                                    u_p_ba.user_id = s.user_id
                                )
                                and exists (
                                  select
                                  from
                                    bookmarks u_p_b
                                  where
                                    u_p_b.post_id = u_p.id
                                    and u_p_b.user_id = s.user_id
                                )
                              ) then 't'
                              else 'f'
                            end
                          ) as "bookmarkedByMe",
                          case
                            when strpos(u_p.content, '@') = 0 then '[]'::json
                            else coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      u_p_me_mu.id,
                                      u_p_me_mu.first_name as "firstName",
                                      u_p_me_mu.last_name as "lastName",
                                      u_p_me_mu.avatar_url as "avatarUrl",
                                      u_p_me_mu.handle
                                    from
                                      post_mentions u_p_me_m
                                      join users u_p_me_mu on u_p_me_mu.id = u_p_me_m.user_id
                                    where
                                      u_p_me_m.post_id = u_p.id
                                      and u_p_me_m.shown
                                      and true
                                    order by
                                      u_p_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            )
                          end as mentions
                        from
                          posts u_p
                          left join lateral (
                            select
                              *
                            from
                              post_stats u_p_sr
                            where
                              u_p_sr.post_id = u_p.id
                            limit
                              1
                          ) u_p_st on true
                        where
                          u_p.author_id = u.id
                        order by
                          u_p.created_at desc,
                          u_p.id desc
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as posts,
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          u_c.id,
                          u_c.content,
                          to_char(u_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                          (
                            select
                              row_to_json(o)
                            from
                              (
                                select
                                  u_c_a.id,
                                  u_c_a.first_name as "firstName",
                                  u_c_a.last_name as "lastName",
                                  u_c_a.avatar_url as "avatarUrl",
                                  u_c_a.handle
                                from
                                  users u_c_a
                                where
                                  u_c_a.id = u_c.author_id
                              ) o
                          ) as "createdBy",
                          case
                            when coalesce(u_c_st.like_count, 0) = 0 then '[]'::json
                            else coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      u_c_lu.id,
                                      u_c_lu.first_name as "firstName",
                                      u_c_lu.last_name as "lastName",
                                      u_c_lu.avatar_url as "avatarUrl",
                                      u_c_lu.handle
                                    from
                                      (
                                        select
                                          l.user_id
                                        from
                                          comment_likes l
                                        where
                                          l.comment_id = u_c.id
                                          and true
                                        order by
                                          l.user_id
                                        limit
                                          20
                                      ) u_c_lu_i
                                      join users u_c_lu on u_c_lu.id = u_c_lu_i.user_id
                                    order by
                                      u_c_lu_i.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            )
                          end as "likedBy",
                          (coalesce(u_c_st.like_count, 0) - 0)::int as "likeCount",
                          to_json(
                            '#c' || u_c.id || case
                              when (
                                coalesce(u_c_st.like_count, 0) > 0
                                and exists (
                                  select
                                  from
                                    comment_likes u_c_c
                                  where
                                    u_c_c.comment_id = u_c.id
                                    and u_c_c.user_id = s.user_id
                                )
                              ) then 't'
                              else 'f'
                            end
                          ) as "likedByMe",
                          case
                            when strpos(u_c.content, '@') = 0 then '[]'::json
                            else coalesce(
                              (
                                select
                                  array_to_json(array_agg(a))
                                from
                                  (
                                    select
                                      u_c_me_mu.id,
                                      u_c_me_mu.first_name as "firstName",
                                      u_c_me_mu.last_name as "lastName",
                                      u_c_me_mu.avatar_url as "avatarUrl",
                                      u_c_me_mu.handle
                                    from
                                      comment_mentions u_c_me_m
                                      join users u_c_me_mu on u_c_me_mu.id = u_c_me_m.user_id
                                    where
                                      u_c_me_m.comment_id = u_c.id
                                      and u_c_me_m.shown
                                      and true
                                    order by
                                      u_c_me_m.user_id
                                    limit
                                      20
                                  ) a
                              ),
                              '[]'::json
                            )
                          end as mentions
                        from
                          comments u_c
                          left join lateral (
                            select
                              *
                            from
                              comment_stats u_c_sr
                            where
                              u_c_sr.comment_id = u_c.id
                            limit
                              1
                          ) u_c_st on true
                        where
                          u_c.author_id = u.id
                          and true
                          and true
                        order by
                          u_c.created_at desc,
                          u_c.id desc
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as comments,
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          u_followed_u.id,
                          u_followed_u.first_name as "firstName",
                          u_followed_u.last_name as "lastName",
                          u_followed_u.avatar_url as "avatarUrl",
                          u_followed_u.handle
                        from
                          follows u_followed
                          join users u_followed_u on u_followed_u.id = u_followed.followed_id
                        where
                          u_followed.follower_id = u.id
                          and true
                        order by
                          u_followed.followed_id
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as followed,
                coalesce(
                  (
                    select
                      array_to_json(array_agg(a))
                    from
                      (
                        select
                          u_followers_u.id,
                          u_followers_u.first_name as "firstName",
                          u_followers_u.last_name as "lastName",
                          u_followers_u.avatar_url as "avatarUrl",
                          u_followers_u.handle
                        from
                          follows u_followers
                          join users u_followers_u on u_followers_u.id = u_followers.follower_id
                        where
                          u_followers.followed_id = u.id
                          and true
                        order by
                          u_followers.follower_id
                        limit
                          20
                      ) a
                  ),
                  '[]'::json
                ) as followers,
                coalesce(
                  (
                    select
                      u_s.post_count
                    from
                      user_stats u_s
                    where
                      u_s.user_id = u.id
                  ),
                  0
                )::int as "postCount",
                (
                  coalesce(
                    (
                      select
                        u_s.comment_count
                      from
                        user_stats u_s
                      where
                        u_s.user_id = u.id
                    ),
                    0
                  ) - 0
                )::int as "commentCount",
                (
                  coalesce(
                    (
                      select
                        u_s.follower_count
                      from
                        user_stats u_s
                      where
                        u_s.user_id = u.id
                    ),
                    0
                  ) - 0
                )::int as "followerCount",
                (
                  coalesce(
                    (
                      select
                        u_s.followed_count
                      from
                        user_stats u_s
                      where
                        u_s.user_id = u.id
                    ),
                    0
                  ) - 0
                )::int as "followedCount"
            ) o
        )
      from
        users u
      where
        u.id = $3
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

-- user_by_id_guarded
select
  (
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
              u.handle,
              coalesce(
                (
                  select
                    array_to_json(array_agg(a))
                  from
                    (
                      select
                        u_p.id,
                        u_p.title,
                        u_p.content,
                        to_char(u_p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                        (
                          select
                            row_to_json(o)
                          from
                            (
                              select
                                u_p_a.id,
                                u_p_a.first_name as "firstName",
                                u_p_a.last_name as "lastName",
                                u_p_a.avatar_url as "avatarUrl",
                                u_p_a.handle
                              from
                                users u_p_a
                              where
                                u_p_a.id = u_p.author_id
                            ) o
                        ) as "createdBy",
                        case
                          when coalesce(u_p_st.like_count, 0) = 0 then '[]'::json
                          else coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    u_p_lu.id,
                                    u_p_lu.first_name as "firstName",
                                    u_p_lu.last_name as "lastName",
                                    u_p_lu.avatar_url as "avatarUrl",
                                    u_p_lu.handle
                                  from
                                    (
                                      select
                                        l.user_id
                                      from
                                        post_likes l
                                      where
                                        l.post_id = u_p.id
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
                                    ) u_p_lu_i
                                    join users u_p_lu on u_p_lu.id = u_p_lu_i.user_id
                                  order by
                                    u_p_lu_i.user_id
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          )
                        end as "likedBy",
                        case
                          when coalesce(u_p_st.comment_count, 0) = 0 then '[]'::json
                          else coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    u_p_c.id,
                                    u_p_c.content,
                                    to_char(u_p_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                                    (
                                      select
                                        row_to_json(o)
                                      from
                                        (
                                          select
                                            u_p_c_a.id,
                                            u_p_c_a.first_name as "firstName",
                                            u_p_c_a.last_name as "lastName",
                                            u_p_c_a.avatar_url as "avatarUrl",
                                            u_p_c_a.handle
                                          from
                                            users u_p_c_a
                                          where
                                            u_p_c_a.id = u_p_c.author_id
                                        ) o
                                    ) as "createdBy",
                                    case
                                      when coalesce(u_p_c_st.like_count, 0) = 0 then '[]'::json
                                      else coalesce(
                                        (
                                          select
                                            array_to_json(array_agg(a))
                                          from
                                            (
                                              select
                                                u_p_c_lu.id,
                                                u_p_c_lu.first_name as "firstName",
                                                u_p_c_lu.last_name as "lastName",
                                                u_p_c_lu.avatar_url as "avatarUrl",
                                                u_p_c_lu.handle
                                              from
                                                (
                                                  select
                                                    l.user_id
                                                  from
                                                    comment_likes l
                                                  where
                                                    l.comment_id = u_p_c.id
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
                                                ) u_p_c_lu_i
                                                join users u_p_c_lu on u_p_c_lu.id = u_p_c_lu_i.user_id
                                              order by
                                                u_p_c_lu_i.user_id
                                              limit
                                                20
                                            ) a
                                        ),
                                        '[]'::json
                                      )
                                    end as "likedBy",
                                    (
                                      coalesce(u_p_c_st.like_count, 0) - (
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
                                                  hl.comment_id = u_p_c.id
                                                  and hl.user_id = hu.u
                                              ) hr
                                          )
                                        end
                                      )
                                    )::int as "likeCount",
                                    (
                                      coalesce(u_p_c_st.like_count, 0) > 0
                                      and exists (
                                        select
                                        from
                                          comment_likes u_p_c_c
                                        where
                                          u_p_c_c.comment_id = u_p_c.id
                                          and u_p_c_c.user_id = s.user_id
                                      )
                                    ) as "likedByMe",
                                    case
                                      when strpos(u_p_c.content, '@') = 0 then '[]'::json
                                      else coalesce(
                                        (
                                          select
                                            array_to_json(array_agg(a))
                                          from
                                            (
                                              select
                                                u_p_c_me_mu.id,
                                                u_p_c_me_mu.first_name as "firstName",
                                                u_p_c_me_mu.last_name as "lastName",
                                                u_p_c_me_mu.avatar_url as "avatarUrl",
                                                u_p_c_me_mu.handle
                                              from
                                                comment_mentions u_p_c_me_m
                                                join users u_p_c_me_mu on u_p_c_me_mu.id = u_p_c_me_m.user_id
                                              where
                                                u_p_c_me_m.comment_id = u_p_c.id
                                                and u_p_c_me_m.shown
                                                and (
                                                  s.block_count = 0
                                                  or (
                                                    not exists (
                                                      select
                                                      from
                                                        blocks bk
                                                      where
                                                        bk.blocker_id = s.user_id
                                                        and bk.blocked_id = u_p_c_me_m.user_id
                                                    )
                                                    and not exists (
                                                      select
                                                      from
                                                        blocks bk
                                                      where
                                                        bk.blocker_id = u_p_c_me_m.user_id
                                                        and bk.blocked_id = s.user_id
                                                    )
                                                  )
                                                )
                                              order by
                                                u_p_c_me_m.user_id
                                              limit
                                                20
                                            ) a
                                        ),
                                        '[]'::json
                                      )
                                    end as mentions
                                  from
                                    comments u_p_c
                                    left join lateral (
                                      select
                                        *
                                      from
                                        comment_stats u_p_c_sr
                                      where
                                        u_p_c_sr.comment_id = u_p_c.id
                                      limit
                                        1
                                    ) u_p_c_st on true
                                  where
                                    u_p_c.post_id = u_p.id
                                    and (
                                      s.block_count = 0
                                      or (
                                        not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = s.user_id
                                            and bk.blocked_id = u_p_c.author_id
                                        )
                                        and not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = u_p_c.author_id
                                            and bk.blocked_id = s.user_id
                                        )
                                      )
                                    )
                                  order by
                                    u_p_c.created_at desc,
                                    u_p_c.id desc
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          )
                        end as comments,
                        (
                          coalesce(u_p_st.like_count, 0) - (
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
                                      hl.post_id = u_p.id
                                      and hl.user_id = hu.u
                                  ) hr
                              )
                            end
                          )
                        )::int as "likeCount",
                        (
                          coalesce(u_p_st.comment_count, 0) - (
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
                                      hc.post_id = u_p.id
                                      and hc.author_id = hu.u
                                  ) hr
                              )
                            end
                          )
                        )::int as "commentCount",
                        (
                          coalesce(u_p_st.like_count, 0) > 0
                          and exists (
                            select
                            from
                              post_likes u_p_p
                            where
                              u_p_p.post_id = u_p.id
                              and u_p_p.user_id = s.user_id
                          )
                        ) as "likedByMe",
                        coalesce(u_p.media::json, '[]'::json) as media,
                        coalesce(to_json(u_p.tags), '[]'::json) as tags,
                        (
                          coalesce(u_p_st.quote_count, 0) - (
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
                                      posts hq
                                    where
                                      hq.quote_of_id = u_p.id
                                      and hq.author_id = hu.u
                                  ) hr
                              )
                            end
                          )
                        )::int as "quoteCount",
                        case
                          when u_p.quote_of_id is null then null
                          else (
                            select
                              row_to_json(o)
                            from
                              (
                                select
                                  u_p_q.id,
                                  u_p_q.title,
                                  u_p_q.content,
                                  to_char(u_p_q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                                  (
                                    select
                                      row_to_json(o)
                                    from
                                      (
                                        select
                                          u_p_q_a.id,
                                          u_p_q_a.first_name as "firstName",
                                          u_p_q_a.last_name as "lastName",
                                          u_p_q_a.avatar_url as "avatarUrl",
                                          u_p_q_a.handle
                                        from
                                          users u_p_q_a
                                        where
                                          u_p_q_a.id = u_p_q.author_id
                                      ) o
                                  ) as "createdBy",
                                  (
                                    coalesce(u_p_q_st.like_count, 0) - (
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
                                                hl.post_id = u_p_q.id
                                                and hl.user_id = hu.u
                                            ) hr
                                        )
                                      end
                                    )
                                  )::int as "likeCount",
                                  (
                                    coalesce(u_p_q_st.comment_count, 0) - (
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
                                                hc.post_id = u_p_q.id
                                                and hc.author_id = hu.u
                                            ) hr
                                        )
                                      end
                                    )
                                  )::int as "commentCount",
                                  coalesce(u_p_q.media::json, '[]'::json) as media,
                                  coalesce(to_json(u_p_q.tags), '[]'::json) as tags,
                                  (
                                    coalesce(u_p_q_st.quote_count, 0) - (
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
                                                posts hq
                                              where
                                                hq.quote_of_id = u_p_q.id
                                                and hq.author_id = hu.u
                                            ) hr
                                        )
                                      end
                                    )
                                  )::int as "quoteCount"
                                from
                                  posts u_p_q
                                  left join lateral (
                                    select
                                      *
                                    from
                                      post_stats u_p_q_sr
                                    where
                                      u_p_q_sr.post_id = u_p_q.id
                                    limit
                                      1
                                  ) u_p_q_st on true
                                where
                                  u_p_q.id = u_p.quote_of_id
                                  and (
                                    s.block_count = 0
                                    or (
                                      not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = s.user_id
                                          and bk.blocked_id = u_p_q.author_id
                                      )
                                      and not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = u_p_q.author_id
                                          and bk.blocked_id = s.user_id
                                      )
                                    )
                                  )
                              ) o
                          )
                        end as "quoteOf",
                        (
                          coalesce(u_p_st.repost_count, 0) - (
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
                                      reposts hr
                                    where
                                      hr.post_id = u_p.id
                                      and hr.user_id = hu.u
                                  ) hr
                              )
                            end
                          )
                        )::int as "repostCount",
                        (
                          coalesce(u_p_st.repost_count, 0) > 0
                          and exists (
                            select
                            from
                              reposts u_p_r
                            where
                              u_p_r.post_id = u_p.id
                              and u_p_r.user_id = s.user_id
                          )
                        ) as "repostedByMe",
                        (
                          exists (
                            select
                            from
                              bookmarks u_p_ba
                            where
                              u_p_ba.user_id = s.user_id
                          )
                          and exists (
                            select
                            from
                              bookmarks u_p_b
                            where
                              u_p_b.post_id = u_p.id
                              and u_p_b.user_id = s.user_id
                          )
                        ) as "bookmarkedByMe",
                        case
                          when strpos(u_p.content, '@') = 0 then '[]'::json
                          else coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    u_p_me_mu.id,
                                    u_p_me_mu.first_name as "firstName",
                                    u_p_me_mu.last_name as "lastName",
                                    u_p_me_mu.avatar_url as "avatarUrl",
                                    u_p_me_mu.handle
                                  from
                                    post_mentions u_p_me_m
                                    join users u_p_me_mu on u_p_me_mu.id = u_p_me_m.user_id
                                  where
                                    u_p_me_m.post_id = u_p.id
                                    and u_p_me_m.shown
                                    and (
                                      s.block_count = 0
                                      or (
                                        not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = s.user_id
                                            and bk.blocked_id = u_p_me_m.user_id
                                        )
                                        and not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = u_p_me_m.user_id
                                            and bk.blocked_id = s.user_id
                                        )
                                      )
                                    )
                                  order by
                                    u_p_me_m.user_id
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          )
                        end as mentions
                      from
                        posts u_p
                        left join lateral (
                          select
                            *
                          from
                            post_stats u_p_sr
                          where
                            u_p_sr.post_id = u_p.id
                          limit
                            1
                        ) u_p_st on true
                      where
                        u_p.author_id = u.id
                      order by
                        u_p.created_at desc,
                        u_p.id desc
                      limit
                        20
                    ) a
                ),
                '[]'::json
              ) as posts,
              coalesce(
                (
                  select
                    array_to_json(array_agg(a))
                  from
                    (
                      select
                        u_c.id,
                        u_c.content,
                        to_char(u_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                        (
                          select
                            row_to_json(o)
                          from
                            (
                              select
                                u_c_a.id,
                                u_c_a.first_name as "firstName",
                                u_c_a.last_name as "lastName",
                                u_c_a.avatar_url as "avatarUrl",
                                u_c_a.handle
                              from
                                users u_c_a
                              where
                                u_c_a.id = u_c.author_id
                            ) o
                        ) as "createdBy",
                        case
                          when coalesce(u_c_st.like_count, 0) = 0 then '[]'::json
                          else coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    u_c_lu.id,
                                    u_c_lu.first_name as "firstName",
                                    u_c_lu.last_name as "lastName",
                                    u_c_lu.avatar_url as "avatarUrl",
                                    u_c_lu.handle
                                  from
                                    (
                                      select
                                        l.user_id
                                      from
                                        comment_likes l
                                      where
                                        l.comment_id = u_c.id
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
                                    ) u_c_lu_i
                                    join users u_c_lu on u_c_lu.id = u_c_lu_i.user_id
                                  order by
                                    u_c_lu_i.user_id
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          )
                        end as "likedBy",
                        (
                          coalesce(u_c_st.like_count, 0) - (
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
                                      hl.comment_id = u_c.id
                                      and hl.user_id = hu.u
                                  ) hr
                              )
                            end
                          )
                        )::int as "likeCount",
                        (
                          coalesce(u_c_st.like_count, 0) > 0
                          and exists (
                            select
                            from
                              comment_likes u_c_c
                            where
                              u_c_c.comment_id = u_c.id
                              and u_c_c.user_id = s.user_id
                          )
                        ) as "likedByMe",
                        case
                          when strpos(u_c.content, '@') = 0 then '[]'::json
                          else coalesce(
                            (
                              select
                                array_to_json(array_agg(a))
                              from
                                (
                                  select
                                    u_c_me_mu.id,
                                    u_c_me_mu.first_name as "firstName",
                                    u_c_me_mu.last_name as "lastName",
                                    u_c_me_mu.avatar_url as "avatarUrl",
                                    u_c_me_mu.handle
                                  from
                                    comment_mentions u_c_me_m
                                    join users u_c_me_mu on u_c_me_mu.id = u_c_me_m.user_id
                                  where
                                    u_c_me_m.comment_id = u_c.id
                                    and u_c_me_m.shown
                                    and (
                                      s.block_count = 0
                                      or (
                                        not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = s.user_id
                                            and bk.blocked_id = u_c_me_m.user_id
                                        )
                                        and not exists (
                                          select
                                          from
                                            blocks bk
                                          where
                                            bk.blocker_id = u_c_me_m.user_id
                                            and bk.blocked_id = s.user_id
                                        )
                                      )
                                    )
                                  order by
                                    u_c_me_m.user_id
                                  limit
                                    20
                                ) a
                            ),
                            '[]'::json
                          )
                        end as mentions
                      from
                        comments u_c
                        left join lateral (
                          select
                            *
                          from
                            comment_stats u_c_sr
                          where
                            u_c_sr.comment_id = u_c.id
                          limit
                            1
                        ) u_c_st on true
                      where
                        u_c.author_id = u.id
                        and (
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
                                    cp.author_id
                                  from
                                    posts cp
                                  where
                                    cp.id = u_c.post_id
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
                                    cp.id = u_c.post_id
                                )
                                and bk.blocked_id = s.user_id
                            )
                          )
                        )
                        and (
                          s.block_count = 0
                          or (
                            not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = s.user_id
                                and bk.blocked_id = u_c.author_id
                            )
                            and not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = u_c.author_id
                                and bk.blocked_id = s.user_id
                            )
                          )
                        )
                      order by
                        u_c.created_at desc,
                        u_c.id desc
                      limit
                        20
                    ) a
                ),
                '[]'::json
              ) as comments,
              coalesce(
                (
                  select
                    array_to_json(array_agg(a))
                  from
                    (
                      select
                        u_followed_u.id,
                        u_followed_u.first_name as "firstName",
                        u_followed_u.last_name as "lastName",
                        u_followed_u.avatar_url as "avatarUrl",
                        u_followed_u.handle
                      from
                        follows u_followed
                        join users u_followed_u on u_followed_u.id = u_followed.followed_id
                      where
                        u_followed.follower_id = u.id
                        and (
                          s.block_count = 0
                          or (
                            not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = s.user_id
                                and bk.blocked_id = u_followed.followed_id
                            )
                            and not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = u_followed.followed_id
                                and bk.blocked_id = s.user_id
                            )
                          )
                        )
                      order by
                        u_followed.followed_id
                      limit
                        20
                    ) a
                ),
                '[]'::json
              ) as followed,
              coalesce(
                (
                  select
                    array_to_json(array_agg(a))
                  from
                    (
                      select
                        u_followers_u.id,
                        u_followers_u.first_name as "firstName",
                        u_followers_u.last_name as "lastName",
                        u_followers_u.avatar_url as "avatarUrl",
                        u_followers_u.handle
                      from
                        follows u_followers
                        join users u_followers_u on u_followers_u.id = u_followers.follower_id
                      where
                        u_followers.followed_id = u.id
                        and (
                          s.block_count = 0
                          or (
                            not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = s.user_id
                                and bk.blocked_id = u_followers.follower_id
                            )
                            and not exists (
                              select
                              from
                                blocks bk
                              where
                                bk.blocker_id = u_followers.follower_id
                                and bk.blocked_id = s.user_id
                            )
                          )
                        )
                      order by
                        u_followers.follower_id
                      limit
                        20
                    ) a
                ),
                '[]'::json
              ) as followers,
              coalesce(
                (
                  select
                    u_s.post_count
                  from
                    user_stats u_s
                  where
                    u_s.user_id = u.id
                ),
                0
              )::int as "postCount",
              (
                coalesce(
                  (
                    select
                      u_s.comment_count
                    from
                      user_stats u_s
                    where
                      u_s.user_id = u.id
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
                            posts hp
                            join comments hc on hc.post_id = hp.id
                          where
                            hp.author_id = hu.u
                            and hc.author_id = u.id
                        ) hr
                    )
                  end
                )
              )::int as "commentCount",
              (
                coalesce(
                  (
                    select
                      u_s.follower_count
                    from
                      user_stats u_s
                    where
                      u_s.user_id = u.id
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
                            follows hf
                          where
                            hf.follower_id = hu.u
                            and hf.followed_id = u.id
                        ) hr
                    )
                  end
                )
              )::int as "followerCount",
              (
                coalesce(
                  (
                    select
                      u_s.followed_count
                    from
                      user_stats u_s
                    where
                      u_s.user_id = u.id
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
                            follows hf
                          where
                            hf.follower_id = u.id
                            and hf.followed_id = hu.u
                        ) hr
                    )
                  end
                )
              )::int as "followedCount"
          ) o
      )
    from
      users u
    where
      u.id = $3
      and (
        s.block_count = 0
        or (
          not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = s.user_id
              and bk.blocked_id = u.id
          )
          and not exists (
            select
            from
              blocks bk
            where
              bk.blocker_id = u.id
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

-- user_delete_me
delete from users u
where
  u.id = $2
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
  u.id;

-- user_insert
insert into
  users as u (email, password_hash, first_name, last_name, handle)
values
  ($1, $2, $3::text, $4::text, coalesce($5::text, feedline_free_handle ($3, $4)))
returning
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
  ) as json;

-- user_shown
select
  1
from
  users u
where
  u.id = $1
  and (
    not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = u.id
        and bk.blocked_id = $2
    )
    and not exists (
      select
      from
        blocks bk
      where
        bk.blocker_id = $2
        and bk.blocked_id = u.id
    )
  );

-- user_update_profile
update users u
set
  first_name = coalesce($1, u.first_name),
  last_name = coalesce($2, u.last_name),
  handle = coalesce($4, u.handle)
where
  u.id = $3
returning
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
  ) as json;

-- selectUserSummaries: a page
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
  )::text as json
from
  users u
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
          and bk.blocked_id = u.id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = u.id
          and bk.blocked_id = $1
      )
    )
  )
order by
  u.id
limit
  $2;

-- selectUserSummaries: unpaged after a cursor (a stream)
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
  )::text as json
from
  users u
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
          and bk.blocked_id = u.id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = u.id
          and bk.blocked_id = $1
      )
    )
  )
  and u.id > $2
order by
  u.id;

-- selectFollowRelations: followers, a page after a cursor
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
  )::text as json
from
  follows f
  join users u on u.id = f.follower_id
where
  f.followed_id = $1
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
          and bk.blocked_id = f.followed_id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = f.followed_id
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
          and bk.blocked_id = f.follower_id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = f.follower_id
          and bk.blocked_id = $2
      )
    )
  )
  and f.follower_id > $3
order by
  f.follower_id
limit
  $4;

-- selectFollowRelations: followed, unpaged (a stream)
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
  )::text as json
from
  follows f
  join users u on u.id = f.followed_id
where
  f.follower_id = $1
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
          and bk.blocked_id = f.follower_id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = f.follower_id
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
          and bk.blocked_id = f.followed_id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = f.followed_id
          and bk.blocked_id = $2
      )
    )
  )
order by
  f.followed_id;

-- selectSafetyLinks: blocked, a page after a cursor
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
  )::text as json
from
  blocks l
  join users u on u.id = l.blocked_id
where
  l.blocker_id = $1
  and (l.created_at, l.blocked_id) < (
    select
      c.created_at,
      c.blocked_id
    from
      blocks c
    where
      c.blocker_id = $1
      and c.blocked_id = $2
  )
order by
  l.created_at desc,
  l.blocked_id desc
limit
  $3;

-- selectSafetyLinks: muted, unpaged (a stream)
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
  )::text as json
from
  mutes l
  join users u on u.id = l.muted_id
where
  l.muter_id = $1
order by
  l.created_at desc,
  l.muted_id desc;
