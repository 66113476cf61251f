import { Migration } from '@mikro-orm/migrations';

/**
 * A live resume (Last-Event-ID) reads each followed author's, reposter's and tag's events in id
 * order from the resume id on: one range each, not every post since that id (docs/live-delivery.md).
 */
export class Migration20261128030000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "posts_author_id_index" on "posts" ("author_id", "id");`);
    this.addSql(`create index "reposts_user_id_index" on "reposts" ("user_id", "id") include ("post_id");`);
    this.addSql(`create index "post_tags_tag_post_index" on "post_tags" ("tag", "post_id") include ("author_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "post_tags_tag_post_index";`);
    this.addSql(`drop index "reposts_user_id_index";`);
    this.addSql(`drop index "posts_author_id_index";`);
  }
}
