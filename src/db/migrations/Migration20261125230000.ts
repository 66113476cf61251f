import { Migration } from '@mikro-orm/migrations';

export class Migration20261125230000 extends Migration {

  override async up(): Promise<void> {
    // Where the primary's WAL was at the user's last write: read-replicas.ts.
    this.addSql(`alter table "users" add column "write_lsn" pg_lsn null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "write_lsn";`);
  }

}
