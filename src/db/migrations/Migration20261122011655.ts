import { Migration } from '@mikro-orm/migrations';

export class Migration20261122011655 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "live_tickets" ("hash" varchar(64) not null, "session_jti" uuid not null, "expires_at" timestamptz(3) not null, constraint "live_tickets_pkey" primary key ("hash"));`);
    this.addSql(`create index "live_tickets_session_index" on "live_tickets" ("session_jti");`);
    this.addSql(`create index "live_tickets_expires_at_index" on "live_tickets" ("expires_at");`);

    this.addSql(`create table "notifications" ("id" serial primary key, "recipient_id" int not null, "type" text check ("type" in ('post_like', 'comment_like', 'comment', 'follow')) not null, "actor_id" int not null, "post_id" int null, "comment_id" int null, "read" boolean not null default false, "created_at" timestamptz(3) not null default now());`);
    this.addSql(`create index "notifications_actor_id_index" on "notifications" ("actor_id");`);
    this.addSql(`create index "notifications_post_id_index" on "notifications" ("post_id");`);
    this.addSql(`create index "notifications_comment_id_index" on "notifications" ("comment_id");`);
    this.addSql(`create index "notifications_recipient_index" on "notifications" ("recipient_id", "id");`);
    this.addSql(`create index "notifications_unread_index" on "notifications" ("recipient_id", "id") where not "read";`);

    this.addSql(`alter table "live_tickets" add constraint "live_tickets_session_jti_foreign" foreign key ("session_jti") references "sessions" ("jti") on update cascade on delete cascade;`);

    this.addSql(`alter table "notifications" add constraint "notifications_recipient_id_foreign" foreign key ("recipient_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "notifications" add constraint "notifications_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "notifications" add constraint "notifications_post_id_foreign" foreign key ("post_id") references "posts" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "notifications" add constraint "notifications_comment_id_foreign" foreign key ("comment_id") references "comments" ("id") on update cascade on delete cascade;`);

    // Live streams (src/live): every process LISTENs on one channel; a new post, a new notification
    // or an ended session sends its ids there from the writing transaction itself, delivered at
    // commit, whichever code path wrote the row.
    this.addSql(`create function "feedline_live_notify"() returns trigger language plpgsql as $$
      begin
        case tg_table_name
          when 'posts' then perform pg_notify('feedline_live', 'p' || new.id);
          when 'notifications' then perform pg_notify('feedline_live', 'n' || new.id || ',' || new.recipient_id);
          else perform pg_notify('feedline_live', 's' || old.user_id);
        end case;
        return null;
      end $$;`);
    this.addSql(`create trigger "posts_live_notify" after insert on "posts" for each row execute function "feedline_live_notify"();`);
    this.addSql(`create trigger "notifications_live_notify" after insert on "notifications" for each row execute function "feedline_live_notify"();`);
    this.addSql(`create trigger "sessions_revoked_live_notify" after update of "revoked_at" on "sessions" for each row when (old.revoked_at is null and new.revoked_at is not null) execute function "feedline_live_notify"();`);
    this.addSql(`create trigger "sessions_deleted_live_notify" after delete on "sessions" for each row execute function "feedline_live_notify"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "sessions_deleted_live_notify" on "sessions";`);
    this.addSql(`drop trigger "sessions_revoked_live_notify" on "sessions";`);
    this.addSql(`drop trigger "posts_live_notify" on "posts";`);
    this.addSql(`drop function "feedline_live_notify"() cascade;`);
    this.addSql(`drop table if exists "live_tickets" cascade;`);

    this.addSql(`drop table if exists "notifications" cascade;`);
  }

}
