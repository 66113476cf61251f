-- The SQL of src/live/, written by `npm run db:statements` (scripts/db-statements.ts). Do not edit.

-- live_feed_after
with
  replay as materialized (
    select
      array(
        select
          g.id
        from
          generate_series($2::int + 1, $3::int) g (id)
        where
          not ($3::int - $2::int > 100)
        union all
        (
          with
            since as materialized (
              select
                coalesce(
                  greatest(
                    (
                      select
                        p.created_at
                      from
                        posts p
                      where
                        p.id <= $2
                      order by
                        p.id desc
                      limit
                        1
                    ),
                    (
                      select
                        r.created_at
                      from
                        reposts r
                      where
                        r.id <= $2
                      order by
                        r.id desc
                      limit
                        1
                    )
                  ),
                  '-infinity'
                ) - ($5::int + 1) * interval '1 millisecond' as at
            ),
            h0 as materialized (
              select
                s.src,
                h.id
              from
                users vw
                cross join lateral (
                  select
                    f.followed_id as src
                  from
                    follows f
                  where
                    f.follower_id = vw.id
                    and f.author_bound > (
                      select
                        sn.at
                      from
                        since sn
                    )
                    and (
                      vw.block_count = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = vw.id
                            and bk.blocked_id = f.followed_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = f.followed_id
                            and bk.blocked_id = vw.id
                        )
                      )
                    )
                    and (
                      vw.mute_count = 0
                      or not exists (
                        select
                        from
                          mutes mu
                        where
                          mu.muter_id = vw.id
                          and mu.muted_id = f.followed_id
                      )
                    )
                ) s
                cross join lateral (
                  select
                    x.id
                  from
                    posts x
                  where
                    x.author_id = s.src
                    and (x.author_id, x.id) > (s.src, $2)
                    and (x.author_id, x.id) <= (s.src, $3)
                  order by
                    x.id
                  limit
                    1
                ) h
              where
                vw.id = $1
                and $3::int - $2::int > 100
            ),
            ceiling as materialized (
              select
                case
                  when count(*) >= $4 then max(c.id)
                  else $3
                end as id
              from
                (
                  select distinct
                    hs.id
                  from
                    (
                      select
                        id
                      from
                        h0
                    ) hs
                  order by
                    hs.id
                  limit
                    $4
                ) c
            )
          select distinct
            t.id
          from
            (
              select
                k.id
              from
                users vw,
                h0 hd
                cross join lateral (
                  select
                    x.id
                  from
                    posts x
                  where
                    x.author_id = hd.src
                    and (x.author_id, x.id) > (hd.src, $2)
                    and (x.author_id, x.id) <= (
                      hd.src,
                      (
                        select
                          c.id
                        from
                          ceiling c
                      )
                    )
                  order by
                    x.id
                  limit
                    $4
                ) k
              where
                vw.id = $1
                and hd.id <= (
                  select
                    c.id
                  from
                    ceiling c
                )
            ) t
          order by
            t.id
          limit
            $4
        )
      ) as ids
  ),
  rp as materialized (
    select
      *
    from
      posts rp
    where
      rp.id = any (
        (
          select
            ids
          from
            replay
        )::int[]
      )
  )
select
  p.id,
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
          case
            when coalesce(p_st.like_count, 0) = 0 then '[]'::json
            else coalesce(
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
                            vw.block_count = 0
                            or (
                              not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = vw.id
                                  and bk.blocked_id = l.user_id
                              )
                              and not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = l.user_id
                                  and bk.blocked_id = vw.id
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
            )
          end as "likedBy",
          case
            when coalesce(p_st.comment_count, 0) = 0 then '[]'::json
            else coalesce(
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
                      case
                        when coalesce(p_c_st.like_count, 0) = 0 then '[]'::json
                        else coalesce(
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
                                        vw.block_count = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = vw.id
                                              and bk.blocked_id = l.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = l.user_id
                                              and bk.blocked_id = vw.id
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
                        )
                      end as "likedBy",
                      (
                        coalesce(p_c_st.like_count, 0) - (
                          case
                            when vw.block_count = 0 then 0
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
                                    hb.blocker_id = vw.id
                                  union all
                                  select
                                    hb.blocker_id
                                  from
                                    blocks hb
                                  where
                                    hb.blocked_id = vw.id
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
                      (
                        coalesce(p_c_st.like_count, 0) > 0
                        and exists (
                          select
                          from
                            comment_likes p_c_c
                          where
                            p_c_c.comment_id = p_c.id
                            and p_c_c.user_id = vw.id
                        )
                      ) as "likedByMe",
                      case
                        when strpos(p_c.content, '@') = 0 then '[]'::json
                        else coalesce(
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
                                    vw.block_count = 0
                                    or (
                                      not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = vw.id
                                          and bk.blocked_id = p_c_me_m.user_id
                                      )
                                      and not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = p_c_me_m.user_id
                                          and bk.blocked_id = vw.id
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
                        )
                      end as mentions
                    from
                      comments p_c
                      left join lateral (
                        select
                          *
                        from
                          comment_stats p_c_sr
                        where
                          p_c_sr.comment_id = p_c.id
                        limit
                          1
                      ) p_c_st on true
                    where
                      p_c.post_id = p.id
                      and (
                        vw.block_count = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = vw.id
                              and bk.blocked_id = p_c.author_id
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = p_c.author_id
                              and bk.blocked_id = vw.id
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
            )
          end as comments,
          (
            coalesce(p_st.like_count, 0) - (
              case
                when vw.block_count = 0 then 0
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
                        hb.blocker_id = vw.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = vw.id
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
            coalesce(p_st.comment_count, 0) - (
              case
                when vw.block_count = 0 then 0
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
                        hb.blocker_id = vw.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = vw.id
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
          (
            coalesce(p_st.like_count, 0) > 0
            and exists (
              select
              from
                post_likes p_p
              where
                p_p.post_id = p.id
                and p_p.user_id = vw.id
            )
          ) as "likedByMe",
          coalesce(p.media::json, '[]'::json) as media,
          coalesce(to_json(p.tags), '[]'::json) as tags,
          (
            coalesce(p_st.quote_count, 0) - (
              case
                when vw.block_count = 0 then 0
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
                        hb.blocker_id = vw.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = vw.id
                    ) hu
                    cross join lateral (
                      select
                      from
                        posts hq
                      where
                        hq.quote_of_id = p.id
                        and hq.author_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "quoteCount",
          case
            when p.quote_of_id is null then null
            else (
              select
                row_to_json(o)
              from
                (
                  select
                    p_q.id,
                    p_q.title,
                    p_q.content,
                    to_char(p_q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                    (
                      select
                        row_to_json(o)
                      from
                        (
                          select
                            p_q_a.id,
                            p_q_a.first_name as "firstName",
                            p_q_a.last_name as "lastName",
                            p_q_a.avatar_url as "avatarUrl",
                            p_q_a.handle
                          from
                            users p_q_a
                          where
                            p_q_a.id = p_q.author_id
                        ) o
                    ) as "createdBy",
                    (
                      coalesce(p_q_st.like_count, 0) - (
                        case
                          when vw.block_count = 0 then 0
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
                                  hb.blocker_id = vw.id
                                union all
                                select
                                  hb.blocker_id
                                from
                                  blocks hb
                                where
                                  hb.blocked_id = vw.id
                              ) hu
                              cross join lateral (
                                select
                                from
                                  post_likes hl
                                where
                                  hl.post_id = p_q.id
                                  and hl.user_id = hu.u
                              ) hr
                          )
                        end
                      )
                    )::int as "likeCount",
                    (
                      coalesce(p_q_st.comment_count, 0) - (
                        case
                          when vw.block_count = 0 then 0
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
                                  hb.blocker_id = vw.id
                                union all
                                select
                                  hb.blocker_id
                                from
                                  blocks hb
                                where
                                  hb.blocked_id = vw.id
                              ) hu
                              cross join lateral (
                                select
                                from
                                  comments hc
                                where
                                  hc.post_id = p_q.id
                                  and hc.author_id = hu.u
                              ) hr
                          )
                        end
                      )
                    )::int as "commentCount",
                    coalesce(p_q.media::json, '[]'::json) as media,
                    coalesce(to_json(p_q.tags), '[]'::json) as tags,
                    (
                      coalesce(p_q_st.quote_count, 0) - (
                        case
                          when vw.block_count = 0 then 0
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
                                  hb.blocker_id = vw.id
                                union all
                                select
                                  hb.blocker_id
                                from
                                  blocks hb
                                where
                                  hb.blocked_id = vw.id
                              ) hu
                              cross join lateral (
                                select
                                from
                                  posts hq
                                where
                                  hq.quote_of_id = p_q.id
                                  and hq.author_id = hu.u
                              ) hr
                          )
                        end
                      )
                    )::int as "quoteCount"
                  from
                    posts p_q
                    left join lateral (
                      select
                        *
                      from
                        post_stats p_q_sr
                      where
                        p_q_sr.post_id = p_q.id
                      limit
                        1
                    ) p_q_st on true
                  where
                    p_q.id = p.quote_of_id
                    and (
                      vw.block_count = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = vw.id
                            and bk.blocked_id = p_q.author_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = p_q.author_id
                            and bk.blocked_id = vw.id
                        )
                      )
                    )
                ) o
            )
          end as "quoteOf",
          (
            coalesce(p_st.repost_count, 0) - (
              case
                when vw.block_count = 0 then 0
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
                        hb.blocker_id = vw.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = vw.id
                    ) hu
                    cross join lateral (
                      select
                      from
                        reposts hr
                      where
                        hr.post_id = p.id
                        and hr.user_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "repostCount",
          (
            coalesce(p_st.repost_count, 0) > 0
            and exists (
              select
              from
                reposts p_r
              where
                p_r.post_id = p.id
                and p_r.user_id = vw.id
            )
          ) as "repostedByMe",
          (
            exists (
              select
              from
                bookmarks p_ba
              where
                p_ba.user_id = vw.id
            )
            and exists (
              select
              from
                bookmarks p_b
              where
                p_b.post_id = p.id
                and p_b.user_id = vw.id
            )
          ) as "bookmarkedByMe",
          case
            when strpos(p.content, '@') = 0 then '[]'::json
            else coalesce(
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
                        vw.block_count = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = vw.id
                              and bk.blocked_id = p_me_m.user_id
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = p_me_m.user_id
                              and bk.blocked_id = vw.id
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
            )
          end as mentions
        from
          (
            select
          ) p_one
          left join lateral (
            select
              *
            from
              post_stats p_sr
            where
              p_sr.post_id = p.id
            limit
              1
          ) p_st on true
      ) o
  )::text
from
  users vw,
  rp p
where
  vw.id = $1
  and p.author_id in (
    select
      f.followed_id
    from
      follows f
    where
      f.follower_id = $1
  )
  and (
    vw.block_count = 0
    or (
      not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = vw.id
          and bk.blocked_id = p.author_id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = p.author_id
          and bk.blocked_id = vw.id
      )
    )
  )
  and (
    vw.mute_count = 0
    or not exists (
      select
      from
        mutes mu
      where
        mu.muter_id = vw.id
        and mu.muted_id = p.author_id
    )
  )
  and p.id > $2
  and p.id <= $3
order by
  p.id
limit
  $4;

-- live_home_after
with
  replay as materialized (
    select
      array(
        select
          g.id
        from
          generate_series($2::int + 1, $3::int) g (id)
        where
          not ($3::int - $2::int > 100)
        union all
        (
          with
            since as materialized (
              select
                coalesce(
                  greatest(
                    (
                      select
                        p.created_at
                      from
                        posts p
                      where
                        p.id <= $2
                      order by
                        p.id desc
                      limit
                        1
                    ),
                    (
                      select
                        r.created_at
                      from
                        reposts r
                      where
                        r.id <= $2
                      order by
                        r.id desc
                      limit
                        1
                    )
                  ),
                  '-infinity'
                ) - ($5::int + 1) * interval '1 millisecond' as at
            ),
            h0 as materialized (
              select
                s.src,
                h.id
              from
                users vw
                cross join lateral (
                  select
                    f.followed_id as src
                  from
                    follows f
                  where
                    f.follower_id = vw.id
                    and f.author_bound > (
                      select
                        sn.at
                      from
                        since sn
                    )
                    and (
                      vw.block_count = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = vw.id
                            and bk.blocked_id = f.followed_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = f.followed_id
                            and bk.blocked_id = vw.id
                        )
                      )
                    )
                    and (
                      vw.mute_count = 0
                      or not exists (
                        select
                        from
                          mutes mu
                        where
                          mu.muter_id = vw.id
                          and mu.muted_id = f.followed_id
                      )
                    )
                ) s
                cross join lateral (
                  select
                    x.id
                  from
                    posts x
                    cross join lateral (
                      select
                        x.id,
                        x.author_id,
                        null::int as home_reposter
                    ) he
                  where
                    x.author_id = s.src
                    and (x.author_id, x.id) > (s.src, $2)
                    and (x.author_id, x.id) <= (s.src, $3)
                    and (
                      vw.block_count = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = vw.id
                            and bk.blocked_id = he.author_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = he.author_id
                            and bk.blocked_id = vw.id
                        )
                      )
                    )
                    and (
                      vw.mute_count = 0
                      or not exists (
                        select
                        from
                          mutes mu
                        where
                          mu.muter_id = vw.id
                          and mu.muted_id = he.author_id
                      )
                    )
                    and case
                      when he.home_reposter is null then coalesce(
                        (
                          select
                            true
                          from
                            follows hf
                          where
                            hf.follower_id = vw.id
                            and hf.followed_id = he.author_id
                        ),
                        false
                      )
                      or exists (
                        select
                        from
                          post_tags ht
                          join tag_follows htf on htf.tag = ht.tag
                          and htf.user_id = vw.id
                        where
                          ht.post_id = he.id
                      )
                      else coalesce(
                        (
                          select
                            true
                          from
                            follows hf
                          where
                            hf.follower_id = vw.id
                            and hf.followed_id = he.home_reposter
                        ),
                        false
                      )
                      and (
                        vw.block_count = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = vw.id
                              and bk.blocked_id = he.home_reposter
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = he.home_reposter
                              and bk.blocked_id = vw.id
                          )
                        )
                      )
                      and (
                        vw.mute_count = 0
                        or not exists (
                          select
                          from
                            mutes mu
                          where
                            mu.muter_id = vw.id
                            and mu.muted_id = he.home_reposter
                        )
                      )
                    end
                  order by
                    x.id
                  limit
                    1
                ) h
              where
                vw.id = $1
                and $3::int - $2::int > 100
            ),
            h1 as materialized (
              select
                s.src,
                h.id
              from
                users vw
                cross join lateral (
                  select
                    tf.tag as src
                  from
                    tag_follows tf
                  where
                    tf.user_id = vw.id
                ) s
                cross join lateral (
                  select
                    t.post_id as id
                  from
                    post_tags t
                    cross join lateral (
                      select
                        t.post_id as id,
                        t.author_id,
                        null::int as home_reposter
                    ) he
                  where
                    t.tag = s.src
                    and (t.tag, t.post_id) > (s.src, $2)
                    and (t.tag, t.post_id) <= (s.src, $3)
                    and (
                      vw.block_count = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = vw.id
                            and bk.blocked_id = he.author_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = he.author_id
                            and bk.blocked_id = vw.id
                        )
                      )
                    )
                    and (
                      vw.mute_count = 0
                      or not exists (
                        select
                        from
                          mutes mu
                        where
                          mu.muter_id = vw.id
                          and mu.muted_id = he.author_id
                      )
                    )
                    and case
                      when he.home_reposter is null then coalesce(
                        (
                          select
                            true
                          from
                            follows hf
                          where
                            hf.follower_id = vw.id
                            and hf.followed_id = he.author_id
                        ),
                        false
                      )
                      or exists (
                        select
                        from
                          post_tags ht
                          join tag_follows htf on htf.tag = ht.tag
                          and htf.user_id = vw.id
                        where
                          ht.post_id = he.id
                      )
                      else coalesce(
                        (
                          select
                            true
                          from
                            follows hf
                          where
                            hf.follower_id = vw.id
                            and hf.followed_id = he.home_reposter
                        ),
                        false
                      )
                      and (
                        vw.block_count = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = vw.id
                              and bk.blocked_id = he.home_reposter
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = he.home_reposter
                              and bk.blocked_id = vw.id
                          )
                        )
                      )
                      and (
                        vw.mute_count = 0
                        or not exists (
                          select
                          from
                            mutes mu
                          where
                            mu.muter_id = vw.id
                            and mu.muted_id = he.home_reposter
                        )
                      )
                    end
                  order by
                    t.post_id
                  limit
                    1
                ) h
              where
                vw.id = $1
                and $3::int - $2::int > 100
            ),
            h2 as materialized (
              select
                s.src,
                h.id
              from
                users vw
                cross join lateral (
                  select
                    f.followed_id as src
                  from
                    follows f
                  where
                    f.follower_id = vw.id
                    and f.repost_bound > (
                      select
                        sn.at
                      from
                        since sn
                    )
                    and (
                      vw.block_count = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = vw.id
                            and bk.blocked_id = f.followed_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = f.followed_id
                            and bk.blocked_id = vw.id
                        )
                      )
                    )
                    and (
                      vw.mute_count = 0
                      or not exists (
                        select
                        from
                          mutes mu
                        where
                          mu.muter_id = vw.id
                          and mu.muted_id = f.followed_id
                      )
                    )
                ) s
                cross join lateral (
                  select
                    r.id
                  from
                    reposts r
                    join posts rp on rp.id = r.post_id
                    cross join lateral (
                      select
                        rp.id,
                        rp.author_id,
                        r.user_id as home_reposter
                    ) he
                  where
                    r.user_id = s.src
                    and (r.user_id, r.id) > (s.src, $2)
                    and (r.user_id, r.id) <= (s.src, $3)
                    and (
                      vw.block_count = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = vw.id
                            and bk.blocked_id = he.author_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = he.author_id
                            and bk.blocked_id = vw.id
                        )
                      )
                    )
                    and (
                      vw.mute_count = 0
                      or not exists (
                        select
                        from
                          mutes mu
                        where
                          mu.muter_id = vw.id
                          and mu.muted_id = he.author_id
                      )
                    )
                    and case
                      when he.home_reposter is null then coalesce(
                        (
                          select
                            true
                          from
                            follows hf
                          where
                            hf.follower_id = vw.id
                            and hf.followed_id = he.author_id
                        ),
                        false
                      )
                      or exists (
                        select
                        from
                          post_tags ht
                          join tag_follows htf on htf.tag = ht.tag
                          and htf.user_id = vw.id
                        where
                          ht.post_id = he.id
                      )
                      else coalesce(
                        (
                          select
                            true
                          from
                            follows hf
                          where
                            hf.follower_id = vw.id
                            and hf.followed_id = he.home_reposter
                        ),
                        false
                      )
                      and (
                        vw.block_count = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = vw.id
                              and bk.blocked_id = he.home_reposter
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = he.home_reposter
                              and bk.blocked_id = vw.id
                          )
                        )
                      )
                      and (
                        vw.mute_count = 0
                        or not exists (
                          select
                          from
                            mutes mu
                          where
                            mu.muter_id = vw.id
                            and mu.muted_id = he.home_reposter
                        )
                      )
                    end
                  order by
                    r.id
                  limit
                    1
                ) h
              where
                vw.id = $1
                and $3::int - $2::int > 100
            ),
            ceiling as materialized (
              select
                case
                  when count(*) >= $4 then max(c.id)
                  else $3
                end as id
              from
                (
                  select distinct
                    hs.id
                  from
                    (
                      select
                        id
                      from
                        h0
                      union all
                      select
                        id
                      from
                        h1
                      union all
                      select
                        id
                      from
                        h2
                    ) hs
                  order by
                    hs.id
                  limit
                    $4
                ) c
            )
          select distinct
            t.id
          from
            (
              select
                k.id
              from
                users vw,
                h0 hd
                cross join lateral (
                  select
                    x.id
                  from
                    posts x
                    cross join lateral (
                      select
                        x.id,
                        x.author_id,
                        null::int as home_reposter
                    ) he
                  where
                    x.author_id = hd.src
                    and (x.author_id, x.id) > (hd.src, $2)
                    and (x.author_id, x.id) <= (
                      hd.src,
                      (
                        select
                          c.id
                        from
                          ceiling c
                      )
                    )
                    and (
                      vw.block_count = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = vw.id
                            and bk.blocked_id = he.author_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = he.author_id
                            and bk.blocked_id = vw.id
                        )
                      )
                    )
                    and (
                      vw.mute_count = 0
                      or not exists (
                        select
                        from
                          mutes mu
                        where
                          mu.muter_id = vw.id
                          and mu.muted_id = he.author_id
                      )
                    )
                    and case
                      when he.home_reposter is null then coalesce(
                        (
                          select
                            true
                          from
                            follows hf
                          where
                            hf.follower_id = vw.id
                            and hf.followed_id = he.author_id
                        ),
                        false
                      )
                      or exists (
                        select
                        from
                          post_tags ht
                          join tag_follows htf on htf.tag = ht.tag
                          and htf.user_id = vw.id
                        where
                          ht.post_id = he.id
                      )
                      else coalesce(
                        (
                          select
                            true
                          from
                            follows hf
                          where
                            hf.follower_id = vw.id
                            and hf.followed_id = he.home_reposter
                        ),
                        false
                      )
                      and (
                        vw.block_count = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = vw.id
                              and bk.blocked_id = he.home_reposter
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = he.home_reposter
                              and bk.blocked_id = vw.id
                          )
                        )
                      )
                      and (
                        vw.mute_count = 0
                        or not exists (
                          select
                          from
                            mutes mu
                          where
                            mu.muter_id = vw.id
                            and mu.muted_id = he.home_reposter
                        )
                      )
                    end
                  order by
                    x.id
                  limit
                    $4
                ) k
              where
                vw.id = $1
                and hd.id <= (
                  select
                    c.id
                  from
                    ceiling c
                )
              union all
              select
                k.id
              from
                users vw,
                h1 hd
                cross join lateral (
                  select
                    t.post_id as id
                  from
                    post_tags t
                    cross join lateral (
                      select
                        t.post_id as id,
                        t.author_id,
                        null::int as home_reposter
                    ) he
                  where
                    t.tag = hd.src
                    and (t.tag, t.post_id) > (hd.src, $2)
                    and (t.tag, t.post_id) <= (
                      hd.src,
                      (
                        select
                          c.id
                        from
                          ceiling c
                      )
                    )
                    and (
                      vw.block_count = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = vw.id
                            and bk.blocked_id = he.author_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = he.author_id
                            and bk.blocked_id = vw.id
                        )
                      )
                    )
                    and (
                      vw.mute_count = 0
                      or not exists (
                        select
                        from
                          mutes mu
                        where
                          mu.muter_id = vw.id
                          and mu.muted_id = he.author_id
                      )
                    )
                    and case
                      when he.home_reposter is null then coalesce(
                        (
                          select
                            true
                          from
                            follows hf
                          where
                            hf.follower_id = vw.id
                            and hf.followed_id = he.author_id
                        ),
                        false
                      )
                      or exists (
                        select
                        from
                          post_tags ht
                          join tag_follows htf on htf.tag = ht.tag
                          and htf.user_id = vw.id
                        where
                          ht.post_id = he.id
                      )
                      else coalesce(
                        (
                          select
                            true
                          from
                            follows hf
                          where
                            hf.follower_id = vw.id
                            and hf.followed_id = he.home_reposter
                        ),
                        false
                      )
                      and (
                        vw.block_count = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = vw.id
                              and bk.blocked_id = he.home_reposter
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = he.home_reposter
                              and bk.blocked_id = vw.id
                          )
                        )
                      )
                      and (
                        vw.mute_count = 0
                        or not exists (
                          select
                          from
                            mutes mu
                          where
                            mu.muter_id = vw.id
                            and mu.muted_id = he.home_reposter
                        )
                      )
                    end
                  order by
                    t.post_id
                  limit
                    $4
                ) k
              where
                vw.id = $1
                and hd.id <= (
                  select
                    c.id
                  from
                    ceiling c
                )
              union all
              select
                k.id
              from
                users vw,
                h2 hd
                cross join lateral (
                  select
                    r.id
                  from
                    reposts r
                    join posts rp on rp.id = r.post_id
                    cross join lateral (
                      select
                        rp.id,
                        rp.author_id,
                        r.user_id as home_reposter
                    ) he
                  where
                    r.user_id = hd.src
                    and (r.user_id, r.id) > (hd.src, $2)
                    and (r.user_id, r.id) <= (
                      hd.src,
                      (
                        select
                          c.id
                        from
                          ceiling c
                      )
                    )
                    and (
                      vw.block_count = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = vw.id
                            and bk.blocked_id = he.author_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = he.author_id
                            and bk.blocked_id = vw.id
                        )
                      )
                    )
                    and (
                      vw.mute_count = 0
                      or not exists (
                        select
                        from
                          mutes mu
                        where
                          mu.muter_id = vw.id
                          and mu.muted_id = he.author_id
                      )
                    )
                    and case
                      when he.home_reposter is null then coalesce(
                        (
                          select
                            true
                          from
                            follows hf
                          where
                            hf.follower_id = vw.id
                            and hf.followed_id = he.author_id
                        ),
                        false
                      )
                      or exists (
                        select
                        from
                          post_tags ht
                          join tag_follows htf on htf.tag = ht.tag
                          and htf.user_id = vw.id
                        where
                          ht.post_id = he.id
                      )
                      else coalesce(
                        (
                          select
                            true
                          from
                            follows hf
                          where
                            hf.follower_id = vw.id
                            and hf.followed_id = he.home_reposter
                        ),
                        false
                      )
                      and (
                        vw.block_count = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = vw.id
                              and bk.blocked_id = he.home_reposter
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = he.home_reposter
                              and bk.blocked_id = vw.id
                          )
                        )
                      )
                      and (
                        vw.mute_count = 0
                        or not exists (
                          select
                          from
                            mutes mu
                          where
                            mu.muter_id = vw.id
                            and mu.muted_id = he.home_reposter
                        )
                      )
                    end
                  order by
                    r.id
                  limit
                    $4
                ) k
              where
                vw.id = $1
                and hd.id <= (
                  select
                    c.id
                  from
                    ceiling c
                )
            ) t
          order by
            t.id
          limit
            $4
        )
      ) as ids
  )
select
  e.event_id,
  (
    select
      row_to_json(o)
    from
      (
        select
          e.id,
          e.title,
          e.content,
          to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
          (
            select
              row_to_json(o)
            from
              (
                select
                  e_a.id,
                  e_a.first_name as "firstName",
                  e_a.last_name as "lastName",
                  e_a.avatar_url as "avatarUrl",
                  e_a.handle
                from
                  users e_a
                where
                  e_a.id = e.author_id
              ) o
          ) as "createdBy",
          case
            when coalesce(e_st.like_count, 0) = 0 then '[]'::json
            else coalesce(
              (
                select
                  array_to_json(array_agg(a))
                from
                  (
                    select
                      e_lu.id,
                      e_lu.first_name as "firstName",
                      e_lu.last_name as "lastName",
                      e_lu.avatar_url as "avatarUrl",
                      e_lu.handle
                    from
                      (
                        select
                          l.user_id
                        from
                          post_likes l
                        where
                          l.post_id = e.id
                          and (
                            vw.block_count = 0
                            or (
                              not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = vw.id
                                  and bk.blocked_id = l.user_id
                              )
                              and not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = l.user_id
                                  and bk.blocked_id = vw.id
                              )
                            )
                          )
                        order by
                          l.user_id
                        limit
                          20
                      ) e_lu_i
                      join users e_lu on e_lu.id = e_lu_i.user_id
                    order by
                      e_lu_i.user_id
                    limit
                      20
                  ) a
              ),
              '[]'::json
            )
          end as "likedBy",
          case
            when coalesce(e_st.comment_count, 0) = 0 then '[]'::json
            else coalesce(
              (
                select
                  array_to_json(array_agg(a))
                from
                  (
                    select
                      e_c.id,
                      e_c.content,
                      to_char(e_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                      (
                        select
                          row_to_json(o)
                        from
                          (
                            select
                              e_c_a.id,
                              e_c_a.first_name as "firstName",
                              e_c_a.last_name as "lastName",
                              e_c_a.avatar_url as "avatarUrl",
                              e_c_a.handle
                            from
                              users e_c_a
                            where
                              e_c_a.id = e_c.author_id
                          ) o
                      ) as "createdBy",
                      case
                        when coalesce(e_c_st.like_count, 0) = 0 then '[]'::json
                        else coalesce(
                          (
                            select
                              array_to_json(array_agg(a))
                            from
                              (
                                select
                                  e_c_lu.id,
                                  e_c_lu.first_name as "firstName",
                                  e_c_lu.last_name as "lastName",
                                  e_c_lu.avatar_url as "avatarUrl",
                                  e_c_lu.handle
                                from
                                  (
                                    select
                                      l.user_id
                                    from
                                      comment_likes l
                                    where
                                      l.comment_id = e_c.id
                                      and (
                                        vw.block_count = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = vw.id
                                              and bk.blocked_id = l.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = l.user_id
                                              and bk.blocked_id = vw.id
                                          )
                                        )
                                      )
                                    order by
                                      l.user_id
                                    limit
                                      20
                                  ) e_c_lu_i
                                  join users e_c_lu on e_c_lu.id = e_c_lu_i.user_id
                                order by
                                  e_c_lu_i.user_id
                                limit
                                  20
                              ) a
                          ),
                          '[]'::json
                        )
                      end as "likedBy",
                      (
                        coalesce(e_c_st.like_count, 0) - (
                          case
                            when vw.block_count = 0 then 0
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
                                    hb.blocker_id = vw.id
                                  union all
                                  select
                                    hb.blocker_id
                                  from
                                    blocks hb
                                  where
                                    hb.blocked_id = vw.id
                                ) hu
                                cross join lateral (
                                  select
                                  from
                                    comment_likes hl
                                  where
                                    hl.comment_id = e_c.id
                                    and hl.user_id = hu.u
                                ) hr
                            )
                          end
                        )
                      )::int as "likeCount",
                      (
                        coalesce(e_c_st.like_count, 0) > 0
                        and exists (
                          select
                          from
                            comment_likes e_c_c
                          where
                            e_c_c.comment_id = e_c.id
                            and e_c_c.user_id = vw.id
                        )
                      ) as "likedByMe",
                      case
                        when strpos(e_c.content, '@') = 0 then '[]'::json
                        else coalesce(
                          (
                            select
                              array_to_json(array_agg(a))
                            from
                              (
                                select
                                  e_c_me_mu.id,
                                  e_c_me_mu.first_name as "firstName",
                                  e_c_me_mu.last_name as "lastName",
                                  e_c_me_mu.avatar_url as "avatarUrl",
                                  e_c_me_mu.handle
                                from
                                  comment_mentions e_c_me_m
                                  join users e_c_me_mu on e_c_me_mu.id = e_c_me_m.user_id
                                where
                                  e_c_me_m.comment_id = e_c.id
                                  and e_c_me_m.shown
                                  and (
                                    vw.block_count = 0
                                    or (
                                      not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = vw.id
                                          and bk.blocked_id = e_c_me_m.user_id
                                      )
                                      and not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = e_c_me_m.user_id
                                          and bk.blocked_id = vw.id
                                      )
                                    )
                                  )
                                order by
                                  e_c_me_m.user_id
                                limit
                                  20
                              ) a
                          ),
                          '[]'::json
                        )
                      end as mentions
                    from
                      comments e_c
                      left join lateral (
                        select
                          *
                        from
                          comment_stats e_c_sr
                        where
                          e_c_sr.comment_id = e_c.id
                        limit
                          1
                      ) e_c_st on true
                    where
                      e_c.post_id = e.id
                      and (
                        vw.block_count = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = vw.id
                              and bk.blocked_id = e_c.author_id
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = e_c.author_id
                              and bk.blocked_id = vw.id
                          )
                        )
                      )
                    order by
                      e_c.created_at desc,
                      e_c.id desc
                    limit
                      20
                  ) a
              ),
              '[]'::json
            )
          end as comments,
          (
            coalesce(e_st.like_count, 0) - (
              case
                when vw.block_count = 0 then 0
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
                        hb.blocker_id = vw.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = vw.id
                    ) hu
                    cross join lateral (
                      select
                      from
                        post_likes hl
                      where
                        hl.post_id = e.id
                        and hl.user_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "likeCount",
          (
            coalesce(e_st.comment_count, 0) - (
              case
                when vw.block_count = 0 then 0
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
                        hb.blocker_id = vw.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = vw.id
                    ) hu
                    cross join lateral (
                      select
                      from
                        comments hc
                      where
                        hc.post_id = e.id
                        and hc.author_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "commentCount",
          (
            coalesce(e_st.like_count, 0) > 0
            and exists (
              select
              from
                post_likes e_p
              where
                e_p.post_id = e.id
                and e_p.user_id = vw.id
            )
          ) as "likedByMe",
          coalesce(e.media::json, '[]'::json) as media,
          coalesce(to_json(e.tags), '[]'::json) as tags,
          (
            coalesce(e_st.quote_count, 0) - (
              case
                when vw.block_count = 0 then 0
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
                        hb.blocker_id = vw.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = vw.id
                    ) hu
                    cross join lateral (
                      select
                      from
                        posts hq
                      where
                        hq.quote_of_id = e.id
                        and hq.author_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "quoteCount",
          case
            when e.quote_of_id is null then null
            else (
              select
                row_to_json(o)
              from
                (
                  select
                    e_q.id,
                    e_q.title,
                    e_q.content,
                    to_char(e_q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                    (
                      select
                        row_to_json(o)
                      from
                        (
                          select
                            e_q_a.id,
                            e_q_a.first_name as "firstName",
                            e_q_a.last_name as "lastName",
                            e_q_a.avatar_url as "avatarUrl",
                            e_q_a.handle
                          from
                            users e_q_a
                          where
                            e_q_a.id = e_q.author_id
                        ) o
                    ) as "createdBy",
                    (
                      coalesce(e_q_st.like_count, 0) - (
                        case
                          when vw.block_count = 0 then 0
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
                                  hb.blocker_id = vw.id
                                union all
                                select
                                  hb.blocker_id
                                from
                                  blocks hb
                                where
                                  hb.blocked_id = vw.id
                              ) hu
                              cross join lateral (
                                select
                                from
                                  post_likes hl
                                where
                                  hl.post_id = e_q.id
                                  and hl.user_id = hu.u
                              ) hr
                          )
                        end
                      )
                    )::int as "likeCount",
                    (
                      coalesce(e_q_st.comment_count, 0) - (
                        case
                          when vw.block_count = 0 then 0
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
                                  hb.blocker_id = vw.id
                                union all
                                select
                                  hb.blocker_id
                                from
                                  blocks hb
                                where
                                  hb.blocked_id = vw.id
                              ) hu
                              cross join lateral (
                                select
                                from
                                  comments hc
                                where
                                  hc.post_id = e_q.id
                                  and hc.author_id = hu.u
                              ) hr
                          )
                        end
                      )
                    )::int as "commentCount",
                    coalesce(e_q.media::json, '[]'::json) as media,
                    coalesce(to_json(e_q.tags), '[]'::json) as tags,
                    (
                      coalesce(e_q_st.quote_count, 0) - (
                        case
                          when vw.block_count = 0 then 0
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
                                  hb.blocker_id = vw.id
                                union all
                                select
                                  hb.blocker_id
                                from
                                  blocks hb
                                where
                                  hb.blocked_id = vw.id
                              ) hu
                              cross join lateral (
                                select
                                from
                                  posts hq
                                where
                                  hq.quote_of_id = e_q.id
                                  and hq.author_id = hu.u
                              ) hr
                          )
                        end
                      )
                    )::int as "quoteCount"
                  from
                    posts e_q
                    left join lateral (
                      select
                        *
                      from
                        post_stats e_q_sr
                      where
                        e_q_sr.post_id = e_q.id
                      limit
                        1
                    ) e_q_st on true
                  where
                    e_q.id = e.quote_of_id
                    and (
                      vw.block_count = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = vw.id
                            and bk.blocked_id = e_q.author_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = e_q.author_id
                            and bk.blocked_id = vw.id
                        )
                      )
                    )
                ) o
            )
          end as "quoteOf",
          (
            coalesce(e_st.repost_count, 0) - (
              case
                when vw.block_count = 0 then 0
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
                        hb.blocker_id = vw.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = vw.id
                    ) hu
                    cross join lateral (
                      select
                      from
                        reposts hr
                      where
                        hr.post_id = e.id
                        and hr.user_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "repostCount",
          (
            coalesce(e_st.repost_count, 0) > 0
            and exists (
              select
              from
                reposts e_r
              where
                e_r.post_id = e.id
                and e_r.user_id = vw.id
            )
          ) as "repostedByMe",
          (
            exists (
              select
              from
                bookmarks e_ba
              where
                e_ba.user_id = vw.id
            )
            and exists (
              select
              from
                bookmarks e_b
              where
                e_b.post_id = e.id
                and e_b.user_id = vw.id
            )
          ) as "bookmarkedByMe",
          case
            when strpos(e.content, '@') = 0 then '[]'::json
            else coalesce(
              (
                select
                  array_to_json(array_agg(a))
                from
                  (
                    select
                      e_me_mu.id,
                      e_me_mu.first_name as "firstName",
                      e_me_mu.last_name as "lastName",
                      e_me_mu.avatar_url as "avatarUrl",
                      e_me_mu.handle
                    from
                      post_mentions e_me_m
                      join users e_me_mu on e_me_mu.id = e_me_m.user_id
                    where
                      e_me_m.post_id = e.id
                      and e_me_m.shown
                      and (
                        vw.block_count = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = vw.id
                              and bk.blocked_id = e_me_m.user_id
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = e_me_m.user_id
                              and bk.blocked_id = vw.id
                          )
                        )
                      )
                    order by
                      e_me_m.user_id
                    limit
                      20
                  ) a
              ),
              '[]'::json
            )
          end as mentions,
          (
            select
              row_to_json(o)
            from
              (
                select
                  e_r.id,
                  e_r.first_name as "firstName",
                  e_r.last_name as "lastName",
                  e_r.avatar_url as "avatarUrl",
                  e_r.handle
                from
                  users e_r
                where
                  e_r.id = e.home_reposter
              ) o
          ) as "repostedBy",
          case
            when e.home_reposter is null then null
            else to_char(e.home_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          end as "repostedAt",
          (
            extract(
              epoch
              from
                e.home_at
            ) * 1000
          )::bigint || '_' || e.id as cursor
        from
          (
            select
          ) e_one
          left join lateral (
            select
              *
            from
              post_stats e_sr
            where
              e_sr.post_id = e.id
            limit
              1
          ) e_st on true
      ) o
  )::text,
  e.cursor
from
  users vw,
  (
    select
      hp.*,
      ev.at as home_at,
      ev.reposter as home_reposter,
      ev.event_id,
      (
        extract(
          epoch
          from
            ev.at
        ) * 1000
      )::bigint || '_' || hp.id as cursor
    from
      (
        select
          p.id as event_id,
          p.id as post_id,
          p.created_at as at,
          null::int as reposter
        from
          posts p
        where
          p.id = any (
            (
              select
                ids
              from
                replay
            )::int[]
          )
        union all
        select
          r.id,
          r.post_id,
          r.created_at,
          r.user_id
        from
          reposts r
        where
          r.id = any (
            (
              select
                ids
              from
                replay
            )::int[]
          )
      ) ev
      join posts hp on hp.id = ev.post_id
  ) e
where
  vw.id = $1
  and e.event_id > $2
  and e.event_id <= $3
  and (
    vw.block_count = 0
    or (
      not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = vw.id
          and bk.blocked_id = e.author_id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = e.author_id
          and bk.blocked_id = vw.id
      )
    )
  )
  and (
    vw.mute_count = 0
    or not exists (
      select
      from
        mutes mu
      where
        mu.muter_id = vw.id
        and mu.muted_id = e.author_id
    )
  )
  and case
    when e.home_reposter is null then coalesce(
      (
        select
          true
        from
          follows hf
        where
          hf.follower_id = vw.id
          and hf.followed_id = e.author_id
      ),
      false
    )
    or exists (
      select
      from
        post_tags ht
        join tag_follows htf on htf.tag = ht.tag
        and htf.user_id = vw.id
      where
        ht.post_id = e.id
    )
    else coalesce(
      (
        select
          true
        from
          follows hf
        where
          hf.follower_id = vw.id
          and hf.followed_id = e.home_reposter
      ),
      false
    )
    and (
      vw.block_count = 0
      or (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = vw.id
            and bk.blocked_id = e.home_reposter
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = e.home_reposter
            and bk.blocked_id = vw.id
        )
      )
    )
    and (
      vw.mute_count = 0
      or not exists (
        select
        from
          mutes mu
        where
          mu.muter_id = vw.id
          and mu.muted_id = e.home_reposter
      )
    )
  end
order by
  e.event_id
limit
  $4;

-- live_home_event_at
with
  hit as (
    select
      coalesce(
        (
          select
            max(r.id)
          from
            reposts r
          where
            r.post_id = $2
            and r.created_at = (timestamptz 'epoch' + $1::bigint * interval '1 millisecond')
        ),
        (
          select
            p.id
          from
            posts p
          where
            p.id = $2
            and p.created_at = (timestamptz 'epoch' + $1::bigint * interval '1 millisecond')
        )
      ) as id
  ),
  base as (
    select
      coalesce(
        hit.id,
        greatest(
          (
            select
              p.id
            from
              posts p
            where
              p.created_at <= (timestamptz 'epoch' + $1::bigint * interval '1 millisecond')
            order by
              p.created_at desc,
              p.id desc
            limit
              1
          ),
          (
            select
              r.id
            from
              reposts r
            where
              r.created_at <= (timestamptz 'epoch' + $1::bigint * interval '1 millisecond')
            order by
              r.created_at desc,
              r.post_id desc
            limit
              1
          )
        ),
        0
      ) as id,
      hit.id is null as gone
    from
      hit
  ),
  edge as (
    select
      b.id,
      b.id + b.gone::int as below,
      (timestamptz 'epoch' + $1::bigint * interval '1 millisecond') - $3::int * interval '1 millisecond' as since,
      (timestamptz 'epoch' + $1::bigint * interval '1 millisecond') + $3::int * interval '1 millisecond' as until
    from
      base b
  )
select
  least(
    e.id,
    least(
      (
        select
          min(w.id)
        from
          (
            select
              p.id
            from
              posts p
            where
              p.created_at > e.since
              and p.created_at <= e.until
            offset
              0
          ) w
        where
          w.id < e.below
      ),
      (
        select
          min(w.id)
        from
          (
            select
              r.id
            from
              reposts r
            where
              r.created_at > e.since
              and r.created_at <= e.until
            offset
              0
          ) w
        where
          w.id < e.below
      )
    ) - 1
  )
from
  edge e;

-- live_home_for_readers
select
  e.event_id,
  e.cursor,
  e.id,
  m.readers,
  (
    select
      row_to_json(o)
    from
      (
        select
          e.id,
          e.title,
          e.content,
          to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
          (
            select
              row_to_json(o)
            from
              (
                select
                  e_a.id,
                  e_a.first_name as "firstName",
                  e_a.last_name as "lastName",
                  e_a.avatar_url as "avatarUrl",
                  e_a.handle
                from
                  users e_a
                where
                  e_a.id = e.author_id
              ) o
          ) as "createdBy",
          case
            when coalesce(e_st.like_count, 0) = 0 then '[]'::json
            else coalesce(
              (
                select
                  array_to_json(array_agg(a))
                from
                  (
                    select
                      e_lu.id,
                      e_lu.first_name as "firstName",
                      e_lu.last_name as "lastName",
                      e_lu.avatar_url as "avatarUrl",
                      e_lu.handle
                    from
                      (
                        select
                          l.user_id
                        from
                          post_likes l
                        where
                          l.post_id = e.id
                          and true
                        order by
                          l.user_id
                        limit
                          20
                      ) e_lu_i
                      join users e_lu on e_lu.id = e_lu_i.user_id
                    order by
                      e_lu_i.user_id
                    limit
                      20
                  ) a
              ),
              '[]'::json
            )
          end as "likedBy",
          case
            when coalesce(e_st.comment_count, 0) = 0 then '[]'::json
            else coalesce(
              (
                select
                  array_to_json(array_agg(a))
                from
                  (
                    select
                      e_c.id,
                      e_c.content,
                      to_char(e_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                      (
                        select
                          row_to_json(o)
                        from
                          (
                            select
                              e_c_a.id,
                              e_c_a.first_name as "firstName",
                              e_c_a.last_name as "lastName",
                              e_c_a.avatar_url as "avatarUrl",
                              e_c_a.handle
                            from
                              users e_c_a
                            where
                              e_c_a.id = e_c.author_id
                          ) o
                      ) as "createdBy",
                      case
                        when coalesce(e_c_st.like_count, 0) = 0 then '[]'::json
                        else coalesce(
                          (
                            select
                              array_to_json(array_agg(a))
                            from
                              (
                                select
                                  e_c_lu.id,
                                  e_c_lu.first_name as "firstName",
                                  e_c_lu.last_name as "lastName",
                                  e_c_lu.avatar_url as "avatarUrl",
                                  e_c_lu.handle
                                from
                                  (
                                    select
                                      l.user_id
                                    from
                                      comment_likes l
                                    where
                                      l.comment_id = e_c.id
                                      and true
                                    order by
                                      l.user_id
                                    limit
                                      20
                                  ) e_c_lu_i
                                  join users e_c_lu on e_c_lu.id = e_c_lu_i.user_id
                                order by
                                  e_c_lu_i.user_id
                                limit
                                  20
                              ) a
                          ),
                          '[]'::json
                        )
                      end as "likedBy",
                      (coalesce(e_c_st.like_count, 0) - 0)::int as "likeCount",
                      to_json(
                        '#c' || e_c.id || case
                          when (
                            coalesce(e_c_st.like_count, 0) > 0
                            and exists (
                              select
                              from
                                comment_likes e_c_c
                              where
                                e_c_c.comment_id = e_c.id
                                and e_c_c.user_id = null
                            )
                          ) then 't'
                          else 'f'
                        end
                      ) as "likedByMe",
                      case
                        when strpos(e_c.content, '@') = 0 then '[]'::json
                        else coalesce(
                          (
                            select
                              array_to_json(array_agg(a))
                            from
                              (
                                select
                                  e_c_me_mu.id,
                                  e_c_me_mu.first_name as "firstName",
                                  e_c_me_mu.last_name as "lastName",
                                  e_c_me_mu.avatar_url as "avatarUrl",
                                  e_c_me_mu.handle
                                from
                                  comment_mentions e_c_me_m
                                  join users e_c_me_mu on e_c_me_mu.id = e_c_me_m.user_id
                                where
                                  e_c_me_m.comment_id = e_c.id
                                  and e_c_me_m.shown
                                  and true
                                order by
                                  e_c_me_m.user_id
                                limit
                                  20
                              ) a
                          ),
                          '[]'::json
                        )
                      end as mentions
                    from
                      comments e_c
                      left join lateral (
                        select
                          *
                        from
                          comment_stats e_c_sr
                        where
                          e_c_sr.comment_id = e_c.id
                        limit
                          1
                      ) e_c_st on true
                    where
                      e_c.post_id = e.id
                      and true
                    order by
                      e_c.created_at desc,
                      e_c.id desc
                    limit
                      20
                  ) a
              ),
              '[]'::json
            )
          end as comments,
          (coalesce(e_st.like_count, 0) - 0)::int as "likeCount",
          (coalesce(e_st.comment_count, 0) - 0)::int as "commentCount",
          to_json(
            '#p' || e.id || case
              when (
                coalesce(e_st.like_count, 0) > 0
                and exists (
                  select
                  from
                    post_likes e_p
                  where
                    e_p.post_id = e.id
                    and e_p.user_id = null
                )
              ) then 't'
              else 'f'
            end
          ) as "likedByMe",
          coalesce(e.media::json, '[]'::json) as media,
          coalesce(to_json(e.tags), '[]'::json) as tags,
          (coalesce(e_st.quote_count, 0) - 0)::int as "quoteCount",
          case
            when e.quote_of_id is null then null
            else (
              select
                row_to_json(o)
              from
                (
                  select
                    e_q.id,
                    e_q.title,
                    e_q.content,
                    to_char(e_q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                    (
                      select
                        row_to_json(o)
                      from
                        (
                          select
                            e_q_a.id,
                            e_q_a.first_name as "firstName",
                            e_q_a.last_name as "lastName",
                            e_q_a.avatar_url as "avatarUrl",
                            e_q_a.handle
                          from
                            users e_q_a
                          where
                            e_q_a.id = e_q.author_id
                        ) o
                    ) as "createdBy",
                    (coalesce(e_q_st.like_count, 0) - 0)::int as "likeCount",
                    (coalesce(e_q_st.comment_count, 0) - 0)::int as "commentCount",
                    coalesce(e_q.media::json, '[]'::json) as media,
                    coalesce(to_json(e_q.tags), '[]'::json) as tags,
                    (coalesce(e_q_st.quote_count, 0) - 0)::int as "quoteCount"
                  from
                    posts e_q
                    left join lateral (
                      select
                        *
                      from
                        post_stats e_q_sr
                      where
                        e_q_sr.post_id = e_q.id
                      limit
                        1
                    ) e_q_st on true
                  where
                    e_q.id = e.quote_of_id
                    and true
                ) o
            )
          end as "quoteOf",
          (coalesce(e_st.repost_count, 0) - 0)::int as "repostCount",
          to_json(
            '#r' || e.id || case
              when (
                coalesce(e_st.repost_count, 0) > 0
                and exists (
                  select
                  from
                    reposts e_r
                  where
                    e_r.post_id = e.id
                    and e_r.user_id = null
                )
              ) then 't'
              else 'f'
            end
          ) as "repostedByMe",
          to_json(
            '#b' || e.id || case
              when (
                exists (
                  select
                  from
                    bookmarks e_ba
                  where
                    e_ba.user_id = null
                )
                and exists (
                  select
                  from
                    bookmarks e_b
                  where
                    e_b.post_id = e.id
                    and e_b.user_id = null
                )
              ) then 't'
              else 'f'
            end
          ) as "bookmarkedByMe",
          case
            when strpos(e.content, '@') = 0 then '[]'::json
            else coalesce(
              (
                select
                  array_to_json(array_agg(a))
                from
                  (
                    select
                      e_me_mu.id,
                      e_me_mu.first_name as "firstName",
                      e_me_mu.last_name as "lastName",
                      e_me_mu.avatar_url as "avatarUrl",
                      e_me_mu.handle
                    from
                      post_mentions e_me_m
                      join users e_me_mu on e_me_mu.id = e_me_m.user_id
                    where
                      e_me_m.post_id = e.id
                      and e_me_m.shown
                      and true
                    order by
                      e_me_m.user_id
                    limit
                      20
                  ) a
              ),
              '[]'::json
            )
          end as mentions,
          (
            select
              row_to_json(o)
            from
              (
                select
                  e_r.id,
                  e_r.first_name as "firstName",
                  e_r.last_name as "lastName",
                  e_r.avatar_url as "avatarUrl",
                  e_r.handle
                from
                  users e_r
                where
                  e_r.id = e.home_reposter
              ) o
          ) as "repostedBy",
          case
            when e.home_reposter is null then null
            else to_char(e.home_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          end as "repostedAt",
          (
            extract(
              epoch
              from
                e.home_at
            ) * 1000
          )::bigint || '_' || e.id as cursor
        from
          (
            select
          ) e_one
          left join lateral (
            select
              *
            from
              post_stats e_sr
            where
              e_sr.post_id = e.id
            limit
              1
          ) e_st on true
      ) o
  )::text,
  array(
    select
      m.user_id
    from
      post_likes m
    where
      m.post_id = e.id
      and m.user_id = any ($2::int[])
  ),
  cl.users,
  cl.comments,
  array(
    select
      m.user_id
    from
      reposts m
    where
      m.post_id = e.id
      and m.user_id = any ($2::int[])
  ),
  array(
    select
      m.user_id
    from
      bookmarks m
    where
      m.post_id = e.id
      and m.user_id = any ($2::int[])
  )
from
  (
    select
      hp.*,
      ev.at as home_at,
      ev.reposter as home_reposter,
      ev.event_id,
      (
        extract(
          epoch
          from
            ev.at
        ) * 1000
      )::bigint || '_' || hp.id as cursor
    from
      (
        select
          p.id as event_id,
          p.id as post_id,
          p.created_at as at,
          null::int as reposter
        from
          posts p
        where
          p.id = any ($1::int[])
        union all
        select
          r.id,
          r.post_id,
          r.created_at,
          r.user_id
        from
          reposts r
        where
          r.id = any ($1::int[])
      ) ev
      join posts hp on hp.id = ev.post_id
  ) e
  cross join lateral (
    select
      array(
        select
          vw.id
        from
          users vw
        where
          vw.id = any ($2::int[])
          and vw.block_count = 0
          and (
            vw.block_count = 0
            or (
              not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = vw.id
                  and bk.blocked_id = e.author_id
              )
              and not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = e.author_id
                  and bk.blocked_id = vw.id
              )
            )
          )
          and (
            vw.mute_count = 0
            or not exists (
              select
              from
                mutes mu
              where
                mu.muter_id = vw.id
                and mu.muted_id = e.author_id
            )
          )
          and case
            when e.home_reposter is null then coalesce(
              (
                select
                  true
                from
                  follows hf
                where
                  hf.follower_id = vw.id
                  and hf.followed_id = e.author_id
              ),
              false
            )
            or exists (
              select
              from
                post_tags ht
                join tag_follows htf on htf.tag = ht.tag
                and htf.user_id = vw.id
              where
                ht.post_id = e.id
            )
            else coalesce(
              (
                select
                  true
                from
                  follows hf
                where
                  hf.follower_id = vw.id
                  and hf.followed_id = e.home_reposter
              ),
              false
            )
            and (
              vw.block_count = 0
              or (
                not exists (
                  select
                  from
                    blocks bk
                  where
                    bk.blocker_id = vw.id
                    and bk.blocked_id = e.home_reposter
                )
                and not exists (
                  select
                  from
                    blocks bk
                  where
                    bk.blocker_id = e.home_reposter
                    and bk.blocked_id = vw.id
                )
              )
            )
            and (
              vw.mute_count = 0
              or not exists (
                select
                from
                  mutes mu
                where
                  mu.muter_id = vw.id
                  and mu.muted_id = e.home_reposter
              )
            )
          end
      ) as readers
  ) m
  cross join lateral (
    select
      coalesce(array_agg(m.user_id), '{}') as users,
      coalesce(array_agg(m.comment_id), '{}') as comments
    from
      comment_likes m
    where
      m.comment_id in (
        select
          c.id
        from
          comments c
        where
          c.post_id = e.id
        order by
          c.created_at desc,
          c.id desc
        limit
          20
      )
      and m.user_id = any ($2::int[])
  ) cl
where
  cardinality(m.readers) > 0
union all
select
  e.event_id,
  e.cursor,
  e.id,
  array[vw.id],
  (
    select
      row_to_json(o)
    from
      (
        select
          e.id,
          e.title,
          e.content,
          to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
          (
            select
              row_to_json(o)
            from
              (
                select
                  e_a.id,
                  e_a.first_name as "firstName",
                  e_a.last_name as "lastName",
                  e_a.avatar_url as "avatarUrl",
                  e_a.handle
                from
                  users e_a
                where
                  e_a.id = e.author_id
              ) o
          ) as "createdBy",
          case
            when coalesce(e_st.like_count, 0) = 0 then '[]'::json
            else coalesce(
              (
                select
                  array_to_json(array_agg(a))
                from
                  (
                    select
                      e_lu.id,
                      e_lu.first_name as "firstName",
                      e_lu.last_name as "lastName",
                      e_lu.avatar_url as "avatarUrl",
                      e_lu.handle
                    from
                      (
                        select
                          l.user_id
                        from
                          post_likes l
                        where
                          l.post_id = e.id
                          and (
                            vw.block_count = 0
                            or (
                              not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = vw.id
                                  and bk.blocked_id = l.user_id
                              )
                              and not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = l.user_id
                                  and bk.blocked_id = vw.id
                              )
                            )
                          )
                        order by
                          l.user_id
                        limit
                          20
                      ) e_lu_i
                      join users e_lu on e_lu.id = e_lu_i.user_id
                    order by
                      e_lu_i.user_id
                    limit
                      20
                  ) a
              ),
              '[]'::json
            )
          end as "likedBy",
          case
            when coalesce(e_st.comment_count, 0) = 0 then '[]'::json
            else coalesce(
              (
                select
                  array_to_json(array_agg(a))
                from
                  (
                    select
                      e_c.id,
                      e_c.content,
                      to_char(e_c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                      (
                        select
                          row_to_json(o)
                        from
                          (
                            select
                              e_c_a.id,
                              e_c_a.first_name as "firstName",
                              e_c_a.last_name as "lastName",
                              e_c_a.avatar_url as "avatarUrl",
                              e_c_a.handle
                            from
                              users e_c_a
                            where
                              e_c_a.id = e_c.author_id
                          ) o
                      ) as "createdBy",
                      case
                        when coalesce(e_c_st.like_count, 0) = 0 then '[]'::json
                        else coalesce(
                          (
                            select
                              array_to_json(array_agg(a))
                            from
                              (
                                select
                                  e_c_lu.id,
                                  e_c_lu.first_name as "firstName",
                                  e_c_lu.last_name as "lastName",
                                  e_c_lu.avatar_url as "avatarUrl",
                                  e_c_lu.handle
                                from
                                  (
                                    select
                                      l.user_id
                                    from
                                      comment_likes l
                                    where
                                      l.comment_id = e_c.id
                                      and (
                                        vw.block_count = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = vw.id
                                              and bk.blocked_id = l.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = l.user_id
                                              and bk.blocked_id = vw.id
                                          )
                                        )
                                      )
                                    order by
                                      l.user_id
                                    limit
                                      20
                                  ) e_c_lu_i
                                  join users e_c_lu on e_c_lu.id = e_c_lu_i.user_id
                                order by
                                  e_c_lu_i.user_id
                                limit
                                  20
                              ) a
                          ),
                          '[]'::json
                        )
                      end as "likedBy",
                      (
                        coalesce(e_c_st.like_count, 0) - (
                          case
                            when vw.block_count = 0 then 0
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
                                    hb.blocker_id = vw.id
                                  union all
                                  select
                                    hb.blocker_id
                                  from
                                    blocks hb
                                  where
                                    hb.blocked_id = vw.id
                                ) hu
                                cross join lateral (
                                  select
                                  from
                                    comment_likes hl
                                  where
                                    hl.comment_id = e_c.id
                                    and hl.user_id = hu.u
                                ) hr
                            )
                          end
                        )
                      )::int as "likeCount",
                      (
                        coalesce(e_c_st.like_count, 0) > 0
                        and exists (
                          select
                          from
                            comment_likes e_c_c
                          where
                            e_c_c.comment_id = e_c.id
                            and e_c_c.user_id = vw.id
                        )
                      ) as "likedByMe",
                      case
                        when strpos(e_c.content, '@') = 0 then '[]'::json
                        else coalesce(
                          (
                            select
                              array_to_json(array_agg(a))
                            from
                              (
                                select
                                  e_c_me_mu.id,
                                  e_c_me_mu.first_name as "firstName",
                                  e_c_me_mu.last_name as "lastName",
                                  e_c_me_mu.avatar_url as "avatarUrl",
                                  e_c_me_mu.handle
                                from
                                  comment_mentions e_c_me_m
                                  join users e_c_me_mu on e_c_me_mu.id = e_c_me_m.user_id
                                where
                                  e_c_me_m.comment_id = e_c.id
                                  and e_c_me_m.shown
                                  and (
                                    vw.block_count = 0
                                    or (
                                      not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = vw.id
                                          and bk.blocked_id = e_c_me_m.user_id
                                      )
                                      and not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = e_c_me_m.user_id
                                          and bk.blocked_id = vw.id
                                      )
                                    )
                                  )
                                order by
                                  e_c_me_m.user_id
                                limit
                                  20
                              ) a
                          ),
                          '[]'::json
                        )
                      end as mentions
                    from
                      comments e_c
                      left join lateral (
                        select
                          *
                        from
                          comment_stats e_c_sr
                        where
                          e_c_sr.comment_id = e_c.id
                        limit
                          1
                      ) e_c_st on true
                    where
                      e_c.post_id = e.id
                      and (
                        vw.block_count = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = vw.id
                              and bk.blocked_id = e_c.author_id
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = e_c.author_id
                              and bk.blocked_id = vw.id
                          )
                        )
                      )
                    order by
                      e_c.created_at desc,
                      e_c.id desc
                    limit
                      20
                  ) a
              ),
              '[]'::json
            )
          end as comments,
          (
            coalesce(e_st.like_count, 0) - (
              case
                when vw.block_count = 0 then 0
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
                        hb.blocker_id = vw.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = vw.id
                    ) hu
                    cross join lateral (
                      select
                      from
                        post_likes hl
                      where
                        hl.post_id = e.id
                        and hl.user_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "likeCount",
          (
            coalesce(e_st.comment_count, 0) - (
              case
                when vw.block_count = 0 then 0
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
                        hb.blocker_id = vw.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = vw.id
                    ) hu
                    cross join lateral (
                      select
                      from
                        comments hc
                      where
                        hc.post_id = e.id
                        and hc.author_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "commentCount",
          (
            coalesce(e_st.like_count, 0) > 0
            and exists (
              select
              from
                post_likes e_p
              where
                e_p.post_id = e.id
                and e_p.user_id = vw.id
            )
          ) as "likedByMe",
          coalesce(e.media::json, '[]'::json) as media,
          coalesce(to_json(e.tags), '[]'::json) as tags,
          (
            coalesce(e_st.quote_count, 0) - (
              case
                when vw.block_count = 0 then 0
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
                        hb.blocker_id = vw.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = vw.id
                    ) hu
                    cross join lateral (
                      select
                      from
                        posts hq
                      where
                        hq.quote_of_id = e.id
                        and hq.author_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "quoteCount",
          case
            when e.quote_of_id is null then null
            else (
              select
                row_to_json(o)
              from
                (
                  select
                    e_q.id,
                    e_q.title,
                    e_q.content,
                    to_char(e_q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                    (
                      select
                        row_to_json(o)
                      from
                        (
                          select
                            e_q_a.id,
                            e_q_a.first_name as "firstName",
                            e_q_a.last_name as "lastName",
                            e_q_a.avatar_url as "avatarUrl",
                            e_q_a.handle
                          from
                            users e_q_a
                          where
                            e_q_a.id = e_q.author_id
                        ) o
                    ) as "createdBy",
                    (
                      coalesce(e_q_st.like_count, 0) - (
                        case
                          when vw.block_count = 0 then 0
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
                                  hb.blocker_id = vw.id
                                union all
                                select
                                  hb.blocker_id
                                from
                                  blocks hb
                                where
                                  hb.blocked_id = vw.id
                              ) hu
                              cross join lateral (
                                select
                                from
                                  post_likes hl
                                where
                                  hl.post_id = e_q.id
                                  and hl.user_id = hu.u
                              ) hr
                          )
                        end
                      )
                    )::int as "likeCount",
                    (
                      coalesce(e_q_st.comment_count, 0) - (
                        case
                          when vw.block_count = 0 then 0
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
                                  hb.blocker_id = vw.id
                                union all
                                select
                                  hb.blocker_id
                                from
                                  blocks hb
                                where
                                  hb.blocked_id = vw.id
                              ) hu
                              cross join lateral (
                                select
                                from
                                  comments hc
                                where
                                  hc.post_id = e_q.id
                                  and hc.author_id = hu.u
                              ) hr
                          )
                        end
                      )
                    )::int as "commentCount",
                    coalesce(e_q.media::json, '[]'::json) as media,
                    coalesce(to_json(e_q.tags), '[]'::json) as tags,
                    (
                      coalesce(e_q_st.quote_count, 0) - (
                        case
                          when vw.block_count = 0 then 0
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
                                  hb.blocker_id = vw.id
                                union all
                                select
                                  hb.blocker_id
                                from
                                  blocks hb
                                where
                                  hb.blocked_id = vw.id
                              ) hu
                              cross join lateral (
                                select
                                from
                                  posts hq
                                where
                                  hq.quote_of_id = e_q.id
                                  and hq.author_id = hu.u
                              ) hr
                          )
                        end
                      )
                    )::int as "quoteCount"
                  from
                    posts e_q
                    left join lateral (
                      select
                        *
                      from
                        post_stats e_q_sr
                      where
                        e_q_sr.post_id = e_q.id
                      limit
                        1
                    ) e_q_st on true
                  where
                    e_q.id = e.quote_of_id
                    and (
                      vw.block_count = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = vw.id
                            and bk.blocked_id = e_q.author_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = e_q.author_id
                            and bk.blocked_id = vw.id
                        )
                      )
                    )
                ) o
            )
          end as "quoteOf",
          (
            coalesce(e_st.repost_count, 0) - (
              case
                when vw.block_count = 0 then 0
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
                        hb.blocker_id = vw.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = vw.id
                    ) hu
                    cross join lateral (
                      select
                      from
                        reposts hr
                      where
                        hr.post_id = e.id
                        and hr.user_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "repostCount",
          (
            coalesce(e_st.repost_count, 0) > 0
            and exists (
              select
              from
                reposts e_r
              where
                e_r.post_id = e.id
                and e_r.user_id = vw.id
            )
          ) as "repostedByMe",
          (
            exists (
              select
              from
                bookmarks e_ba
              where
                e_ba.user_id = vw.id
            )
            and exists (
              select
              from
                bookmarks e_b
              where
                e_b.post_id = e.id
                and e_b.user_id = vw.id
            )
          ) as "bookmarkedByMe",
          case
            when strpos(e.content, '@') = 0 then '[]'::json
            else coalesce(
              (
                select
                  array_to_json(array_agg(a))
                from
                  (
                    select
                      e_me_mu.id,
                      e_me_mu.first_name as "firstName",
                      e_me_mu.last_name as "lastName",
                      e_me_mu.avatar_url as "avatarUrl",
                      e_me_mu.handle
                    from
                      post_mentions e_me_m
                      join users e_me_mu on e_me_mu.id = e_me_m.user_id
                    where
                      e_me_m.post_id = e.id
                      and e_me_m.shown
                      and (
                        vw.block_count = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = vw.id
                              and bk.blocked_id = e_me_m.user_id
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = e_me_m.user_id
                              and bk.blocked_id = vw.id
                          )
                        )
                      )
                    order by
                      e_me_m.user_id
                    limit
                      20
                  ) a
              ),
              '[]'::json
            )
          end as mentions,
          (
            select
              row_to_json(o)
            from
              (
                select
                  e_r.id,
                  e_r.first_name as "firstName",
                  e_r.last_name as "lastName",
                  e_r.avatar_url as "avatarUrl",
                  e_r.handle
                from
                  users e_r
                where
                  e_r.id = e.home_reposter
              ) o
          ) as "repostedBy",
          case
            when e.home_reposter is null then null
            else to_char(e.home_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          end as "repostedAt",
          (
            extract(
              epoch
              from
                e.home_at
            ) * 1000
          )::bigint || '_' || e.id as cursor
        from
          (
            select
          ) e_one
          left join lateral (
            select
              *
            from
              post_stats e_sr
            where
              e_sr.post_id = e.id
            limit
              1
          ) e_st on true
      ) o
  )::text,
  null,
  null,
  null,
  null,
  null
from
  users vw,
  (
    select
      hp.*,
      ev.at as home_at,
      ev.reposter as home_reposter,
      ev.event_id,
      (
        extract(
          epoch
          from
            ev.at
        ) * 1000
      )::bigint || '_' || hp.id as cursor
    from
      (
        select
          p.id as event_id,
          p.id as post_id,
          p.created_at as at,
          null::int as reposter
        from
          posts p
        where
          p.id = any ($1::int[])
        union all
        select
          r.id,
          r.post_id,
          r.created_at,
          r.user_id
        from
          reposts r
        where
          r.id = any ($1::int[])
      ) ev
      join posts hp on hp.id = ev.post_id
  ) e
where
  vw.id = any ($2::int[])
  and vw.block_count > 0
  and (
    vw.block_count = 0
    or (
      not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = vw.id
          and bk.blocked_id = e.author_id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = e.author_id
          and bk.blocked_id = vw.id
      )
    )
  )
  and (
    vw.mute_count = 0
    or not exists (
      select
      from
        mutes mu
      where
        mu.muter_id = vw.id
        and mu.muted_id = e.author_id
    )
  )
  and case
    when e.home_reposter is null then coalesce(
      (
        select
          true
        from
          follows hf
        where
          hf.follower_id = vw.id
          and hf.followed_id = e.author_id
      ),
      false
    )
    or exists (
      select
      from
        post_tags ht
        join tag_follows htf on htf.tag = ht.tag
        and htf.user_id = vw.id
      where
        ht.post_id = e.id
    )
    else coalesce(
      (
        select
          true
        from
          follows hf
        where
          hf.follower_id = vw.id
          and hf.followed_id = e.home_reposter
      ),
      false
    )
    and (
      vw.block_count = 0
      or (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = vw.id
            and bk.blocked_id = e.home_reposter
        )
        and not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = e.home_reposter
            and bk.blocked_id = vw.id
        )
      )
    )
    and (
      vw.mute_count = 0
      or not exists (
        select
        from
          mutes mu
        where
          mu.muter_id = vw.id
          and mu.muted_id = e.home_reposter
      )
    )
  end
order by
  1;

-- live_last_ids_taken
select
  coalesce(pg_sequence_last_value (pg_get_serial_sequence('posts', 'id')::regclass), 0)::int,
  coalesce(pg_sequence_last_value (pg_get_serial_sequence('notifications', 'id')::regclass), 0)::int;

-- live_notifications_after
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
  )::text
from
  users vw,
  notifications n
where
  vw.id = $1
  and n.recipient_id = $1
  and (
    vw.block_count = 0
    or (
      not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = vw.id
          and bk.blocked_id = n.actor_id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = n.actor_id
          and bk.blocked_id = vw.id
      )
    )
  )
  and (
    vw.mute_count = 0
    or not exists (
      select
      from
        mutes mu
      where
        mu.muter_id = vw.id
        and mu.muted_id = n.actor_id
    )
  )
  and (
    n.post_id is null
    or (
      vw.block_count = 0
      or (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = vw.id
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
            and bk.blocked_id = vw.id
        )
      )
    )
  )
  and n.id > $2
  and n.id <= $3
order by
  n.id
limit
  $4;

-- live_notifications_by_id
select
  n.id,
  n.recipient_id,
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
  )::text
from
  notifications n
  join users ru on ru.id = n.recipient_id
where
  n.id = any ($1::int[])
  and (
    ru.block_count = 0
    or (
      not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = ru.id
          and bk.blocked_id = n.actor_id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = n.actor_id
          and bk.blocked_id = ru.id
      )
    )
  )
  and (
    ru.mute_count = 0
    or not exists (
      select
      from
        mutes mu
      where
        mu.muter_id = ru.id
        and mu.muted_id = n.actor_id
    )
  )
  and (
    n.post_id is null
    or (
      ru.block_count = 0
      or (
        not exists (
          select
          from
            blocks bk
          where
            bk.blocker_id = ru.id
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
            and bk.blocked_id = ru.id
        )
      )
    )
  )
order by
  n.id;

-- live_open_sessions
select
  s.jti
from
  sessions s
where
  s.jti = any ($1::uuid[])
  and s.revoked_at is null
  and s.expires_at > now();

-- live_posts_for_followers
with
  rf as materialized (
    select
      p.id,
      case
        when coalesce(
          (
            select
              us.follower_count
            from
              user_stats us
            where
              us.user_id = p.author_id
          ),
          0
        ) <= cardinality($2::int[]) then array(
          select
            f.follower_id
          from
            follows f
          where
            f.followed_id = p.author_id
            and f.follower_id = any ($2::int[])
        )
        else array(
          select
            r.id
          from
            unnest($2::int[]) r (id)
          where
            coalesce(
              (
                select
                  true
                from
                  follows f
                where
                  f.follower_id = r.id
                  and f.followed_id = p.author_id
              ),
              false
            )
        )
      end as ids
    from
      posts p
    where
      p.id = any ($1::int[])
  )
select
  p.id,
  p.id,
  m.readers,
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
          case
            when coalesce(p_st.like_count, 0) = 0 then '[]'::json
            else coalesce(
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
            )
          end as "likedBy",
          case
            when coalesce(p_st.comment_count, 0) = 0 then '[]'::json
            else coalesce(
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
                      case
                        when coalesce(p_c_st.like_count, 0) = 0 then '[]'::json
                        else coalesce(
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
                        )
                      end as "likedBy",
                      (coalesce(p_c_st.like_count, 0) - 0)::int as "likeCount",
                      to_json(
                        '#c' || p_c.id || case
                          when (
                            coalesce(p_c_st.like_count, 0) > 0
                            and exists (
                              select
                              from
                                comment_likes p_c_c
                              where
                                p_c_c.comment_id = p_c.id
                                and p_c_c.user_id = null
                            )
                          ) then 't'
                          else 'f'
                        end
                      ) as "likedByMe",
                      case
                        when strpos(p_c.content, '@') = 0 then '[]'::json
                        else coalesce(
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
                        )
                      end as mentions
                    from
                      comments p_c
                      left join lateral (
                        select
                          *
                        from
                          comment_stats p_c_sr
                        where
                          p_c_sr.comment_id = p_c.id
                        limit
                          1
                      ) p_c_st on true
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
            )
          end as comments,
          (coalesce(p_st.like_count, 0) - 0)::int as "likeCount",
          (coalesce(p_st.comment_count, 0) - 0)::int as "commentCount",
          to_json(
            '#p' || p.id || case
              when (
                coalesce(p_st.like_count, 0) > 0
                and exists (
                  select
                  from
                    post_likes p_p
                  where
                    p_p.post_id = p.id
                    and p_p.user_id = null
                )
              ) then 't'
              else 'f'
            end
          ) as "likedByMe",
          coalesce(p.media::json, '[]'::json) as media,
          coalesce(to_json(p.tags), '[]'::json) as tags,
          (coalesce(p_st.quote_count, 0) - 0)::int as "quoteCount",
          case
            when p.quote_of_id is null then null
            else (
              select
                row_to_json(o)
              from
                (
                  select
                    p_q.id,
                    p_q.title,
                    p_q.content,
                    to_char(p_q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                    (
                      select
                        row_to_json(o)
                      from
                        (
                          select
                            p_q_a.id,
                            p_q_a.first_name as "firstName",
                            p_q_a.last_name as "lastName",
                            p_q_a.avatar_url as "avatarUrl",
                            p_q_a.handle
                          from
                            users p_q_a
                          where
                            p_q_a.id = p_q.author_id
                        ) o
                    ) as "createdBy",
                    (coalesce(p_q_st.like_count, 0) - 0)::int as "likeCount",
                    (coalesce(p_q_st.comment_count, 0) - 0)::int as "commentCount",
                    coalesce(p_q.media::json, '[]'::json) as media,
                    coalesce(to_json(p_q.tags), '[]'::json) as tags,
                    (coalesce(p_q_st.quote_count, 0) - 0)::int as "quoteCount"
                  from
                    posts p_q
                    left join lateral (
                      select
                        *
                      from
                        post_stats p_q_sr
                      where
                        p_q_sr.post_id = p_q.id
                      limit
                        1
                    ) p_q_st on true
                  where
                    p_q.id = p.quote_of_id
                    and true
                ) o
            )
          end as "quoteOf",
          (coalesce(p_st.repost_count, 0) - 0)::int as "repostCount",
          to_json(
            '#r' || p.id || case
              when (
                coalesce(p_st.repost_count, 0) > 0
                and exists (
                  select
                  from
                    reposts p_r
                  where
                    p_r.post_id = p.id
                    and p_r.user_id = null
                )
              ) then 't'
              else 'f'
            end
          ) as "repostedByMe",
          to_json(
            '#b' || p.id || case
              when (
                exists (
                  select
                  from
                    bookmarks p_ba
                  where
                    p_ba.user_id = null
                )
                and exists (
                  select
                  from
                    bookmarks p_b
                  where
                    p_b.post_id = p.id
                    and p_b.user_id = null
                )
              ) then 't'
              else 'f'
            end
          ) as "bookmarkedByMe",
          case
            when strpos(p.content, '@') = 0 then '[]'::json
            else coalesce(
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
            )
          end as mentions
        from
          (
            select
          ) p_one
          left join lateral (
            select
              *
            from
              post_stats p_sr
            where
              p_sr.post_id = p.id
            limit
              1
          ) p_st on true
      ) o
  )::text,
  array(
    select
      m.user_id
    from
      post_likes m
    where
      m.post_id = p.id
      and m.user_id = any ($2::int[])
  ),
  cl.users,
  cl.comments,
  array(
    select
      m.user_id
    from
      reposts m
    where
      m.post_id = p.id
      and m.user_id = any ($2::int[])
  ),
  array(
    select
      m.user_id
    from
      bookmarks m
    where
      m.post_id = p.id
      and m.user_id = any ($2::int[])
  )
from
  rf
  join posts p on p.id = rf.id
  cross join lateral (
    select
      array(
        select
          fu.id
        from
          users fu
        where
          fu.id = any (rf.ids)
          and (
            fu.block_count = 0
            or (
              not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = fu.id
                  and bk.blocked_id = p.author_id
              )
              and not exists (
                select
                from
                  blocks bk
                where
                  bk.blocker_id = p.author_id
                  and bk.blocked_id = fu.id
              )
            )
          )
          and (
            fu.mute_count = 0
            or not exists (
              select
              from
                mutes mu
              where
                mu.muter_id = fu.id
                and mu.muted_id = p.author_id
            )
          )
          and fu.block_count = 0
      ) as readers
  ) m
  cross join lateral (
    select
      coalesce(array_agg(m.user_id), '{}') as users,
      coalesce(array_agg(m.comment_id), '{}') as comments
    from
      comment_likes m
    where
      m.comment_id in (
        select
          c.id
        from
          comments c
        where
          c.post_id = p.id
        order by
          c.created_at desc,
          c.id desc
        limit
          20
      )
      and m.user_id = any ($2::int[])
  ) cl
where
  cardinality(m.readers) > 0
union all
select
  p.id,
  p.id,
  array[fu.id],
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
          case
            when coalesce(p_st.like_count, 0) = 0 then '[]'::json
            else coalesce(
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
                            fu.block_count = 0
                            or (
                              not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = fu.id
                                  and bk.blocked_id = l.user_id
                              )
                              and not exists (
                                select
                                from
                                  blocks bk
                                where
                                  bk.blocker_id = l.user_id
                                  and bk.blocked_id = fu.id
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
            )
          end as "likedBy",
          case
            when coalesce(p_st.comment_count, 0) = 0 then '[]'::json
            else coalesce(
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
                      case
                        when coalesce(p_c_st.like_count, 0) = 0 then '[]'::json
                        else coalesce(
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
                                        fu.block_count = 0
                                        or (
                                          not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = fu.id
                                              and bk.blocked_id = l.user_id
                                          )
                                          and not exists (
                                            select
                                            from
                                              blocks bk
                                            where
                                              bk.blocker_id = l.user_id
                                              and bk.blocked_id = fu.id
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
                        )
                      end as "likedBy",
                      (
                        coalesce(p_c_st.like_count, 0) - (
                          case
                            when fu.block_count = 0 then 0
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
                                    hb.blocker_id = fu.id
                                  union all
                                  select
                                    hb.blocker_id
                                  from
                                    blocks hb
                                  where
                                    hb.blocked_id = fu.id
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
                      (
                        coalesce(p_c_st.like_count, 0) > 0
                        and exists (
                          select
                          from
                            comment_likes p_c_c
                          where
                            p_c_c.comment_id = p_c.id
                            and p_c_c.user_id = fu.id
                        )
                      ) as "likedByMe",
                      case
                        when strpos(p_c.content, '@') = 0 then '[]'::json
                        else coalesce(
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
                                    fu.block_count = 0
                                    or (
                                      not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = fu.id
                                          and bk.blocked_id = p_c_me_m.user_id
                                      )
                                      and not exists (
                                        select
                                        from
                                          blocks bk
                                        where
                                          bk.blocker_id = p_c_me_m.user_id
                                          and bk.blocked_id = fu.id
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
                        )
                      end as mentions
                    from
                      comments p_c
                      left join lateral (
                        select
                          *
                        from
                          comment_stats p_c_sr
                        where
                          p_c_sr.comment_id = p_c.id
                        limit
                          1
                      ) p_c_st on true
                    where
                      p_c.post_id = p.id
                      and (
                        fu.block_count = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = fu.id
                              and bk.blocked_id = p_c.author_id
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = p_c.author_id
                              and bk.blocked_id = fu.id
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
            )
          end as comments,
          (
            coalesce(p_st.like_count, 0) - (
              case
                when fu.block_count = 0 then 0
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
                        hb.blocker_id = fu.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = fu.id
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
            coalesce(p_st.comment_count, 0) - (
              case
                when fu.block_count = 0 then 0
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
                        hb.blocker_id = fu.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = fu.id
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
          (
            coalesce(p_st.like_count, 0) > 0
            and exists (
              select
              from
                post_likes p_p
              where
                p_p.post_id = p.id
                and p_p.user_id = fu.id
            )
          ) as "likedByMe",
          coalesce(p.media::json, '[]'::json) as media,
          coalesce(to_json(p.tags), '[]'::json) as tags,
          (
            coalesce(p_st.quote_count, 0) - (
              case
                when fu.block_count = 0 then 0
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
                        hb.blocker_id = fu.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = fu.id
                    ) hu
                    cross join lateral (
                      select
                      from
                        posts hq
                      where
                        hq.quote_of_id = p.id
                        and hq.author_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "quoteCount",
          case
            when p.quote_of_id is null then null
            else (
              select
                row_to_json(o)
              from
                (
                  select
                    p_q.id,
                    p_q.title,
                    p_q.content,
                    to_char(p_q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                    (
                      select
                        row_to_json(o)
                      from
                        (
                          select
                            p_q_a.id,
                            p_q_a.first_name as "firstName",
                            p_q_a.last_name as "lastName",
                            p_q_a.avatar_url as "avatarUrl",
                            p_q_a.handle
                          from
                            users p_q_a
                          where
                            p_q_a.id = p_q.author_id
                        ) o
                    ) as "createdBy",
                    (
                      coalesce(p_q_st.like_count, 0) - (
                        case
                          when fu.block_count = 0 then 0
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
                                  hb.blocker_id = fu.id
                                union all
                                select
                                  hb.blocker_id
                                from
                                  blocks hb
                                where
                                  hb.blocked_id = fu.id
                              ) hu
                              cross join lateral (
                                select
                                from
                                  post_likes hl
                                where
                                  hl.post_id = p_q.id
                                  and hl.user_id = hu.u
                              ) hr
                          )
                        end
                      )
                    )::int as "likeCount",
                    (
                      coalesce(p_q_st.comment_count, 0) - (
                        case
                          when fu.block_count = 0 then 0
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
                                  hb.blocker_id = fu.id
                                union all
                                select
                                  hb.blocker_id
                                from
                                  blocks hb
                                where
                                  hb.blocked_id = fu.id
                              ) hu
                              cross join lateral (
                                select
                                from
                                  comments hc
                                where
                                  hc.post_id = p_q.id
                                  and hc.author_id = hu.u
                              ) hr
                          )
                        end
                      )
                    )::int as "commentCount",
                    coalesce(p_q.media::json, '[]'::json) as media,
                    coalesce(to_json(p_q.tags), '[]'::json) as tags,
                    (
                      coalesce(p_q_st.quote_count, 0) - (
                        case
                          when fu.block_count = 0 then 0
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
                                  hb.blocker_id = fu.id
                                union all
                                select
                                  hb.blocker_id
                                from
                                  blocks hb
                                where
                                  hb.blocked_id = fu.id
                              ) hu
                              cross join lateral (
                                select
                                from
                                  posts hq
                                where
                                  hq.quote_of_id = p_q.id
                                  and hq.author_id = hu.u
                              ) hr
                          )
                        end
                      )
                    )::int as "quoteCount"
                  from
                    posts p_q
                    left join lateral (
                      select
                        *
                      from
                        post_stats p_q_sr
                      where
                        p_q_sr.post_id = p_q.id
                      limit
                        1
                    ) p_q_st on true
                  where
                    p_q.id = p.quote_of_id
                    and (
                      fu.block_count = 0
                      or (
                        not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = fu.id
                            and bk.blocked_id = p_q.author_id
                        )
                        and not exists (
                          select
                          from
                            blocks bk
                          where
                            bk.blocker_id = p_q.author_id
                            and bk.blocked_id = fu.id
                        )
                      )
                    )
                ) o
            )
          end as "quoteOf",
          (
            coalesce(p_st.repost_count, 0) - (
              case
                when fu.block_count = 0 then 0
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
                        hb.blocker_id = fu.id
                      union all
                      select
                        hb.blocker_id
                      from
                        blocks hb
                      where
                        hb.blocked_id = fu.id
                    ) hu
                    cross join lateral (
                      select
                      from
                        reposts hr
                      where
                        hr.post_id = p.id
                        and hr.user_id = hu.u
                    ) hr
                )
              end
            )
          )::int as "repostCount",
          (
            coalesce(p_st.repost_count, 0) > 0
            and exists (
              select
              from
                reposts p_r
              where
                p_r.post_id = p.id
                and p_r.user_id = fu.id
            )
          ) as "repostedByMe",
          (
            exists (
              select
              from
                bookmarks p_ba
              where
                p_ba.user_id = fu.id
            )
            and exists (
              select
              from
                bookmarks p_b
              where
                p_b.post_id = p.id
                and p_b.user_id = fu.id
            )
          ) as "bookmarkedByMe",
          case
            when strpos(p.content, '@') = 0 then '[]'::json
            else coalesce(
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
                        fu.block_count = 0
                        or (
                          not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = fu.id
                              and bk.blocked_id = p_me_m.user_id
                          )
                          and not exists (
                            select
                            from
                              blocks bk
                            where
                              bk.blocker_id = p_me_m.user_id
                              and bk.blocked_id = fu.id
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
            )
          end as mentions
        from
          (
            select
          ) p_one
          left join lateral (
            select
              *
            from
              post_stats p_sr
            where
              p_sr.post_id = p.id
            limit
              1
          ) p_st on true
      ) o
  )::text,
  null,
  null,
  null,
  null,
  null
from
  rf
  join posts p on p.id = rf.id
  join users fu on fu.id = any (rf.ids)
  and (
    fu.block_count = 0
    or (
      not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = fu.id
          and bk.blocked_id = p.author_id
      )
      and not exists (
        select
        from
          blocks bk
        where
          bk.blocker_id = p.author_id
          and bk.blocked_id = fu.id
      )
    )
  )
  and (
    fu.mute_count = 0
    or not exists (
      select
      from
        mutes mu
      where
        mu.muter_id = fu.id
        and mu.muted_id = p.author_id
    )
  )
where
  fu.block_count > 0
order by
  1;

-- live_session
select
  s.user_id,
  s.jti,
  (
    extract(
      epoch
      from
        s.expires_at
    ) * 1000
  )::float8
from
  sessions s
where
  s.jti = $1
  and s.user_id = $2
  and s.revoked_at is null
  and s.expires_at > now();

-- live_ticket_create
insert into
  live_tickets (hash, session_jti, expires_at)
select
  $3,
  s.jti,
  least(s.expires_at, now() + interval '60 seconds')
from
  sessions s
where
  s.jti = $1
  and s.user_id = $2
  and s.revoked_at is null
  and s.expires_at > now()
returning
  1;

-- live_ticket_delete_expired
delete from live_tickets
where
  expires_at < now();

-- live_ticket_redeem
with
  t as (
    delete from live_tickets
    where
      hash = $1
    returning
      session_jti,
      expires_at
  )
select
  s.user_id,
  s.jti,
  (
    extract(
      epoch
      from
        s.expires_at
    ) * 1000
  )::float8
from
  t
  join sessions s on s.jti = t.session_jti
where
  t.expires_at > now()
  and s.revoked_at is null
  and s.expires_at > now();

-- live_transactions_in_progress
with
  base as (
    select
      pg_snapshot_xmin(pg_current_snapshot())::text::int8 as xmin
  )
select
  coalesce(array_agg(x::text), '{}')
from
  unnest(
    coalesce(
      $1::xid8[],
      array(
        select
          (base.xmin + ((a.backend_xid::text::int8 - base.xmin) % 4294967296 + 4294967296) % 4294967296)::text::xid8
        from
          base,
          pg_stat_get_activity (null) a
        where
          a.backend_xid is not null
          and a.datid = (
            select
              oid
            from
              pg_database
            where
              datname = current_database()
          )
      )
    )
  ) x
where
  pg_xact_status(x) = 'in progress'
  and x <> all ($2::xid8[]);
