import { Migration } from '@mikro-orm/migrations';

export class Migration20261127110000 extends Migration {

  override async up(): Promise<void> {
    // Uploaded images (src/media/media.entity.ts).
    this.addSql(`create table "media" (
      "id" serial primary key,
      "owner_id" int not null constraint "media_owner_id_foreign" references "users" ("id") on update cascade on delete cascade,
      "state" varchar(10) not null default 'processing',
      "type" varchar(10) null,
      "file_key" varchar(27) null,
      "preview_key" varchar(27) null,
      "width" int null,
      "height" int null,
      "blurhash" varchar(28) null,
      "description" varchar(420) not null default '',
      "bytes" int not null,
      "created_at" timestamptz(3) not null default now(),
      "attached_to" varchar(6) null,
      "post_id" int null constraint "media_post_id_foreign" references "posts" ("id") on update cascade on delete set null,
      constraint "media_file_key_unique" unique ("file_key"),
      constraint "media_preview_key_unique" unique ("preview_key"),
      constraint "media_state_check" check (state = 'processing' or state = 'ready' or state = 'failed'),
      constraint "media_attached_to_check" check (attached_to = 'post' or attached_to = 'avatar'),
      constraint "media_ready_check" check (state <> 'ready' or (file_key is not null and preview_key is not null))
    );`);
    this.addSql(`create index "media_owner_created_index" on "media" ("owner_id", "created_at");`);
    this.addSql(`create index "media_unattached_created_index" on "media" ("created_at") where "attached_to" is null;`);
    this.addSql(`create index "media_post_id_index" on "media" ("post_id") where "post_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "media" cascade;`);
  }

}
