import { Migration } from '@mikro-orm/migrations';

/** The new counters, as Migration20261127030000 writes its own: stats table and key, counted table and its key column, counter. */
const COUNTERS = [
  ['post_stats', 'post_id', 'reposts', 'post_id', 'repost_count'],
  ['post_stats', 'post_id', 'posts', 'quote_of_id', 'quote_count'],
] as const;

const NOTIFICATION_TYPES = ['post_like', 'comment_like', 'comment', 'follow', 'mention', 'repost', 'quote'];
const NOTIFICATION_TYPES_BEFORE = ['post_like', 'comment_like', 'comment', 'follow'];
const typeCheck = (types: string[]) =>
  `alter table "notifications" add constraint "notifications_type_check" check ("type" in (${types.map((t) => `'${t}'`).join(', ')}));`;

/** What posts people share (issue 41): tags and followed tags, reposts, bookmarks and quotes, with their counters. */
export class Migration20261127200000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "notifications" drop constraint "notifications_type_check";`);
    this.addSql(typeCheck(NOTIFICATION_TYPES));

    // A post's tags, with the post's author and time copied so a tag's newest posts are one index range.
    this.addSql(`create table "post_tags" ("post_id" int not null, "tag" varchar(50) not null, "author_id" int not null, "created_at" timestamptz(3) not null, constraint "post_tags_pkey" primary key ("post_id", "tag"));`);
    this.addSql(`alter table "post_tags" add constraint "post_tags_post_id_foreign" foreign key ("post_id") references "posts" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "post_tags_tag_index" on "post_tags" ("tag", "created_at" desc, "post_id" desc) include ("author_id");`);

    this.addSql(`create table "tag_follows" ("user_id" int not null, "tag" varchar(50) not null, "created_at" timestamptz(3) not null default now(), constraint "tag_follows_pkey" primary key ("user_id", "tag"));`);
    this.addSql(`alter table "tag_follows" add constraint "tag_follows_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "tag_follows_user_created_index" on "tag_follows" ("user_id", "created_at" desc, "tag");`);

    // Reposts have ids in commit order as posts do (live_nextval), for the live home timeline.
    this.addSql(`create table "reposts" ("id" serial primary key, "post_id" int not null, "user_id" int not null, "created_at" timestamptz(3) not null default now());`);
    this.addSql(`alter table "reposts" alter column "id" set default live_nextval('reposts_id_seq');`);
    this.addSql(`alter table "reposts" add constraint "reposts_post_id_foreign" foreign key ("post_id") references "posts" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "reposts" add constraint "reposts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`create unique index "reposts_post_user_unique" on "reposts" ("post_id", "user_id");`);
    this.addSql(`create index "reposts_user_created_index" on "reposts" ("user_id", "created_at" desc, "id" desc) include ("post_id");`);

    this.addSql(`create table "bookmarks" ("user_id" int not null, "post_id" int not null, "created_at" timestamptz(3) not null default now(), constraint "bookmarks_pkey" primary key ("user_id", "post_id"));`);
    this.addSql(`alter table "bookmarks" add constraint "bookmarks_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "bookmarks" add constraint "bookmarks_post_id_foreign" foreign key ("post_id") references "posts" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "bookmarks_user_created_index" on "bookmarks" ("user_id", "created_at" desc, "post_id" desc);`);
    this.addSql(`create index "bookmarks_post_id_index" on "bookmarks" ("post_id");`);

    // A quote keeps its text when the quoted post goes; only the link is cleared.
    this.addSql(`alter table "posts" add column "quote_of_id" int null;`);
    this.addSql(`alter table "posts" add constraint "posts_quote_of_id_foreign" foreign key ("quote_of_id") references "posts" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "posts_quote_of_index" on "posts" ("quote_of_id", "created_at" desc, "id" desc) where "quote_of_id" is not null;`);

    this.addSql(`alter table "post_stats" add column "repost_count" int not null default 0, add column "quote_count" int not null default 0;`);
    // As Migration20261127030000's counters, skipping rows whose key is null (a post that quotes nothing).
    for (const [stats, statsKey, table, rowKey, counter] of COUNTERS) {
      const name = `feedline_count_${stats}_${counter}`;
      this.addSql(`create function "${name}"() returns trigger language plpgsql as $$
        declare
          changed bigint;
          one_key int;
        begin
          select count(*), min(${rowKey}) into changed, one_key from changed_rows where ${rowKey} is not null;
          if changed = 1 then
            update ${stats} set ${counter} = ${counter} + case when tg_op = 'INSERT' then 1 else -1 end
              where ${statsKey} = one_key;
            if not found and tg_op = 'INSERT' then
              insert into ${stats} as s (${statsKey}, ${counter}) values (one_key, 1)
                on conflict (${statsKey}) do update set ${counter} = s.${counter} + 1;
            end if;
          elsif tg_op = 'INSERT' and changed > 1 then
            insert into ${stats} as s (${statsKey}, ${counter}) select ${rowKey}, count(*) from changed_rows where ${rowKey} is not null group by 1 order by 1
              on conflict (${statsKey}) do update set ${counter} = s.${counter} + excluded.${counter};
          elsif changed > 1 then
            perform from ${stats} where ${statsKey} in (select ${rowKey} from changed_rows) order by ${statsKey} for no key update;
            update ${stats} s set ${counter} = s.${counter} - d.n
              from (select ${rowKey} as k, count(*) as n from changed_rows where ${rowKey} is not null group by 1) d where s.${statsKey} = d.k;
          end if;
          return null;
        end $$;`);
      for (const [op, rows] of [['insert', 'new'], ['delete', 'old']] as const) {
        this.addSql(`create trigger "${table}_count_${stats}_${counter}_${op}" after ${op} on "${table}" referencing ${rows} table as changed_rows
          for each statement execute function "${name}"();`);
      }
    }
  }

  override async down(): Promise<void> {
    for (const [stats, , table, , counter] of COUNTERS) {
      for (const op of ['insert', 'delete']) this.addSql(`drop trigger "${table}_count_${stats}_${counter}_${op}" on "${table}";`);
      this.addSql(`drop function "feedline_count_${stats}_${counter}"();`);
    }
    this.addSql(`alter table "post_stats" drop column "repost_count", drop column "quote_count";`);
    this.addSql(`alter table "posts" drop column "quote_of_id";`);
    this.addSql(`drop table "bookmarks";`);
    this.addSql(`drop table "reposts";`);
    this.addSql(`drop table "tag_follows";`);
    this.addSql(`drop table "post_tags";`);
    this.addSql(`delete from "notifications" where "type" not in (${NOTIFICATION_TYPES_BEFORE.map((t) => `'${t}'`).join(', ')});`);
    this.addSql(`alter table "notifications" drop constraint "notifications_type_check";`);
    this.addSql(typeCheck(NOTIFICATION_TYPES_BEFORE));
  }

}
