-- The schema the migrations leave, written by `npm run db:schema` (scripts/db-schema.ts). Do not edit.
--
-- PostgreSQL database dump
--

\restrict feedline


SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: feedline_block_count(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_block_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      begin
        if tg_op = 'INSERT' then
          update users set block_count = block_count + 1 where id in (new.blocker_id, new.blocked_id);
          update sessions set block_count = block_count + 1 where user_id in (new.blocker_id, new.blocked_id);
        else
          update users set block_count = block_count - 1 where id in (old.blocker_id, old.blocked_id);
          update sessions set block_count = block_count - 1 where user_id in (old.blocker_id, old.blocked_id);
        end if;
        return null;
      end $$;


--
-- Name: feedline_block_ends_follows(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_block_ends_follows() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      begin
        -- After blocks_count (trigger order is by name), which holds both users' rows: a follow
        -- in flight has committed by now, and this statement's snapshot sees it.
        delete from follows f where (f.follower_id, f.followed_id) in ((new.blocker_id, new.blocked_id), (new.blocked_id, new.blocker_id));
        return null;
      end $$;


--
-- Name: feedline_count_comment_stats_like_count(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_count_comment_stats_like_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
        declare
          changed bigint;
          one_key int;
        begin
          select count(*), min(comment_id) into changed, one_key from changed_rows;
          if changed = 1 then
            update comment_stats set like_count = like_count + case when tg_op = 'INSERT' then 1 else -1 end
              where comment_id = one_key;
            if not found and tg_op = 'INSERT' then
              insert into comment_stats as s (comment_id, like_count) values (one_key, 1)
                on conflict (comment_id) do update set like_count = s.like_count + 1;
            end if;
          elsif tg_op = 'INSERT' then
            insert into comment_stats as s (comment_id, like_count) select comment_id, count(*) from changed_rows group by 1 order by 1
              on conflict (comment_id) do update set like_count = s.like_count + excluded.like_count;
          elsif changed > 1 then
            perform from comment_stats where comment_id in (select comment_id from changed_rows) order by comment_id for no key update;
            update comment_stats s set like_count = s.like_count - d.n
              from (select comment_id as k, count(*) as n from changed_rows group by 1) d where s.comment_id = d.k;
          end if;
          return null;
        end $$;


--
-- Name: feedline_count_post_stats_comment_count(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_count_post_stats_comment_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
        declare
          changed bigint;
          one_key int;
        begin
          select count(*), min(post_id) into changed, one_key from changed_rows;
          if changed = 1 then
            update post_stats set comment_count = comment_count + case when tg_op = 'INSERT' then 1 else -1 end
              where post_id = one_key;
            if not found and tg_op = 'INSERT' then
              insert into post_stats as s (post_id, comment_count) values (one_key, 1)
                on conflict (post_id) do update set comment_count = s.comment_count + 1;
            end if;
          elsif tg_op = 'INSERT' then
            insert into post_stats as s (post_id, comment_count) select post_id, count(*) from changed_rows group by 1 order by 1
              on conflict (post_id) do update set comment_count = s.comment_count + excluded.comment_count;
          elsif changed > 1 then
            perform from post_stats where post_id in (select post_id from changed_rows) order by post_id for no key update;
            update post_stats s set comment_count = s.comment_count - d.n
              from (select post_id as k, count(*) as n from changed_rows group by 1) d where s.post_id = d.k;
          end if;
          return null;
        end $$;


--
-- Name: feedline_count_post_stats_like_count(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_count_post_stats_like_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
        declare
          changed bigint;
          one_key int;
        begin
          select count(*), min(post_id) into changed, one_key from changed_rows;
          if changed = 1 then
            update post_stats set like_count = like_count + case when tg_op = 'INSERT' then 1 else -1 end
              where post_id = one_key;
            if not found and tg_op = 'INSERT' then
              insert into post_stats as s (post_id, like_count) values (one_key, 1)
                on conflict (post_id) do update set like_count = s.like_count + 1;
            end if;
          elsif tg_op = 'INSERT' then
            insert into post_stats as s (post_id, like_count) select post_id, count(*) from changed_rows group by 1 order by 1
              on conflict (post_id) do update set like_count = s.like_count + excluded.like_count;
          elsif changed > 1 then
            perform from post_stats where post_id in (select post_id from changed_rows) order by post_id for no key update;
            update post_stats s set like_count = s.like_count - d.n
              from (select post_id as k, count(*) as n from changed_rows group by 1) d where s.post_id = d.k;
          end if;
          return null;
        end $$;


--
-- Name: feedline_count_post_stats_quote_count(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_count_post_stats_quote_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
        declare
          changed bigint;
          one_key int;
        begin
          select count(*), min(quote_of_id) into changed, one_key from changed_rows where quote_of_id is not null;
          if changed = 1 then
            update post_stats set quote_count = quote_count + case when tg_op = 'INSERT' then 1 else -1 end
              where post_id = one_key;
            if not found and tg_op = 'INSERT' then
              insert into post_stats as s (post_id, quote_count) values (one_key, 1)
                on conflict (post_id) do update set quote_count = s.quote_count + 1;
            end if;
          elsif tg_op = 'INSERT' and changed > 1 then
            insert into post_stats as s (post_id, quote_count) select quote_of_id, count(*) from changed_rows where quote_of_id is not null group by 1 order by 1
              on conflict (post_id) do update set quote_count = s.quote_count + excluded.quote_count;
          elsif changed > 1 then
            perform from post_stats where post_id in (select quote_of_id from changed_rows) order by post_id for no key update;
            update post_stats s set quote_count = s.quote_count - d.n
              from (select quote_of_id as k, count(*) as n from changed_rows where quote_of_id is not null group by 1) d where s.post_id = d.k;
          end if;
          return null;
        end $$;


--
-- Name: feedline_count_post_stats_repost_count(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_count_post_stats_repost_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
        declare
          changed bigint;
          one_key int;
        begin
          select count(*), min(post_id) into changed, one_key from changed_rows where post_id is not null;
          if changed = 1 then
            update post_stats set repost_count = repost_count + case when tg_op = 'INSERT' then 1 else -1 end
              where post_id = one_key;
            if not found and tg_op = 'INSERT' then
              insert into post_stats as s (post_id, repost_count) values (one_key, 1)
                on conflict (post_id) do update set repost_count = s.repost_count + 1;
            end if;
          elsif tg_op = 'INSERT' and changed > 1 then
            insert into post_stats as s (post_id, repost_count) select post_id, count(*) from changed_rows where post_id is not null group by 1 order by 1
              on conflict (post_id) do update set repost_count = s.repost_count + excluded.repost_count;
          elsif changed > 1 then
            perform from post_stats where post_id in (select post_id from changed_rows) order by post_id for no key update;
            update post_stats s set repost_count = s.repost_count - d.n
              from (select post_id as k, count(*) as n from changed_rows where post_id is not null group by 1) d where s.post_id = d.k;
          end if;
          return null;
        end $$;


--
-- Name: feedline_count_user_stats_comment_count(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_count_user_stats_comment_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
        declare
          changed bigint;
          one_key int;
        begin
          select count(*), min(author_id) into changed, one_key from changed_rows;
          if changed = 1 then
            update user_stats set comment_count = comment_count + case when tg_op = 'INSERT' then 1 else -1 end
              where user_id = one_key;
            if not found and tg_op = 'INSERT' then
              insert into user_stats as s (user_id, comment_count) values (one_key, 1)
                on conflict (user_id) do update set comment_count = s.comment_count + 1;
            end if;
          elsif tg_op = 'INSERT' then
            insert into user_stats as s (user_id, comment_count) select author_id, count(*) from changed_rows group by 1 order by 1
              on conflict (user_id) do update set comment_count = s.comment_count + excluded.comment_count;
          elsif changed > 1 then
            perform from user_stats where user_id in (select author_id from changed_rows) order by user_id for no key update;
            update user_stats s set comment_count = s.comment_count - d.n
              from (select author_id as k, count(*) as n from changed_rows group by 1) d where s.user_id = d.k;
          end if;
          return null;
        end $$;


--
-- Name: feedline_count_user_stats_followed_count(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_count_user_stats_followed_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
        declare
          changed bigint;
          one_key int;
        begin
          select count(*), min(follower_id) into changed, one_key from changed_rows;
          if changed = 1 then
            update user_stats set followed_count = followed_count + case when tg_op = 'INSERT' then 1 else -1 end
              where user_id = one_key;
            if not found and tg_op = 'INSERT' then
              insert into user_stats as s (user_id, followed_count) values (one_key, 1)
                on conflict (user_id) do update set followed_count = s.followed_count + 1;
            end if;
          elsif tg_op = 'INSERT' then
            insert into user_stats as s (user_id, followed_count) select follower_id, count(*) from changed_rows group by 1 order by 1
              on conflict (user_id) do update set followed_count = s.followed_count + excluded.followed_count;
          elsif changed > 1 then
            perform from user_stats where user_id in (select follower_id from changed_rows) order by user_id for no key update;
            update user_stats s set followed_count = s.followed_count - d.n
              from (select follower_id as k, count(*) as n from changed_rows group by 1) d where s.user_id = d.k;
          end if;
          return null;
        end $$;


--
-- Name: feedline_count_user_stats_follower_count(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_count_user_stats_follower_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
        declare
          changed bigint;
          one_key int;
        begin
          select count(*), min(followed_id) into changed, one_key from changed_rows;
          if changed = 1 then
            update user_stats set follower_count = follower_count + case when tg_op = 'INSERT' then 1 else -1 end
              where user_id = one_key;
            if not found and tg_op = 'INSERT' then
              insert into user_stats as s (user_id, follower_count) values (one_key, 1)
                on conflict (user_id) do update set follower_count = s.follower_count + 1;
            end if;
          elsif tg_op = 'INSERT' then
            insert into user_stats as s (user_id, follower_count) select followed_id, count(*) from changed_rows group by 1 order by 1
              on conflict (user_id) do update set follower_count = s.follower_count + excluded.follower_count;
          elsif changed > 1 then
            perform from user_stats where user_id in (select followed_id from changed_rows) order by user_id for no key update;
            update user_stats s set follower_count = s.follower_count - d.n
              from (select followed_id as k, count(*) as n from changed_rows group by 1) d where s.user_id = d.k;
          end if;
          return null;
        end $$;


--
-- Name: feedline_count_user_stats_post_count(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_count_user_stats_post_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
        declare
          changed bigint;
          one_key int;
        begin
          select count(*), min(author_id) into changed, one_key from changed_rows;
          if changed = 1 then
            update user_stats set post_count = post_count + case when tg_op = 'INSERT' then 1 else -1 end
              where user_id = one_key;
            if not found and tg_op = 'INSERT' then
              insert into user_stats as s (user_id, post_count) values (one_key, 1)
                on conflict (user_id) do update set post_count = s.post_count + 1;
            end if;
          elsif tg_op = 'INSERT' then
            insert into user_stats as s (user_id, post_count) select author_id, count(*) from changed_rows group by 1 order by 1
              on conflict (user_id) do update set post_count = s.post_count + excluded.post_count;
          elsif changed > 1 then
            perform from user_stats where user_id in (select author_id from changed_rows) order by user_id for no key update;
            update user_stats s set post_count = s.post_count - d.n
              from (select author_id as k, count(*) as n from changed_rows group by 1) d where s.user_id = d.k;
          end if;
          return null;
        end $$;


--
-- Name: feedline_count_user_stats_tag_follow_count(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_count_user_stats_tag_follow_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      begin
        if tg_op = 'INSERT' then
          insert into user_stats as s (user_id, tag_follow_count) select user_id, count(*) from changed_rows group by 1 order by 1
            on conflict (user_id) do update set tag_follow_count = s.tag_follow_count + excluded.tag_follow_count;
        else
          perform from user_stats where user_id in (select user_id from changed_rows) order by user_id for no key update;
          update user_stats s set tag_follow_count = s.tag_follow_count - d.n
            from (select user_id, count(*) as n from changed_rows group by 1) d where s.user_id = d.user_id;
        end if;
        return null;
      end $$;


--
-- Name: feedline_follow_author_bound(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_follow_author_bound() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      begin
        if exists (select from follows f where f.followed_id = new.followed_id and f.author_bound = 'infinity')
           or (select count(*) from (select from follows f where f.followed_id = new.followed_id and f.author_bound < 'infinity' limit 200) c) >= 200 then
          new.author_bound := 'infinity';
          new.repost_bound := 'infinity';
          return new;
        end if;
        insert into newest_posts (author_id, posted_before) values (new.followed_id, '-infinity') on conflict (author_id) do nothing;
        select n.posted_before, n.reposted_before into new.author_bound, new.repost_bound from newest_posts n where n.author_id = new.followed_id for share;
        return new;
      end $$;


--
-- Name: feedline_follow_unblocked(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_follow_unblocked() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      begin
        perform from users u where u.id = new.follower_id for share;
        if exists (select from blocks b where (b.blocker_id, b.blocked_id) in ((new.follower_id, new.followed_id), (new.followed_id, new.follower_id))) then
          return null;
        end if;
        return new;
      end $$;


--
-- Name: feedline_free_handle(text, text, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_free_handle(first_name text, last_name text, serialize boolean DEFAULT true) RETURNS text
    LANGUAGE plpgsql
    AS $$
        declare
          base text := feedline_handle_base(first_name, last_name);
          found text;
          width int := 6;
        begin
          if serialize then perform pg_advisory_xact_lock(41, hashtext(base)); end if;
          if not exists (select from users u where u.handle = base) then return base; end if;
          if not exists (select from users u where u.handle = rtrim(left(base, 28), '_') || '20') then
            select k.c into found from (
                select rtrim(left(base, 30 - length(g::text)), '_') || g as c, g as n from generate_series(2, 20) g
              ) k where (select u.id from users u where u.handle = k.c) is null order by k.n limit 1;
          end if;
          while found is null loop
            select k.c into found from (
                select rtrim(left(base, 29 - width), '_') || '_' || lpad(floor(random() * 10 ^ width)::bigint::text, width, '0') as c
                from generate_series(1, 10)
              ) k where (select u.id from users u where u.handle = k.c) is null limit 1;
            width := least(width + 1, 9);
          end loop;
          return found;
        end $$;


--
-- Name: feedline_handle_base(text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_handle_base(first_name text, last_name text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
        select case when length(b) >= 3 then b when b = '' then 'user' else 'user_' || b end
        from (select rtrim(left(trim(both '_' from regexp_replace(lower(
          replace(replace(replace(replace(replace(replace(replace(translate(
            regexp_replace(normalize(first_name || ' ' || last_name, NFKD), '[\u0300-\u036f]', '', 'g'),
            'øłđħıŧØŁĐĦŦ', 'oldhitOLDHT'), 'ß', 'ss'), 'æ', 'ae'), 'Æ', 'AE'), 'œ', 'oe'), 'Œ', 'OE'), 'þ', 'th'), 'Þ', 'TH')),
          '[^a-z0-9]+', '_', 'g')), 30), '_') as b) n
      $$;


--
-- Name: feedline_live_notify(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_live_notify() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      begin
        if tg_table_name = 'sessions' then
          perform pg_notify('feedline_live', 's' || old.user_id);
          return null;
        end if;
        if not exists (select 1 from live_listeners) then
          return null;
        end if;
        case tg_table_name
          when 'posts' then perform pg_notify('feedline_live', 'p' || new.id);
          when 'reposts' then perform pg_notify('feedline_live', 'r' || new.id);
          else perform pg_notify('feedline_live', 'n' || new.id || ',' || new.recipient_id);
        end case;
        return null;
      end $$;


--
-- Name: feedline_media_deleted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_media_deleted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    begin
      insert into media_deleted_keys (key)
        select k from old_rows o cross join lateral unnest(array[o.file_key, o.preview_key]) k where k is not null
        on conflict do nothing;
      return null;
    end $$;


--
-- Name: feedline_mute_count(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_mute_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      begin
        if tg_op = 'INSERT' then
          update users set mute_count = mute_count + 1 where id = new.muter_id;
          update sessions set mute_count = mute_count + 1 where user_id = new.muter_id;
        else
          update users set mute_count = mute_count - 1 where id = old.muter_id;
          update sessions set mute_count = mute_count - 1 where user_id = old.muter_id;
        end if;
        return null;
      end $$;


--
-- Name: feedline_newest_posts(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_newest_posts() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      declare
        authors int[];
        bounds timestamptz[];
      begin
        with b as (select author_id, date_bin('1 minute', max(created_at), timestamptz 'epoch') + interval '1 minute' as posted_before
                   from new_posts group by author_id),
          ins as (insert into newest_posts (author_id, posted_before) select author_id, posted_before from b
                  on conflict (author_id) do nothing returning author_id, posted_before)
        select array_agg(author_id), array_agg(posted_before) into authors, bounds from ins;
        with b as (select author_id, date_bin('1 minute', max(created_at), timestamptz 'epoch') + interval '1 minute' as posted_before
                   from new_posts group by author_id),
          moved as (update newest_posts n set posted_before = b.posted_before from b
                    where n.author_id = b.author_id and n.posted_before < b.posted_before returning n.author_id, n.posted_before)
        select authors || array_agg(author_id), bounds || array_agg(posted_before) into authors, bounds from moved;
        if authors is not null then
          update follows f set author_bound = m.posted_before from unnest(authors, bounds) m(author_id, posted_before)
          where f.followed_id = m.author_id and f.author_bound < m.posted_before;
        end if;
        return null;
      end $$;


--
-- Name: feedline_newest_reposts(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_newest_reposts() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      declare
        users int[];
        bounds timestamptz[];
      begin
        with b as (select user_id, date_bin('1 minute', max(created_at), timestamptz 'epoch') + interval '1 minute' as reposted_before
                   from new_reposts group by user_id),
          ins as (insert into newest_posts (author_id, posted_before, reposted_before) select user_id, '-infinity', reposted_before from b
                  on conflict (author_id) do nothing returning author_id, reposted_before)
        select array_agg(author_id), array_agg(reposted_before) into users, bounds from ins;
        with b as (select user_id, date_bin('1 minute', max(created_at), timestamptz 'epoch') + interval '1 minute' as reposted_before
                   from new_reposts group by user_id),
          moved as (update newest_posts n set reposted_before = b.reposted_before from b
                    where n.author_id = b.user_id and n.reposted_before < b.reposted_before returning n.author_id, n.reposted_before)
        select users || array_agg(author_id), bounds || array_agg(reposted_before) into users, bounds from moved;
        if users is not null then
          update follows f set repost_bound = m.reposted_before from unnest(users, bounds) m(user_id, reposted_before)
          where f.followed_id = m.user_id and f.author_bound < 'infinity' and f.repost_bound < m.reposted_before;
        end if;
        return null;
      end $$;


--
-- Name: feedline_post_tags(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_post_tags() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      begin
        if tg_op = 'UPDATE' then
          delete from post_tags t where t.post_id = new.id and t.tag <> all(coalesce(new.tags, '{}'));
        end if;
        insert into post_tags (post_id, tag, author_id, created_at)
          select new.id, t.tag, new.author_id, new.created_at from unnest(new.tags) t(tag)
          on conflict do nothing;
        return null;
      end $$;


--
-- Name: feedline_session_counts(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_session_counts() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      begin
        select u.block_count, u.mute_count into new.block_count, new.mute_count from users u where u.id = new.user_id for share;
        return new;
      end $$;


--
-- Name: feedline_tag_authors(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_tag_authors() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      begin
        insert into tag_authors as a (tag, author_id, posted_before)
        select tag, author_id, max(created_at) from new_tags group by tag, author_id order by tag, author_id
        on conflict (tag, author_id) do update set posted_before = excluded.posted_before
        where a.posted_before < excluded.posted_before;
        return null;
      end $$;


--
-- Name: feedline_users_handle(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_users_handle() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
        begin
          new.handle := feedline_free_handle(new.first_name, new.last_name, false);
          return new;
        end $$;


--
-- Name: feedline_visible_in(xid, pg_snapshot); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.feedline_visible_in(version xid, snapshot pg_snapshot) RETURNS boolean
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$
        select version::text::bigint < 3 or pg_visible_in_snapshot((
          pg_snapshot_xmax(pg_current_snapshot())::text::bigint
          - ((pg_snapshot_xmax(pg_current_snapshot())::text::bigint - version::text::bigint) & 4294967295)
        )::text::xid8, snapshot)
      $$;


--
-- Name: live_nextval(regclass); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.live_nextval(seq regclass) RETURNS bigint
    LANGUAGE sql
    AS $$ select case when pg_current_xact_id() is not null then nextval(seq) end $$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: blocks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.blocks (
    blocker_id integer NOT NULL,
    blocked_id integer NOT NULL,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT blocks_not_self CHECK ((blocker_id <> blocked_id))
);


--
-- Name: bookmarks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.bookmarks (
    user_id integer NOT NULL,
    post_id integer NOT NULL,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL
);


--
-- Name: comment_likes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.comment_likes (
    comment_id integer NOT NULL,
    user_id integer NOT NULL,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL
);


--
-- Name: comment_mentions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.comment_mentions (
    comment_id integer NOT NULL,
    user_id integer NOT NULL,
    notified boolean DEFAULT false NOT NULL,
    shown boolean DEFAULT true NOT NULL
);


--
-- Name: comment_stats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.comment_stats (
    comment_id integer NOT NULL,
    like_count integer DEFAULT 0 NOT NULL
);


--
-- Name: comments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.comments (
    id integer NOT NULL,
    content text NOT NULL,
    post_id integer NOT NULL,
    author_id integer NOT NULL,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL
);


--
-- Name: comments_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.comments_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: comments_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.comments_id_seq OWNED BY public.comments.id;


--
-- Name: events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.events (
    id integer NOT NULL,
    name character varying(200) NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    location character varying(300) DEFAULT ''::character varying NOT NULL,
    date_time timestamp(3) with time zone NOT NULL,
    owner_id integer NOT NULL,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL
);


--
-- Name: events_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.events_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: events_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.events_id_seq OWNED BY public.events.id;


--
-- Name: follows; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.follows (
    follower_id integer NOT NULL,
    followed_id integer NOT NULL,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL,
    author_bound timestamp(3) with time zone DEFAULT 'infinity'::timestamp with time zone NOT NULL,
    repost_bound timestamp(3) with time zone DEFAULT 'infinity'::timestamp with time zone NOT NULL,
    CONSTRAINT follows_not_self CHECK ((follower_id <> followed_id))
);


--
-- Name: live_listeners; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.live_listeners (
    pid integer NOT NULL,
    since timestamp(3) with time zone DEFAULT now() NOT NULL
);


--
-- Name: live_tickets; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.live_tickets (
    hash character varying(64) NOT NULL,
    session_jti uuid NOT NULL,
    expires_at timestamp(3) with time zone NOT NULL
);


--
-- Name: media; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.media (
    id integer NOT NULL,
    owner_id integer NOT NULL,
    state character varying(10) DEFAULT 'processing'::character varying NOT NULL,
    type character varying(10),
    file_key character varying(27),
    preview_key character varying(27),
    width integer,
    height integer,
    blurhash character varying(28),
    description character varying(420) DEFAULT ''::character varying NOT NULL,
    bytes integer NOT NULL,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL,
    attached_to character varying(6),
    post_id integer,
    CONSTRAINT media_attached_to_check CHECK ((((attached_to)::text = 'post'::text) OR ((attached_to)::text = 'avatar'::text))),
    CONSTRAINT media_ready_check CHECK ((((state)::text <> 'ready'::text) OR ((file_key IS NOT NULL) AND (preview_key IS NOT NULL)))),
    CONSTRAINT media_state_check CHECK ((((state)::text = 'processing'::text) OR ((state)::text = 'ready'::text) OR ((state)::text = 'failed'::text)))
);


--
-- Name: media_deleted_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.media_deleted_keys (
    key character varying(27) NOT NULL,
    deleted_at timestamp(3) with time zone DEFAULT now() NOT NULL,
    claimed_at timestamp(3) with time zone
);


--
-- Name: media_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.media_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: media_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.media_id_seq OWNED BY public.media.id;


--
-- Name: media_quotas; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.media_quotas (
    user_id integer NOT NULL,
    day date NOT NULL,
    files integer NOT NULL,
    bytes bigint NOT NULL
);


--
-- Name: mikro_orm_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mikro_orm_migrations (
    id integer NOT NULL,
    name character varying(255),
    executed_at timestamp with time zone DEFAULT CURRENT_TIMESTAMP
);


--
-- Name: mikro_orm_migrations_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.mikro_orm_migrations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: mikro_orm_migrations_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.mikro_orm_migrations_id_seq OWNED BY public.mikro_orm_migrations.id;


--
-- Name: mutes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mutes (
    muter_id integer NOT NULL,
    muted_id integer NOT NULL,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT mutes_not_self CHECK ((muter_id <> muted_id))
);


--
-- Name: newest_posts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.newest_posts (
    author_id integer NOT NULL,
    posted_before timestamp(3) with time zone NOT NULL,
    reposted_before timestamp(3) with time zone DEFAULT '-infinity'::timestamp with time zone NOT NULL
)
WITH (fillfactor='50');


--
-- Name: notifications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notifications (
    id integer NOT NULL,
    recipient_id integer NOT NULL,
    type text NOT NULL,
    actor_id integer NOT NULL,
    post_id integer,
    comment_id integer,
    read boolean DEFAULT false NOT NULL,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT notifications_type_check CHECK ((type = ANY (ARRAY['post_like'::text, 'comment_like'::text, 'comment'::text, 'follow'::text, 'mention'::text, 'repost'::text, 'quote'::text])))
);


--
-- Name: notifications_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.notifications_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: notifications_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.notifications_id_seq OWNED BY public.notifications.id;


--
-- Name: post_likes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.post_likes (
    post_id integer NOT NULL,
    user_id integer NOT NULL,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL
);


--
-- Name: post_mentions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.post_mentions (
    post_id integer NOT NULL,
    user_id integer NOT NULL,
    notified boolean DEFAULT false NOT NULL,
    shown boolean DEFAULT true NOT NULL
);


--
-- Name: post_stats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.post_stats (
    post_id integer NOT NULL,
    like_count integer DEFAULT 0 NOT NULL,
    comment_count integer DEFAULT 0 NOT NULL,
    repost_count integer DEFAULT 0 NOT NULL,
    quote_count integer DEFAULT 0 NOT NULL
);


--
-- Name: post_tags; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.post_tags (
    post_id integer NOT NULL,
    tag character varying(50) NOT NULL,
    author_id integer NOT NULL,
    created_at timestamp(3) with time zone NOT NULL
);


--
-- Name: posts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.posts (
    id integer NOT NULL,
    title character varying(200) NOT NULL,
    content text NOT NULL,
    author_id integer NOT NULL,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL,
    search_vector tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, (((title)::text || ' '::text) || content))) STORED,
    media json,
    quote_of_id integer,
    tags character varying(50)[]
);


--
-- Name: posts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.posts_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: posts_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.posts_id_seq OWNED BY public.posts.id;


--
-- Name: rate_limit_counters; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rate_limit_counters (
    key character varying(300) NOT NULL,
    window_start timestamp(3) with time zone NOT NULL,
    hits integer DEFAULT 0 NOT NULL
);


--
-- Name: reposts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.reposts (
    id integer DEFAULT public.live_nextval('public.posts_id_seq'::regclass) NOT NULL,
    post_id integer NOT NULL,
    user_id integer NOT NULL,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL
);


--
-- Name: sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sessions (
    jti uuid NOT NULL,
    user_id integer NOT NULL,
    expires_at timestamp(3) with time zone NOT NULL,
    revoked_at timestamp(3) with time zone,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL,
    block_count integer DEFAULT 0 NOT NULL,
    mute_count integer DEFAULT 0 NOT NULL
);


--
-- Name: tag_authors; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tag_authors (
    tag character varying(50) NOT NULL,
    author_id integer NOT NULL,
    posted_before timestamp(3) with time zone NOT NULL
);


--
-- Name: tag_follows; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tag_follows (
    user_id integer NOT NULL,
    tag character varying(50) NOT NULL,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL
);


--
-- Name: user_stats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_stats (
    user_id integer NOT NULL,
    post_count integer DEFAULT 0 NOT NULL,
    comment_count integer DEFAULT 0 NOT NULL,
    follower_count integer DEFAULT 0 NOT NULL,
    followed_count integer DEFAULT 0 NOT NULL,
    tag_follow_count integer DEFAULT 0 NOT NULL,
    CONSTRAINT user_stats_tag_follows_max CHECK ((tag_follow_count <= 1000))
);


--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id integer NOT NULL,
    email character varying(254) NOT NULL,
    password_hash text NOT NULL,
    first_name character varying(100) NOT NULL,
    last_name character varying(100) NOT NULL,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL,
    write_lsn pg_lsn,
    block_count integer DEFAULT 0 NOT NULL,
    mute_count integer DEFAULT 0 NOT NULL,
    avatar_url character varying(128),
    handle character varying(30) NOT NULL
);


--
-- Name: users_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.users_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: users_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.users_id_seq OWNED BY public.users.id;


--
-- Name: comments id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.comments ALTER COLUMN id SET DEFAULT nextval('public.comments_id_seq'::regclass);


--
-- Name: events id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events ALTER COLUMN id SET DEFAULT nextval('public.events_id_seq'::regclass);


--
-- Name: media id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.media ALTER COLUMN id SET DEFAULT nextval('public.media_id_seq'::regclass);


--
-- Name: mikro_orm_migrations id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mikro_orm_migrations ALTER COLUMN id SET DEFAULT nextval('public.mikro_orm_migrations_id_seq'::regclass);


--
-- Name: notifications id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications ALTER COLUMN id SET DEFAULT public.live_nextval('public.notifications_id_seq'::regclass);


--
-- Name: posts id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.posts ALTER COLUMN id SET DEFAULT public.live_nextval('public.posts_id_seq'::regclass);


--
-- Name: users id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users ALTER COLUMN id SET DEFAULT nextval('public.users_id_seq'::regclass);


--
-- Name: blocks blocks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blocks
    ADD CONSTRAINT blocks_pkey PRIMARY KEY (blocker_id, blocked_id);


--
-- Name: bookmarks bookmarks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bookmarks
    ADD CONSTRAINT bookmarks_pkey PRIMARY KEY (user_id, post_id);


--
-- Name: comment_likes comment_likes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.comment_likes
    ADD CONSTRAINT comment_likes_pkey PRIMARY KEY (comment_id, user_id);


--
-- Name: comment_mentions comment_mentions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.comment_mentions
    ADD CONSTRAINT comment_mentions_pkey PRIMARY KEY (comment_id, user_id);


--
-- Name: comment_stats comment_stats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.comment_stats
    ADD CONSTRAINT comment_stats_pkey PRIMARY KEY (comment_id);


--
-- Name: comments comments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_pkey PRIMARY KEY (id);


--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id);


--
-- Name: follows follows_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.follows
    ADD CONSTRAINT follows_pkey PRIMARY KEY (follower_id, followed_id);


--
-- Name: live_listeners live_listeners_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.live_listeners
    ADD CONSTRAINT live_listeners_pkey PRIMARY KEY (pid);


--
-- Name: live_tickets live_tickets_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.live_tickets
    ADD CONSTRAINT live_tickets_pkey PRIMARY KEY (hash);


--
-- Name: media_deleted_keys media_deleted_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.media_deleted_keys
    ADD CONSTRAINT media_deleted_keys_pkey PRIMARY KEY (key);


--
-- Name: media media_file_key_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.media
    ADD CONSTRAINT media_file_key_unique UNIQUE (file_key);


--
-- Name: media media_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.media
    ADD CONSTRAINT media_pkey PRIMARY KEY (id);


--
-- Name: media media_preview_key_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.media
    ADD CONSTRAINT media_preview_key_unique UNIQUE (preview_key);


--
-- Name: media_quotas media_quotas_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.media_quotas
    ADD CONSTRAINT media_quotas_pkey PRIMARY KEY (user_id, day);


--
-- Name: mikro_orm_migrations mikro_orm_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mikro_orm_migrations
    ADD CONSTRAINT mikro_orm_migrations_pkey PRIMARY KEY (id);


--
-- Name: mutes mutes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mutes
    ADD CONSTRAINT mutes_pkey PRIMARY KEY (muter_id, muted_id);


--
-- Name: newest_posts newest_posts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.newest_posts
    ADD CONSTRAINT newest_posts_pkey PRIMARY KEY (author_id);


--
-- Name: notifications notifications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);


--
-- Name: post_likes post_likes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_likes
    ADD CONSTRAINT post_likes_pkey PRIMARY KEY (post_id, user_id);


--
-- Name: post_mentions post_mentions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_mentions
    ADD CONSTRAINT post_mentions_pkey PRIMARY KEY (post_id, user_id);


--
-- Name: post_stats post_stats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_stats
    ADD CONSTRAINT post_stats_pkey PRIMARY KEY (post_id);


--
-- Name: post_tags post_tags_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_tags
    ADD CONSTRAINT post_tags_pkey PRIMARY KEY (post_id, tag);


--
-- Name: posts posts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.posts
    ADD CONSTRAINT posts_pkey PRIMARY KEY (id);


--
-- Name: rate_limit_counters rate_limit_counters_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rate_limit_counters
    ADD CONSTRAINT rate_limit_counters_pkey PRIMARY KEY (key, window_start);


--
-- Name: reposts reposts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reposts
    ADD CONSTRAINT reposts_pkey PRIMARY KEY (id);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (jti);


--
-- Name: tag_authors tag_authors_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tag_authors
    ADD CONSTRAINT tag_authors_pkey PRIMARY KEY (tag, author_id);


--
-- Name: tag_follows tag_follows_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tag_follows
    ADD CONSTRAINT tag_follows_pkey PRIMARY KEY (user_id, tag);


--
-- Name: user_stats user_stats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_stats
    ADD CONSTRAINT user_stats_pkey PRIMARY KEY (user_id);


--
-- Name: users users_email_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_email_unique UNIQUE (email);


--
-- Name: users users_handle_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_handle_unique UNIQUE (handle);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: blocks_blocked_blocker_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX blocks_blocked_blocker_index ON public.blocks USING btree (blocked_id, blocker_id);


--
-- Name: blocks_blocker_created_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX blocks_blocker_created_index ON public.blocks USING btree (blocker_id, created_at, blocked_id);


--
-- Name: bookmarks_post_id_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookmarks_post_id_index ON public.bookmarks USING btree (post_id);


--
-- Name: bookmarks_user_created_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookmarks_user_created_index ON public.bookmarks USING btree (user_id, created_at DESC, post_id DESC);


--
-- Name: comment_likes_user_id_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX comment_likes_user_id_index ON public.comment_likes USING btree (user_id);


--
-- Name: comment_mentions_user_id_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX comment_mentions_user_id_index ON public.comment_mentions USING btree (user_id);


--
-- Name: comments_author_created_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX comments_author_created_index ON public.comments USING btree (author_id, created_at, id);


--
-- Name: comments_post_created_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX comments_post_created_index ON public.comments USING btree (post_id, created_at, id);


--
-- Name: events_date_time_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX events_date_time_index ON public.events USING btree (date_time, id);


--
-- Name: events_owner_id_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX events_owner_id_index ON public.events USING btree (owner_id);


--
-- Name: follows_followed_bound_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX follows_followed_bound_index ON public.follows USING btree (followed_id, author_bound);


--
-- Name: follows_followed_follower_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX follows_followed_follower_index ON public.follows USING btree (followed_id, follower_id);


--
-- Name: follows_follower_bound_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX follows_follower_bound_index ON public.follows USING btree (follower_id, author_bound DESC) INCLUDE (followed_id);


--
-- Name: follows_follower_repost_bound_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX follows_follower_repost_bound_index ON public.follows USING btree (follower_id, repost_bound DESC) INCLUDE (followed_id);


--
-- Name: live_tickets_expires_at_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX live_tickets_expires_at_index ON public.live_tickets USING btree (expires_at);


--
-- Name: live_tickets_session_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX live_tickets_session_index ON public.live_tickets USING btree (session_jti);


--
-- Name: media_avatar_unique; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX media_avatar_unique ON public.media USING btree (owner_id) WHERE ((attached_to)::text = 'avatar'::text);


--
-- Name: media_deleted_keys_deleted_at_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX media_deleted_keys_deleted_at_index ON public.media_deleted_keys USING btree (deleted_at);


--
-- Name: media_owner_created_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX media_owner_created_index ON public.media USING btree (owner_id, created_at);


--
-- Name: media_post_id_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX media_post_id_index ON public.media USING btree (post_id) WHERE (post_id IS NOT NULL);


--
-- Name: media_unattached_created_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX media_unattached_created_index ON public.media USING btree (created_at) WHERE (attached_to IS NULL);


--
-- Name: mutes_muted_id_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mutes_muted_id_index ON public.mutes USING btree (muted_id);


--
-- Name: mutes_muter_created_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mutes_muter_created_index ON public.mutes USING btree (muter_id, created_at, muted_id);


--
-- Name: notifications_actor_id_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_actor_id_index ON public.notifications USING btree (actor_id);


--
-- Name: notifications_comment_id_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_comment_id_index ON public.notifications USING btree (comment_id) WHERE (comment_id IS NOT NULL);


--
-- Name: notifications_once_unique; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX notifications_once_unique ON public.notifications USING btree (recipient_id, actor_id, type, post_id, comment_id) NULLS NOT DISTINCT WHERE (type <> 'comment'::text);


--
-- Name: notifications_pair_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_pair_index ON public.notifications USING btree (recipient_id, actor_id, created_at);


--
-- Name: notifications_post_id_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_post_id_index ON public.notifications USING btree (post_id) WHERE (post_id IS NOT NULL);


--
-- Name: notifications_recipient_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_recipient_index ON public.notifications USING btree (recipient_id, id);


--
-- Name: notifications_unread_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_unread_index ON public.notifications USING btree (recipient_id, id) WHERE (NOT read);


--
-- Name: post_likes_user_id_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX post_likes_user_id_index ON public.post_likes USING btree (user_id);


--
-- Name: post_mentions_user_id_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX post_mentions_user_id_index ON public.post_mentions USING btree (user_id);


--
-- Name: post_tags_tag_author_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX post_tags_tag_author_index ON public.post_tags USING btree (tag, author_id, created_at DESC, post_id DESC);


--
-- Name: post_tags_tag_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX post_tags_tag_index ON public.post_tags USING btree (tag, created_at DESC, post_id DESC) INCLUDE (author_id);


--
-- Name: post_tags_tag_post_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX post_tags_tag_post_index ON public.post_tags USING btree (tag, post_id) INCLUDE (author_id);


--
-- Name: posts_author_created_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_author_created_index ON public.posts USING btree (author_id, created_at, id);


--
-- Name: posts_author_id_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_author_id_index ON public.posts USING btree (author_id, id);


--
-- Name: posts_created_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_created_index ON public.posts USING btree (created_at, id);


--
-- Name: posts_quote_of_author_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_quote_of_author_index ON public.posts USING btree (quote_of_id, author_id) WHERE (quote_of_id IS NOT NULL);


--
-- Name: posts_quote_of_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_quote_of_index ON public.posts USING btree (quote_of_id, created_at DESC, id DESC) WHERE (quote_of_id IS NOT NULL);


--
-- Name: posts_search_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_search_index ON public.posts USING gin (search_vector);


--
-- Name: rate_limit_counters_window_start_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rate_limit_counters_window_start_index ON public.rate_limit_counters USING btree (window_start);


--
-- Name: reposts_created_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reposts_created_index ON public.reposts USING btree (created_at DESC, post_id DESC) INCLUDE (user_id, id);


--
-- Name: reposts_post_created_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reposts_post_created_index ON public.reposts USING btree (post_id, created_at DESC, id DESC) INCLUDE (user_id);


--
-- Name: reposts_post_user_unique; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX reposts_post_user_unique ON public.reposts USING btree (post_id, user_id);


--
-- Name: reposts_user_created_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reposts_user_created_index ON public.reposts USING btree (user_id, created_at DESC, post_id DESC) INCLUDE (id);


--
-- Name: reposts_user_id_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reposts_user_id_index ON public.reposts USING btree (user_id, id) INCLUDE (post_id);


--
-- Name: sessions_expires_at_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_expires_at_index ON public.sessions USING btree (expires_at);


--
-- Name: sessions_user_id_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_user_id_index ON public.sessions USING btree (user_id);


--
-- Name: tag_authors_tag_bound_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tag_authors_tag_bound_index ON public.tag_authors USING btree (tag, posted_before DESC) INCLUDE (author_id);


--
-- Name: tag_follows_user_created_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tag_follows_user_created_index ON public.tag_follows USING btree (user_id, created_at DESC, tag);


--
-- Name: users_summary_index; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX users_summary_index ON public.users USING btree (id) INCLUDE (first_name, last_name, avatar_url, handle);


--
-- Name: blocks blocks_count; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER blocks_count AFTER INSERT OR DELETE ON public.blocks FOR EACH ROW EXECUTE FUNCTION public.feedline_block_count();


--
-- Name: blocks blocks_end_follows; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER blocks_end_follows AFTER INSERT ON public.blocks FOR EACH ROW EXECUTE FUNCTION public.feedline_block_ends_follows();


--
-- Name: comment_likes comment_likes_count_comment_stats_like_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER comment_likes_count_comment_stats_like_count_delete AFTER DELETE ON public.comment_likes REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_comment_stats_like_count();


--
-- Name: comment_likes comment_likes_count_comment_stats_like_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER comment_likes_count_comment_stats_like_count_insert AFTER INSERT ON public.comment_likes REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_comment_stats_like_count();


--
-- Name: comments comments_count_post_stats_comment_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER comments_count_post_stats_comment_count_delete AFTER DELETE ON public.comments REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_post_stats_comment_count();


--
-- Name: comments comments_count_post_stats_comment_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER comments_count_post_stats_comment_count_insert AFTER INSERT ON public.comments REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_post_stats_comment_count();


--
-- Name: comments comments_count_user_stats_comment_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER comments_count_user_stats_comment_count_delete AFTER DELETE ON public.comments REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_user_stats_comment_count();


--
-- Name: comments comments_count_user_stats_comment_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER comments_count_user_stats_comment_count_insert AFTER INSERT ON public.comments REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_user_stats_comment_count();


--
-- Name: follows follows_count_user_stats_followed_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER follows_count_user_stats_followed_count_delete AFTER DELETE ON public.follows REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_user_stats_followed_count();


--
-- Name: follows follows_count_user_stats_followed_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER follows_count_user_stats_followed_count_insert AFTER INSERT ON public.follows REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_user_stats_followed_count();


--
-- Name: follows follows_count_user_stats_follower_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER follows_count_user_stats_follower_count_delete AFTER DELETE ON public.follows REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_user_stats_follower_count();


--
-- Name: follows follows_count_user_stats_follower_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER follows_count_user_stats_follower_count_insert AFTER INSERT ON public.follows REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_user_stats_follower_count();


--
-- Name: follows follows_unblocked; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER follows_unblocked BEFORE INSERT ON public.follows FOR EACH ROW EXECUTE FUNCTION public.feedline_follow_unblocked();


--
-- Name: follows follows_with_author_bound; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER follows_with_author_bound BEFORE INSERT ON public.follows FOR EACH ROW EXECUTE FUNCTION public.feedline_follow_author_bound();


--
-- Name: media media_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER media_deleted AFTER DELETE ON public.media REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_media_deleted();


--
-- Name: mutes mutes_count; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER mutes_count AFTER INSERT OR DELETE ON public.mutes FOR EACH ROW EXECUTE FUNCTION public.feedline_mute_count();


--
-- Name: notifications notifications_live_notify; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER notifications_live_notify AFTER INSERT ON public.notifications FOR EACH ROW EXECUTE FUNCTION public.feedline_live_notify();


--
-- Name: post_likes post_likes_count_post_stats_like_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER post_likes_count_post_stats_like_count_delete AFTER DELETE ON public.post_likes REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_post_stats_like_count();


--
-- Name: post_likes post_likes_count_post_stats_like_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER post_likes_count_post_stats_like_count_insert AFTER INSERT ON public.post_likes REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_post_stats_like_count();


--
-- Name: post_tags post_tags_tag_authors; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER post_tags_tag_authors AFTER INSERT ON public.post_tags REFERENCING NEW TABLE AS new_tags FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_tag_authors();


--
-- Name: posts posts_count_post_stats_quote_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_count_post_stats_quote_count_delete AFTER DELETE ON public.posts REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_post_stats_quote_count();


--
-- Name: posts posts_count_post_stats_quote_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_count_post_stats_quote_count_insert AFTER INSERT ON public.posts REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_post_stats_quote_count();


--
-- Name: posts posts_count_user_stats_post_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_count_user_stats_post_count_delete AFTER DELETE ON public.posts REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_user_stats_post_count();


--
-- Name: posts posts_count_user_stats_post_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_count_user_stats_post_count_insert AFTER INSERT ON public.posts REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_user_stats_post_count();


--
-- Name: posts posts_live_notify; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_live_notify AFTER INSERT ON public.posts FOR EACH ROW EXECUTE FUNCTION public.feedline_live_notify();


--
-- Name: posts posts_newest_posts; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_newest_posts AFTER INSERT ON public.posts REFERENCING NEW TABLE AS new_posts FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_newest_posts();


--
-- Name: posts posts_tags_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_tags_insert AFTER INSERT ON public.posts FOR EACH ROW WHEN ((new.tags IS NOT NULL)) EXECUTE FUNCTION public.feedline_post_tags();


--
-- Name: posts posts_tags_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_tags_update AFTER UPDATE OF tags ON public.posts FOR EACH ROW WHEN ((old.tags IS DISTINCT FROM new.tags)) EXECUTE FUNCTION public.feedline_post_tags();


--
-- Name: reposts reposts_count_post_stats_repost_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER reposts_count_post_stats_repost_count_delete AFTER DELETE ON public.reposts REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_post_stats_repost_count();


--
-- Name: reposts reposts_count_post_stats_repost_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER reposts_count_post_stats_repost_count_insert AFTER INSERT ON public.reposts REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_post_stats_repost_count();


--
-- Name: reposts reposts_live_notify; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER reposts_live_notify AFTER INSERT ON public.reposts FOR EACH ROW EXECUTE FUNCTION public.feedline_live_notify();


--
-- Name: reposts reposts_newest_reposts; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER reposts_newest_reposts AFTER INSERT ON public.reposts REFERENCING NEW TABLE AS new_reposts FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_newest_reposts();


--
-- Name: sessions sessions_counts; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sessions_counts BEFORE INSERT ON public.sessions FOR EACH ROW EXECUTE FUNCTION public.feedline_session_counts();


--
-- Name: sessions sessions_deleted_live_notify; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sessions_deleted_live_notify AFTER DELETE ON public.sessions FOR EACH ROW EXECUTE FUNCTION public.feedline_live_notify();


--
-- Name: sessions sessions_revoked_live_notify; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sessions_revoked_live_notify AFTER UPDATE OF revoked_at ON public.sessions FOR EACH ROW WHEN (((old.revoked_at IS NULL) AND (new.revoked_at IS NOT NULL))) EXECUTE FUNCTION public.feedline_live_notify();


--
-- Name: tag_follows tag_follows_count_user_stats_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER tag_follows_count_user_stats_delete AFTER DELETE ON public.tag_follows REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_user_stats_tag_follow_count();


--
-- Name: tag_follows tag_follows_count_user_stats_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER tag_follows_count_user_stats_insert AFTER INSERT ON public.tag_follows REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.feedline_count_user_stats_tag_follow_count();


--
-- Name: users users_handle_derived; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER users_handle_derived BEFORE INSERT ON public.users FOR EACH ROW WHEN ((new.handle IS NULL)) EXECUTE FUNCTION public.feedline_users_handle();


--
-- Name: blocks blocks_blocked_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blocks
    ADD CONSTRAINT blocks_blocked_id_foreign FOREIGN KEY (blocked_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: blocks blocks_blocker_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blocks
    ADD CONSTRAINT blocks_blocker_id_foreign FOREIGN KEY (blocker_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: bookmarks bookmarks_post_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bookmarks
    ADD CONSTRAINT bookmarks_post_id_foreign FOREIGN KEY (post_id) REFERENCES public.posts(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: bookmarks bookmarks_user_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bookmarks
    ADD CONSTRAINT bookmarks_user_id_foreign FOREIGN KEY (user_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: comment_likes comment_likes_comment_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.comment_likes
    ADD CONSTRAINT comment_likes_comment_id_foreign FOREIGN KEY (comment_id) REFERENCES public.comments(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: comment_likes comment_likes_user_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.comment_likes
    ADD CONSTRAINT comment_likes_user_id_foreign FOREIGN KEY (user_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: comment_mentions comment_mentions_comment_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.comment_mentions
    ADD CONSTRAINT comment_mentions_comment_id_foreign FOREIGN KEY (comment_id) REFERENCES public.comments(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: comment_mentions comment_mentions_user_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.comment_mentions
    ADD CONSTRAINT comment_mentions_user_id_foreign FOREIGN KEY (user_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: comment_stats comment_stats_comment_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.comment_stats
    ADD CONSTRAINT comment_stats_comment_id_foreign FOREIGN KEY (comment_id) REFERENCES public.comments(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: comments comments_author_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_author_id_foreign FOREIGN KEY (author_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: comments comments_post_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_post_id_foreign FOREIGN KEY (post_id) REFERENCES public.posts(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: events events_owner_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_owner_id_foreign FOREIGN KEY (owner_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: follows follows_followed_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.follows
    ADD CONSTRAINT follows_followed_id_foreign FOREIGN KEY (followed_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: follows follows_follower_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.follows
    ADD CONSTRAINT follows_follower_id_foreign FOREIGN KEY (follower_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: live_tickets live_tickets_session_jti_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.live_tickets
    ADD CONSTRAINT live_tickets_session_jti_foreign FOREIGN KEY (session_jti) REFERENCES public.sessions(jti) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: media media_owner_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.media
    ADD CONSTRAINT media_owner_id_foreign FOREIGN KEY (owner_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: media media_post_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.media
    ADD CONSTRAINT media_post_id_foreign FOREIGN KEY (post_id) REFERENCES public.posts(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: media_quotas media_quotas_user_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.media_quotas
    ADD CONSTRAINT media_quotas_user_id_foreign FOREIGN KEY (user_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: mutes mutes_muted_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mutes
    ADD CONSTRAINT mutes_muted_id_foreign FOREIGN KEY (muted_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: mutes mutes_muter_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mutes
    ADD CONSTRAINT mutes_muter_id_foreign FOREIGN KEY (muter_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: newest_posts newest_posts_author_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.newest_posts
    ADD CONSTRAINT newest_posts_author_id_foreign FOREIGN KEY (author_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: notifications notifications_actor_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_actor_id_foreign FOREIGN KEY (actor_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: notifications notifications_comment_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_comment_id_foreign FOREIGN KEY (comment_id) REFERENCES public.comments(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: notifications notifications_post_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_post_id_foreign FOREIGN KEY (post_id) REFERENCES public.posts(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: notifications notifications_recipient_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_recipient_id_foreign FOREIGN KEY (recipient_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: post_likes post_likes_post_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_likes
    ADD CONSTRAINT post_likes_post_id_foreign FOREIGN KEY (post_id) REFERENCES public.posts(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: post_likes post_likes_user_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_likes
    ADD CONSTRAINT post_likes_user_id_foreign FOREIGN KEY (user_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: post_mentions post_mentions_post_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_mentions
    ADD CONSTRAINT post_mentions_post_id_foreign FOREIGN KEY (post_id) REFERENCES public.posts(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: post_mentions post_mentions_user_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_mentions
    ADD CONSTRAINT post_mentions_user_id_foreign FOREIGN KEY (user_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: post_stats post_stats_post_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_stats
    ADD CONSTRAINT post_stats_post_id_foreign FOREIGN KEY (post_id) REFERENCES public.posts(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: post_tags post_tags_post_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_tags
    ADD CONSTRAINT post_tags_post_id_foreign FOREIGN KEY (post_id) REFERENCES public.posts(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: posts posts_author_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.posts
    ADD CONSTRAINT posts_author_id_foreign FOREIGN KEY (author_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: posts posts_quote_of_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.posts
    ADD CONSTRAINT posts_quote_of_id_foreign FOREIGN KEY (quote_of_id) REFERENCES public.posts(id) ON UPDATE CASCADE ON DELETE SET NULL;


--
-- Name: reposts reposts_post_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reposts
    ADD CONSTRAINT reposts_post_id_foreign FOREIGN KEY (post_id) REFERENCES public.posts(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: reposts reposts_user_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reposts
    ADD CONSTRAINT reposts_user_id_foreign FOREIGN KEY (user_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: sessions sessions_user_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_foreign FOREIGN KEY (user_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: tag_authors tag_authors_author_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tag_authors
    ADD CONSTRAINT tag_authors_author_id_foreign FOREIGN KEY (author_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: tag_follows tag_follows_user_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tag_follows
    ADD CONSTRAINT tag_follows_user_id_foreign FOREIGN KEY (user_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- Name: user_stats user_stats_user_id_foreign; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_stats
    ADD CONSTRAINT user_stats_user_id_foreign FOREIGN KEY (user_id) REFERENCES public.users(id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--

\unrestrict feedline

