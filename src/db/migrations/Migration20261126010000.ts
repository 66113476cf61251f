import { Migration } from '@mikro-orm/migrations';

export class Migration20261126010000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "block_count" int not null default 0, add column "mute_count" int not null default 0;`);
    this.addSql(`alter table "sessions" add column "block_count" int not null default 0, add column "mute_count" int not null default 0;`);

    this.addSql(`create table "blocks" ("blocker_id" int not null, "blocked_id" int not null, "created_at" timestamptz(3) not null default now(), constraint "blocks_pkey" primary key ("blocker_id", "blocked_id"), constraint "blocks_not_self" check (blocker_id <> blocked_id));`);
    this.addSql(`create index "blocks_blocked_blocker_index" on "blocks" ("blocked_id", "blocker_id");`);
    this.addSql(`create index "blocks_blocker_created_index" on "blocks" ("blocker_id", "created_at", "blocked_id");`);
    this.addSql(`alter table "blocks" add constraint "blocks_blocker_id_foreign" foreign key ("blocker_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "blocks" add constraint "blocks_blocked_id_foreign" foreign key ("blocked_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`create table "mutes" ("muter_id" int not null, "muted_id" int not null, "created_at" timestamptz(3) not null default now(), constraint "mutes_pkey" primary key ("muter_id", "muted_id"), constraint "mutes_not_self" check (muter_id <> muted_id));`);
    this.addSql(`create index "mutes_muted_id_index" on "mutes" ("muted_id");`);
    this.addSql(`create index "mutes_muter_created_index" on "mutes" ("muter_id", "created_at", "muted_id");`);
    this.addSql(`alter table "mutes" add constraint "mutes_muter_id_foreign" foreign key ("muter_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "mutes" add constraint "mutes_muted_id_foreign" foreign key ("muted_id") references "users" ("id") on update cascade on delete cascade;`);

    // The counters the readers' checks are guarded by: a trigger keeps them whatever writes the
    // rows (the block and mute statements, an account's deletion by cascade), on users and on each
    // of the user's sessions, which the hot statements read anyway.
    this.addSql(`create function "feedline_block_count"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update users set block_count = block_count + 1 where id in (new.blocker_id, new.blocked_id);
          update sessions set block_count = block_count + 1 where user_id in (new.blocker_id, new.blocked_id);
        else
          update users set block_count = block_count - 1 where id in (old.blocker_id, old.blocked_id);
          update sessions set block_count = block_count - 1 where user_id in (old.blocker_id, old.blocked_id);
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger "blocks_count" after insert or delete on "blocks" for each row execute function "feedline_block_count"();`);
    this.addSql(`create function "feedline_mute_count"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update users set mute_count = mute_count + 1 where id = new.muter_id;
          update sessions set mute_count = mute_count + 1 where user_id = new.muter_id;
        else
          update users set mute_count = mute_count - 1 where id = old.muter_id;
          update sessions set mute_count = mute_count - 1 where user_id = old.muter_id;
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger "mutes_count" after insert or delete on "mutes" for each row execute function "feedline_mute_count"();`);
    // A new session starts with the user's counters. FOR SHARE waits for a block or mute being
    // written (its trigger holds the users row), so a login never copies a count about to change.
    this.addSql(`create function "feedline_session_counts"() returns trigger language plpgsql as $$
      begin
        select u.block_count, u.mute_count into new.block_count, new.mute_count from users u where u.id = new.user_id for share;
        return new;
      end $$;`);
    this.addSql(`create trigger "sessions_counts" before insert on "sessions" for each row execute function "feedline_session_counts"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "sessions_counts" on "sessions";`);
    this.addSql(`drop function "feedline_session_counts"();`);
    this.addSql(`drop table "mutes";`);
    this.addSql(`drop table "blocks";`);
    this.addSql(`drop function "feedline_mute_count"();`);
    this.addSql(`drop function "feedline_block_count"();`);
    this.addSql(`alter table "users" drop column "block_count", drop column "mute_count";`);
    this.addSql(`alter table "sessions" drop column "block_count", drop column "mute_count";`);
  }

}
