import { Migration } from '@mikro-orm/migrations';

export class Migration20261122070000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "live_listeners" ("pid" int not null, "since" timestamptz(3) not null default now(), constraint "live_listeners_pkey" primary key ("pid"));`);

    // Posts and notifications NOTIFY only while some process listens (src/live/live-listener.entity.ts
    // says why). A trigger's query takes a snapshot of its own, so a write whose id is taken after a
    // listener registered sees it: the listener reads its starting ids after registering
    // (src/live/listener.ts); ids taken before that are read from the tables. An ended session has
    // no id to order by: it always notifies (a revocation written while nobody listened, committed
    // after a first stream read its session open, would be heard by nobody). Revocations are rare:
    // no hot path waits on the lock that notifying commits share for them.
    this.addSql(`create or replace function "feedline_live_notify"() returns trigger language plpgsql as $$
      begin
        if tg_table_name = 'sessions' then
          perform pg_notify('feedline_live', 's' || old.user_id);
          return null;
        end if;
        if not exists (select 1 from live_listeners) then
          return null;
        end if;
        case tg_table_name
          when 'posts' then perform pg_notify('feedline_live', 'p' || new.id);
          else perform pg_notify('feedline_live', 'n' || new.id || ',' || new.recipient_id);
        end case;
        return null;
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function "feedline_live_notify"() returns trigger language plpgsql as $$
      begin
        case tg_table_name
          when 'posts' then perform pg_notify('feedline_live', 'p' || new.id);
          when 'notifications' then perform pg_notify('feedline_live', 'n' || new.id || ',' || new.recipient_id);
          else perform pg_notify('feedline_live', 's' || old.user_id);
        end case;
        return null;
      end $$;`);
    this.addSql(`drop table if exists "live_listeners" cascade;`);
  }

}
