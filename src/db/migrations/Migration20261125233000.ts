import { Migration } from '@mikro-orm/migrations';

export class Migration20261125233000 extends Migration {

  override async up(): Promise<void> {
    // One notification ever per actor, recipient and liked post, liked comment or follow (notification.entity.ts): the older duplicates stay.
    this.addSql(`delete from "notifications" n using "notifications" o
      where n."type" <> 'comment' and o."type" = n."type" and o."recipient_id" = n."recipient_id" and o."actor_id" = n."actor_id"
        and o."post_id" is not distinct from n."post_id" and o."comment_id" is not distinct from n."comment_id" and o."id" < n."id";`);
    this.addSql(`create unique index "notifications_once_unique" on "notifications" ("recipient_id", "actor_id", "type", "post_id", "comment_id") nulls not distinct where "type" <> 'comment';`);
    this.addSql(`create index "notifications_pair_index" on "notifications" ("recipient_id", "actor_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "notifications_pair_index";`);
    this.addSql(`drop index "notifications_once_unique";`);
  }

}
