import { Migration } from '@mikro-orm/migrations';

export class Migration20261126020000 extends Migration {

  override async up(): Promise<void> {
    // Each author's newest post (newest_post.entity.ts), kept by triggers on posts so every path that writes or deletes posts keeps it exact.
    this.addSql(`create table "newest_posts" ("author_id" int not null, "post_id" int not null, "created_at" timestamptz(3) not null, constraint "newest_posts_pkey" primary key ("author_id")) with (fillfactor = 50);`);
    this.addSql(`alter table "newest_posts" add constraint "newest_posts_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`insert into "newest_posts" ("author_id", "post_id", "created_at")
      select distinct on ("author_id") "author_id", "id", "created_at" from "posts" order by "author_id", "created_at" desc, "id" desc;`);

    // Statement-level, over the statement's new rows: one upsert per author per statement (a bulk insert stays one statement).
    this.addSql(`create function "feedline_newest_posts_insert"() returns trigger language plpgsql as $$
      begin
        insert into newest_posts (author_id, post_id, created_at)
        select distinct on (author_id) author_id, id, created_at from new_posts order by author_id, created_at desc, id desc
        on conflict (author_id) do update set post_id = excluded.post_id, created_at = excluded.created_at
        where (newest_posts.created_at, newest_posts.post_id) < (excluded.created_at, excluded.post_id);
        return null;
      end $$;`);
    // Only an author whose newest post went needs a look: the next newest left takes its place, or the row goes.
    this.addSql(`create function "feedline_newest_posts_delete"() returns trigger language plpgsql as $$
      begin
        update newest_posts n set post_id = h.id, created_at = h.created_at
        from old_posts o cross join lateral (
          select p.id, p.created_at from posts p where p.author_id = o.author_id order by p.created_at desc, p.id desc limit 1) h
        where n.author_id = o.author_id and n.post_id = o.id;
        delete from newest_posts n using old_posts o where n.author_id = o.author_id and n.post_id = o.id;
        return null;
      end $$;`);
    this.addSql(`create trigger "posts_newest_insert" after insert on "posts" referencing new table as new_posts for each statement execute function "feedline_newest_posts_insert"();`);
    this.addSql(`create trigger "posts_newest_delete" after delete on "posts" referencing old table as old_posts for each statement execute function "feedline_newest_posts_delete"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "posts_newest_delete" on "posts";`);
    this.addSql(`drop trigger "posts_newest_insert" on "posts";`);
    this.addSql(`drop function "feedline_newest_posts_delete"();`);
    this.addSql(`drop function "feedline_newest_posts_insert"();`);
    this.addSql(`drop table "newest_posts";`);
  }

}
