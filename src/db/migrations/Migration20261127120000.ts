import { Migration } from '@mikro-orm/migrations';

export class Migration20261127120000 extends Migration {

  override async up(): Promise<void> {
    // Each user's uploads per UTC day (src/media/media.entity.ts, MediaQuotaEntity).
    this.addSql(`create table "media_quotas" (
      "user_id" int not null constraint "media_quotas_user_id_foreign" references "users" ("id") on update cascade on delete cascade,
      "day" date not null,
      "files" int not null,
      "bytes" bigint not null,
      constraint "media_quotas_pkey" primary key ("user_id", "day")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "media_quotas" cascade;`);
  }

}
