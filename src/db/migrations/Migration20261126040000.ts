import { Migration } from '@mikro-orm/migrations';

export class Migration20261126040000 extends Migration {

  override async up(): Promise<void> {
    // Each follow carries an upper bound of its author's newest post (follow.entity.ts): 'infinity', the
    // default, is always true; a row written with triggers off (the seed, raw SQL in replica mode) gets it.
    this.addSql(`alter table "follows" add column "author_bound" timestamptz(3) not null default 'infinity';`);

    // No bound advances while the rows below are filled (a post's trigger waits for this transaction).
    this.addSql(`lock table "newest_posts" in share mode;`);
    // Every followed author gets a newest_posts row ('-infinity' before any post): the row a follow
    // and a bound's advance meet on (below). Then the first 200 follows of each author take its bound.
    this.addSql(`insert into "newest_posts" ("author_id", "posted_before")
      select distinct "followed_id", '-infinity'::timestamptz from "follows" on conflict ("author_id") do nothing;`);
    this.addSql(`update "follows" f set "author_bound" = n."posted_before"
      from (select "follower_id", "followed_id", row_number() over (partition by "followed_id" order by "created_at", "follower_id") as nth from "follows") r
      join "newest_posts" n on n."author_id" = r."followed_id"
      where r.nth <= 200 and f."follower_id" = r."follower_id" and f."followed_id" = r."followed_id";`);
    // Built after the fill, which they would slow.
    this.addSql(`create index "follows_follower_bound_index" on "follows" ("follower_id", "author_bound" desc) include ("followed_id");`);
    this.addSql(`create index "follows_followed_bound_index" on "follows" ("followed_id", "author_bound");`);

    // A new follow takes the author's bound, unless the author already carries 200 bounded follows
    // (or any unbounded one): then 'infinity', a follow the feed merges at read time, so an author's
    // post never updates more than 200 follows rows. The bound is read under a share lock on the
    // author's newest_posts row (inserted first when missing), the row a bound's advance updates: one
    // waits for the other, and whichever comes second sees what the first committed.
    this.addSql(`create function "feedline_follow_author_bound"() returns trigger language plpgsql as $$
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
    this.addSql(`create trigger "follows_with_author_bound" before insert on "follows" for each row execute function "feedline_follow_author_bound"();`);

    // As before, plus: the authors whose bound was set or advanced pass it to their bounded follows, in a
    // statement of its own, so its snapshot holds any follow that committed while the update above waited.
    this.addSql(`create or replace function "feedline_newest_posts"() returns trigger language plpgsql as $$
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
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function "feedline_newest_posts"() returns trigger language plpgsql as $$
      begin
        insert into newest_posts (author_id, posted_before)
        select author_id, date_bin('1 minute', max(created_at), timestamptz 'epoch') + interval '1 minute' from new_posts group by author_id
        on conflict (author_id) do nothing;
        update newest_posts n set posted_before = b.posted_before
        from (select author_id, date_bin('1 minute', max(created_at), timestamptz 'epoch') + interval '1 minute' as posted_before
              from new_posts group by author_id) b
        where n.author_id = b.author_id and n.posted_before < b.posted_before;
        return null;
      end $$;`);
    this.addSql(`drop trigger "follows_with_author_bound" on "follows";`);
    this.addSql(`drop function "feedline_follow_author_bound"();`);
    this.addSql(`delete from "newest_posts" where "posted_before" = '-infinity';`);
    this.addSql(`drop index "follows_followed_bound_index";`);
    this.addSql(`drop index "follows_follower_bound_index";`);
    this.addSql(`alter table "follows" drop column "author_bound";`);
  }

}
