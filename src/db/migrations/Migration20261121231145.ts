import { Migration } from '@mikro-orm/migrations';

export class Migration20261121231145 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "posts" add column "search_vector" tsvector generated always as (to_tsvector('english', title || ' ' || content)) stored null;`);
    this.addSql(`create index "posts_search_index" on "posts" using gin ("search_vector");`);

    this.addSql(`drop index "follows_followed_id_index";`);

    this.addSql(`create index "follows_followed_follower_index" on "follows" ("followed_id", "follower_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "follows_followed_follower_index";`);

    this.addSql(`create index "follows_followed_id_index" on "follows" ("followed_id");`);

    this.addSql(`drop index "posts_search_index";`);
    this.addSql(`alter table "posts" drop column "search_vector";`);
  }

}
