import { Migration } from '@mikro-orm/migrations';

export class Migration20261121233357 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "users_summary_index" on "users" ("id") include ("first_name", "last_name");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "users_summary_index";`);
  }

}
