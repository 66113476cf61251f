import { Migration } from '@mikro-orm/migrations';

export class Migration20261125220000 extends Migration {

  override async up(): Promise<void> {
    // The live streams' ids (src/live/settle.ts says why): the writer's transaction id is assigned
    // before the id is taken, so a transaction holding an id not yet committed is always one the
    // streams can see and wait for. nextval alone assigns none, and an INSERT assigns one only
    // when it writes the row, after its defaults are evaluated.
    // A SQL function, inlined into the INSERT (as cheap as nextval alone); CASE evaluates its
    // condition first, so the transaction id is assigned before the id is taken.
    this.addSql(`create function "live_nextval"(seq regclass) returns bigint language sql volatile
      as $$ select case when pg_current_xact_id() is not null then nextval(seq) end $$;`);
    this.addSql(`alter table "posts" alter column "id" set default live_nextval('posts_id_seq');`);
    this.addSql(`alter table "notifications" alter column "id" set default live_nextval('notifications_id_seq');`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "posts" alter column "id" set default nextval('posts_id_seq');`);
    this.addSql(`alter table "notifications" alter column "id" set default nextval('notifications_id_seq');`);
    this.addSql(`drop function "live_nextval"(regclass);`);
  }

}
