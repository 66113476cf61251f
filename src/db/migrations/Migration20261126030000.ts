import { Migration } from '@mikro-orm/migrations';

export class Migration20261126030000 extends Migration {

  override async up(): Promise<void> {
    // A follow and a block of the same two users, written at once, meet on the follower's users row:
    // a block holds both users' rows (its count trigger updates them) until it commits, and a follow
    // takes the follower's FOR SHARE, which waits for that and makes the block's update wait for it.
    // Each then looks again with a fresh snapshot (read committed), so it sees what the other
    // committed: no follow outlives a block, whichever comes first and whatever path writes it. A
    // row lock, not an advisory one: a bulk insert of follows takes no slot of the lock table per row.
    this.addSql(`create function "feedline_follow_unblocked"() returns trigger language plpgsql as $$
      begin
        perform from users u where u.id = new.follower_id for share;
        if exists (select from blocks b where (b.blocker_id, b.blocked_id) in ((new.follower_id, new.followed_id), (new.followed_id, new.follower_id))) then
          return null;
        end if;
        return new;
      end $$;`);
    this.addSql(`create trigger "follows_unblocked" before insert on "follows" for each row execute function "feedline_follow_unblocked"();`);
    this.addSql(`create function "feedline_block_ends_follows"() returns trigger language plpgsql as $$
      begin
        -- After blocks_count (trigger order is by name), which holds both users' rows: a follow
        -- in flight has committed by now, and this statement's snapshot sees it.
        delete from follows f where (f.follower_id, f.followed_id) in ((new.blocker_id, new.blocked_id), (new.blocked_id, new.blocker_id));
        return null;
      end $$;`);
    this.addSql(`create trigger "blocks_end_follows" after insert on "blocks" for each row execute function "feedline_block_ends_follows"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "blocks_end_follows" on "blocks";`);
    this.addSql(`drop function "feedline_block_ends_follows"();`);
    this.addSql(`drop trigger "follows_unblocked" on "follows";`);
    this.addSql(`drop function "feedline_follow_unblocked"();`);
  }

}
