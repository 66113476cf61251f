import { Migration } from '@mikro-orm/migrations';

export class Migration20261127150000 extends Migration {

  override async up(): Promise<void> {
    // The avatar's URL, as every UserSummary shows it (src/media/avatars.ts sets it).
    this.addSql(`alter table "users" add column "avatar_url" varchar(128) null;`);
    // Summaries stay index-only reads: the covering index carries the URL too.
    this.addSql(`drop index "users_summary_index";`);
    this.addSql(`create index "users_summary_index" on "users" ("id") include ("first_name", "last_name", "avatar_url");`);
    // One avatar per user at most, and the way to find it.
    this.addSql(`create unique index "media_avatar_unique" on "media" ("owner_id") where "attached_to" = 'avatar';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "media_avatar_unique";`);
    this.addSql(`drop index "users_summary_index";`);
    this.addSql(`create index "users_summary_index" on "users" ("id") include ("first_name", "last_name");`);
    this.addSql(`alter table "users" drop column "avatar_url";`);
  }

}
