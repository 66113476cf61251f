import { Migration } from '@mikro-orm/migrations';

export class Migration20261126020000 extends Migration {

  override async up(): Promise<void> {
    // Per author, an instant no post of theirs is newer than (newest-post.entity.ts): the minute after their newest post.
    this.addSql(`create table "newest_posts" ("author_id" int not null, "posted_before" timestamptz(3) not null, constraint "newest_posts_pkey" primary key ("author_id")) with (fillfactor = 50);`);
    this.addSql(`alter table "newest_posts" add constraint "newest_posts_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`insert into "newest_posts" ("author_id", "posted_before")
      select "author_id", date_bin('1 minute', max("created_at"), timestamptz 'epoch') + interval '1 minute' from "posts" group by "author_id";`);

    // Statement-level, over the statement's new rows. Only a post past its author's bound writes, so
    // an author's posts within one minute take no lock on their row; a deleted post leaves the bound true.
    this.addSql(`create function "feedline_newest_posts"() returns trigger language plpgsql as $$
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
    this.addSql(`create trigger "posts_newest_posts" after insert on "posts" referencing new table as new_posts for each statement execute function "feedline_newest_posts"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "posts_newest_posts" on "posts";`);
    this.addSql(`drop function "feedline_newest_posts"();`);
    this.addSql(`drop table "newest_posts";`);
  }

}
