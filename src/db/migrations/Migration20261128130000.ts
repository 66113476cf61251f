import { Migration } from '@mikro-orm/migrations';

/**
 * tag_authors holds each author's newest post with the tag itself, not the minute after it: a home
 * page that ranks a tag's authors then reads them newest first, so many authors posting in one
 * minute are no longer a tie it must read whole. One statement, its rows in key order, so two posts
 * sharing tags take their row locks in the same order.
 */
export class Migration20261128130000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create or replace function "feedline_tag_authors"() returns trigger language plpgsql as $$
      begin
        insert into tag_authors as a (tag, author_id, posted_before)
        select tag, author_id, max(created_at) from new_tags group by tag, author_id order by tag, author_id
        on conflict (tag, author_id) do update set posted_before = excluded.posted_before
        where a.posted_before < excluded.posted_before;
        return null;
      end $$;`);
    this.addSql(`update "tag_authors" a set "posted_before" = n."created_at"
      from (select "tag", "author_id", max("created_at") as "created_at" from "post_tags" group by "tag", "author_id") n
      where a."tag" = n."tag" and a."author_id" = n."author_id" and a."posted_before" <> n."created_at";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function "feedline_tag_authors"() returns trigger language plpgsql as $$
      begin
        insert into tag_authors (tag, author_id, posted_before)
        select tag, author_id, date_bin('1 minute', max(created_at), timestamptz 'epoch') + interval '1 minute' from new_tags group by tag, author_id
        on conflict (tag, author_id) do nothing;
        update tag_authors a set posted_before = b.posted_before
        from (select tag, author_id, date_bin('1 minute', max(created_at), timestamptz 'epoch') + interval '1 minute' as posted_before
              from new_tags group by tag, author_id) b
        where a.tag = b.tag and a.author_id = b.author_id and a.posted_before < b.posted_before;
        return null;
      end $$;`);
  }

}
