import { Migration } from '@mikro-orm/migrations';

export class Migration20261127020000 extends Migration {

  override async up(): Promise<void> {
    // Whether the row version written by transaction `version` (a row's xmin) is seen by `snapshot`:
    // what lets a read reuse an answer another statement built (posts/shared-answers.ts). A row's
    // xmin has 32 bits: its full id is the newest one at or before the current snapshot's xmax with
    // those low bits. 0, 1 and 2 are the special ids of rows that every snapshot sees. One
    // expression, so that PostgreSQL inlines it.
    this.addSql(`create function "feedline_visible_in"(version xid, snapshot pg_snapshot) returns boolean
      language sql stable parallel safe as $$
        select version::text::bigint < 3 or pg_visible_in_snapshot((
          pg_snapshot_xmax(pg_current_snapshot())::text::bigint
          - ((pg_snapshot_xmax(pg_current_snapshot())::text::bigint - version::text::bigint) & 4294967295)
        )::text::xid8, snapshot)
      $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function "feedline_visible_in"(xid, pg_snapshot);`);
  }

}
