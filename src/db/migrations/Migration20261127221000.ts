import { Migration } from '@mikro-orm/migrations';

/** Mentions (issue 41): the users a post's or a comment's content names by `@handle`. */
export class Migration20261127221000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "post_mentions" ("post_id" int not null, "user_id" int not null, "notified" boolean not null default false, "shown" boolean not null default true, constraint "post_mentions_pkey" primary key ("post_id", "user_id"));`);
    // A deleted account's mentions go with it: found by this index, not a scan.
    this.addSql(`create index "post_mentions_user_id_index" on "post_mentions" ("user_id");`);
    this.addSql(`create table "comment_mentions" ("comment_id" int not null, "user_id" int not null, "notified" boolean not null default false, "shown" boolean not null default true, constraint "comment_mentions_pkey" primary key ("comment_id", "user_id"));`);
    this.addSql(`create index "comment_mentions_user_id_index" on "comment_mentions" ("user_id");`);
    this.addSql(`alter table "post_mentions" add constraint "post_mentions_post_id_foreign" foreign key ("post_id") references "posts" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "post_mentions" add constraint "post_mentions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "comment_mentions" add constraint "comment_mentions_comment_id_foreign" foreign key ("comment_id") references "comments" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "comment_mentions" add constraint "comment_mentions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "comment_mentions";`);
    this.addSql(`drop table "post_mentions";`);
  }

}
