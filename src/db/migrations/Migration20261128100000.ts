import { Migration } from '@mikro-orm/migrations';

/**
 * Per tag and author, an instant none of the author's posts with the tag is newer than (the minute
 * after their newest, as newest_posts per author): a home page's walk of a followed tag steps over
 * an author the reader blocked or mutes in one row, not one per post (docs/feed.md).
 */
export class Migration20261128100000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "tag_authors" ("tag" varchar(50) not null, "author_id" int not null, "posted_before" timestamptz(3) not null, constraint "tag_authors_pkey" primary key ("tag", "author_id"));`);
    this.addSql(`alter table "tag_authors" add constraint "tag_authors_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "tag_authors_tag_bound_index" on "tag_authors" ("tag", "posted_before" desc) include ("author_id");`);
    // One author's posts with a tag, newest first: the head a walk takes of each author it ranks.
    this.addSql(`create index "post_tags_tag_author_index" on "post_tags" ("tag", "author_id", "created_at" desc, "post_id" desc);`);

    // Statement-level, over the statement's new rows, as newest_posts': only a row past its bound
    // writes, so an author's posts with a tag within one minute take no lock on its row; a deleted
    // post or tag leaves the bound true.
    this.addSql(`create function "feedline_tag_authors"() returns trigger language plpgsql as $$
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
    // Created before the fill below: it holds new tags off until this transaction commits.
    this.addSql(`create trigger "post_tags_tag_authors" after insert on "post_tags" referencing new table as new_tags for each statement execute function "feedline_tag_authors"();`);
    this.addSql(`insert into "tag_authors" ("tag", "author_id", "posted_before")
      select "tag", "author_id", date_bin('1 minute', max("created_at"), timestamptz 'epoch') + interval '1 minute' from "post_tags" group by "tag", "author_id";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "post_tags_tag_authors" on "post_tags";`);
    this.addSql(`drop function "feedline_tag_authors"();`);
    this.addSql(`drop index "post_tags_tag_author_index";`);
    this.addSql(`drop table "tag_authors";`);
  }

}
