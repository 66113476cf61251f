import { Migration } from '@mikro-orm/migrations';

/**
 * JIT off for this database's sessions. Its statements are short lookups under large plans (every
 * Post is built in SQL), whose estimated cost passes jit_above_cost: compiling one takes longer
 * than running it many times over. Set on the database, it holds through a pooler and on replicas.
 * A role that may not alter the database leaves the server's setting (docs/operations.md).
 */
export class Migration20261128000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`do $$ begin
      execute format('alter database %I set jit = off', current_database());
    exception when insufficient_privilege then
      raise notice 'jit is left as the server sets it: this role may not alter database %', current_database();
    end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`do $$ begin
      execute format('alter database %I reset jit', current_database());
    exception when insufficient_privilege then null;
    end $$;`);
  }
}
