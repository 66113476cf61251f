import { Migration } from '@mikro-orm/migrations';

export class Migration20261127130000 extends Migration {

  override async up(): Promise<void> {
    // A post's images as the API shows them, written when they are attached (src/posts/post.entity.ts).
    this.addSql(`alter table "posts" add column "media" json null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "posts" drop column "media";`);
  }

}
