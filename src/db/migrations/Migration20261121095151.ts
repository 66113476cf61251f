import { Migration } from '@mikro-orm/migrations';

export class Migration20261121095151 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "users" ("id" serial primary key, "email" varchar(254) not null, "password_hash" text not null, "first_name" varchar(100) not null, "last_name" varchar(100) not null, "created_at" timestamptz(3) not null default now());`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(`create table "sessions" ("jti" uuid not null, "user_id" int not null, "expires_at" timestamptz(3) not null, "revoked_at" timestamptz(3) null, "created_at" timestamptz(3) not null default now(), constraint "sessions_pkey" primary key ("jti"));`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(`create table "posts" ("id" serial primary key, "title" varchar(200) not null, "content" text not null, "author_id" int not null, "created_at" timestamptz(3) not null default now());`);
    this.addSql(`create index "posts_author_created_index" on "posts" ("author_id", "created_at", "id");`);
    this.addSql(`create index "posts_created_index" on "posts" ("created_at", "id");`);

    this.addSql(`create table "post_likes" ("post_id" int not null, "user_id" int not null, "created_at" timestamptz(3) not null default now(), constraint "post_likes_pkey" primary key ("post_id", "user_id"));`);
    this.addSql(`create index "post_likes_user_id_index" on "post_likes" ("user_id");`);

    this.addSql(`create table "follows" ("follower_id" int not null, "followed_id" int not null, "created_at" timestamptz(3) not null default now(), constraint "follows_pkey" primary key ("follower_id", "followed_id"), constraint follows_not_self check (follower_id <> followed_id));`);
    this.addSql(`create index "follows_followed_id_index" on "follows" ("followed_id");`);

    this.addSql(`create table "events" ("id" serial primary key, "name" varchar(200) not null, "description" text not null default '', "location" varchar(300) not null default '', "date_time" timestamptz(3) not null, "owner_id" int not null, "created_at" timestamptz(3) not null default now());`);
    this.addSql(`create index "events_owner_id_index" on "events" ("owner_id");`);
    this.addSql(`create index "events_date_time_index" on "events" ("date_time", "id");`);

    this.addSql(`create table "comments" ("id" serial primary key, "content" text not null, "post_id" int not null, "author_id" int not null, "created_at" timestamptz(3) not null default now());`);
    this.addSql(`create index "comments_post_created_index" on "comments" ("post_id", "created_at", "id");`);
    this.addSql(`create index "comments_author_created_index" on "comments" ("author_id", "created_at", "id");`);

    this.addSql(`create table "comment_likes" ("comment_id" int not null, "user_id" int not null, "created_at" timestamptz(3) not null default now(), constraint "comment_likes_pkey" primary key ("comment_id", "user_id"));`);
    this.addSql(`create index "comment_likes_user_id_index" on "comment_likes" ("user_id");`);

    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "posts" add constraint "posts_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "post_likes" add constraint "post_likes_post_id_foreign" foreign key ("post_id") references "posts" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "post_likes" add constraint "post_likes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "follows" add constraint "follows_follower_id_foreign" foreign key ("follower_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "follows" add constraint "follows_followed_id_foreign" foreign key ("followed_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "events" add constraint "events_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "comments" add constraint "comments_post_id_foreign" foreign key ("post_id") references "posts" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "comments" add constraint "comments_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "comment_likes" add constraint "comment_likes_comment_id_foreign" foreign key ("comment_id") references "comments" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "comment_likes" add constraint "comment_likes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

}
