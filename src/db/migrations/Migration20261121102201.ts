import { Migration } from '@mikro-orm/migrations';

export class Migration20261121102201 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "rate_limit_counters" ("key" varchar(300) not null, "window_start" timestamptz(3) not null, "hits" int not null default 0, constraint "rate_limit_counters_pkey" primary key ("key", "window_start"));`);
    this.addSql(`create index "rate_limit_counters_window_start_index" on "rate_limit_counters" ("window_start");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limit_counters" cascade;`);
  }

}
