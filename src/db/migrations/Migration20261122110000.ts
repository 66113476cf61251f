import { Migration } from '@mikro-orm/migrations';

export class Migration20261122110000 extends Migration {

  override async up(): Promise<void> {
    // Partial: most notifications name no comment, follows no post (notification.entity.ts says why).
    this.addSql(`drop index "notifications_post_id_index";`);
    this.addSql(`drop index "notifications_comment_id_index";`);
    this.addSql(`create index "notifications_post_id_index" on "notifications" ("post_id") where "post_id" is not null;`);
    this.addSql(`create index "notifications_comment_id_index" on "notifications" ("comment_id") where "comment_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "notifications_post_id_index";`);
    this.addSql(`drop index "notifications_comment_id_index";`);
    this.addSql(`create index "notifications_post_id_index" on "notifications" ("post_id");`);
    this.addSql(`create index "notifications_comment_id_index" on "notifications" ("comment_id");`);
  }

}
