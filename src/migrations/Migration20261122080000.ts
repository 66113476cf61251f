import { Migration } from '@mikro-orm/migrations';

export class Migration20261122080000 extends Migration {

  override async up(): Promise<void> {
    // A session's end is notified whether or not a process listens (posts and notifications only
    // while one does, Migration20261122070000). Streams are ordered by id, so a post or notification
    // whose trigger ran before a listener registered was taken before that listener's starting ids
    // and is read from the table; a session has no id to order by: a revocation written before the
    // first listener registered and committed after a stream read its session open was heard by
    // nobody, and the stream ran on until the session's expiry. Revocations are rare: no hot path
    // takes the lock that notifying commits share for them.
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
        if not exists (select 1 from live_listeners) then
          return null;
        end if;
        case tg_table_name
          when 'posts' then perform pg_notify('feedline_live', 'p' || new.id);
          when 'notifications' then perform pg_notify('feedline_live', 'n' || new.id || ',' || new.recipient_id);
          else perform pg_notify('feedline_live', 's' || old.user_id);
        end case;
        return null;
      end $$;`);
  }

}
