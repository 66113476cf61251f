import { Migration } from '@mikro-orm/migrations';

/**
 * A bound of each user's newest repost, as the feed's bound of their newest post
 * (Migration20261126040000): newest_posts.reposted_before per user, copied onto the same bounded
 * follows as follows.repost_bound ('infinity' on the unbounded ones), so a home page reads the
 * reader's follows in that order, a prefix, not each followed user's reposts (docs/feed.md).
 */
export class Migration20261128010000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "newest_posts" add column "reposted_before" timestamptz(3) not null default '-infinity';`);
    this.addSql(`alter table "follows" add column "repost_bound" timestamptz(3) not null default 'infinity';`);

    // A repost sets or advances its user's bound, and passes it to their bounded follows in a statement of
    // its own, as a post does; the follows that carry no post bound carry no repost bound either.
    this.addSql(`create function "feedline_newest_reposts"() returns trigger language plpgsql as $$
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
      end $$;`);
    // Created before the fill below: it holds new reposts off until this transaction commits.
    this.addSql(`create trigger "reposts_newest_reposts" after insert on "reposts" referencing new table as new_reposts for each statement execute function "feedline_newest_reposts"();`);

    // No post bound advances while the rows below are filled.
    this.addSql(`lock table "newest_posts" in share mode;`);
    this.addSql(`insert into "newest_posts" ("author_id", "posted_before", "reposted_before")
      select "user_id", '-infinity', date_bin('1 minute', max("created_at"), timestamptz 'epoch') + interval '1 minute' from "reposts" group by "user_id"
      on conflict ("author_id") do update set "reposted_before" = excluded."reposted_before";`);
    this.addSql(`update "follows" f set "repost_bound" = n."reposted_before" from "newest_posts" n
      where n."author_id" = f."followed_id" and f."author_bound" < 'infinity';`);
    this.addSql(`create index "follows_follower_repost_bound_index" on "follows" ("follower_id", "repost_bound" desc) include ("followed_id");`);

    // A new follow takes both of the user's bounds, or 'infinity' for both.
    this.addSql(`create or replace function "feedline_follow_author_bound"() returns trigger language plpgsql as $$
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
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function "feedline_follow_author_bound"() returns trigger language plpgsql as $$
      begin
        if exists (select from follows f where f.followed_id = new.followed_id and f.author_bound = 'infinity')
           or (select count(*) from (select from follows f where f.followed_id = new.followed_id and f.author_bound < 'infinity' limit 200) c) >= 200 then
          new.author_bound := 'infinity';
          return new;
        end if;
        insert into newest_posts (author_id, posted_before) values (new.followed_id, '-infinity') on conflict (author_id) do nothing;
        select n.posted_before into new.author_bound from newest_posts n where n.author_id = new.followed_id for share;
        return new;
      end $$;`);
    this.addSql(`drop trigger "reposts_newest_reposts" on "reposts";`);
    this.addSql(`drop function "feedline_newest_reposts"();`);
    this.addSql(`drop index "follows_follower_repost_bound_index";`);
    this.addSql(`alter table "follows" drop column "repost_bound";`);
    this.addSql(`alter table "newest_posts" drop column "reposted_before";`);
  }

}
