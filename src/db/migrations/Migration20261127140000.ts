import { Migration } from '@mikro-orm/migrations';

export class Migration20261127140000 extends Migration {

  override async up(): Promise<void> {
    // Store keys whose media rows are gone, until their files are deleted (src/media/sweeper.ts).
    this.addSql(`create table "media_deleted_keys" (
      "key" varchar(27) primary key,
      "deleted_at" timestamptz(3) not null default now(),
      "claimed_at" timestamptz(3) null
    );`);
    this.addSql(`create index "media_deleted_keys_deleted_at_index" on "media_deleted_keys" ("deleted_at");`);
    // Every delete of media rows (the sweeper's, a post's or an account's cascade) records their
    // keys in its own transaction: a file is deleted only once nothing can refer to it again.
    this.addSql(`create or replace function "feedline_media_deleted"() returns trigger language plpgsql as $$
    begin
      insert into media_deleted_keys (key)
        select k from old_rows o cross join lateral unnest(array[o.file_key, o.preview_key]) k where k is not null
        on conflict do nothing;
      return null;
    end $$;`);
    this.addSql(`create trigger "media_deleted" after delete on "media" referencing old table as old_rows
      for each statement execute function "feedline_media_deleted"();`);
    // A post's images go with it.
    this.addSql(`alter table "media" drop constraint "media_post_id_foreign";`);
    this.addSql(`alter table "media" add constraint "media_post_id_foreign" foreign key ("post_id") references "posts" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "media" drop constraint "media_post_id_foreign";`);
    this.addSql(`alter table "media" add constraint "media_post_id_foreign" foreign key ("post_id") references "posts" ("id") on update cascade on delete set null;`);
    this.addSql(`drop trigger if exists "media_deleted" on "media";`);
    this.addSql(`drop function if exists "feedline_media_deleted"();`);
    this.addSql(`drop table if exists "media_deleted_keys";`);
  }

}
