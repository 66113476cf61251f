import { Migration } from '@mikro-orm/migrations';

/** Each counter: the stats table and its key, the counted table and its column naming that key, the counter. */
const COUNTERS = [
  ['post_stats', 'post_id', 'post_likes', 'post_id', 'like_count'],
  ['post_stats', 'post_id', 'comments', 'post_id', 'comment_count'],
  ['comment_stats', 'comment_id', 'comment_likes', 'comment_id', 'like_count'],
  ['user_stats', 'user_id', 'posts', 'author_id', 'post_count'],
  ['user_stats', 'user_id', 'comments', 'author_id', 'comment_count'],
  ['user_stats', 'user_id', 'follows', 'followed_id', 'follower_count'],
  ['user_stats', 'user_id', 'follows', 'follower_id', 'followed_count'],
] as const;

export class Migration20261127010000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "post_stats" ("post_id" int not null, "like_count" int not null default 0, "comment_count" int not null default 0, constraint "post_stats_pkey" primary key ("post_id"));`);
    this.addSql(`create table "comment_stats" ("comment_id" int not null, "like_count" int not null default 0, constraint "comment_stats_pkey" primary key ("comment_id"));`);
    this.addSql(`create table "user_stats" ("user_id" int not null, "post_count" int not null default 0, "comment_count" int not null default 0, "follower_count" int not null default 0, "followed_count" int not null default 0, constraint "user_stats_pkey" primary key ("user_id"));`);
    this.addSql(`alter table "post_stats" add constraint "post_stats_post_id_foreign" foreign key ("post_id") references "posts" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "comment_stats" add constraint "comment_stats_comment_id_foreign" foreign key ("comment_id") references "comments" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "user_stats" add constraint "user_stats_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    // One statement trigger per counter, in the writing statement itself: a bulk delete (an account's
    // cascade) moves each count once. Rows are locked in key order, so two bulk writes cannot deadlock.
    // A decrement only updates: its row's parent may be going in the same cascade, and an insert
    // would then break the foreign key. Each function's SQL is static, so its plans are kept.
    for (const [stats, statsKey, table, rowKey, counter] of COUNTERS) {
      const name = `feedline_count_${stats}_${counter}`;
      this.addSql(`create function "${name}"() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            insert into ${stats} as s (${statsKey}, ${counter}) select ${rowKey}, count(*) from changed_rows group by 1 order by 1
              on conflict (${statsKey}) do update set ${counter} = s.${counter} + excluded.${counter};
          else
            perform from ${stats} where ${statsKey} in (select ${rowKey} from changed_rows) order by ${statsKey} for no key update;
            update ${stats} s set ${counter} = s.${counter} - d.n
              from (select ${rowKey} as k, count(*) as n from changed_rows group by 1) d where s.${statsKey} = d.k;
          end if;
          return null;
        end $$;`);
      for (const [op, rows] of [['insert', 'new'], ['delete', 'old']] as const) {
        this.addSql(`create trigger "${table}_count_${stats}_${counter}_${op}" after ${op} on "${table}" referencing ${rows} table as changed_rows
          for each statement execute function "${name}"();`);
      }
    }

    // The counts of the rows already there.
    this.addSql(`insert into post_stats (post_id, like_count, comment_count)
      select p.id, coalesce(l.n, 0), coalesce(c.n, 0) from posts p
        left join (select post_id, count(*) as n from post_likes group by 1) l on l.post_id = p.id
        left join (select post_id, count(*) as n from comments group by 1) c on c.post_id = p.id
      where l.n is not null or c.n is not null;`);
    this.addSql(`insert into comment_stats (comment_id, like_count) select comment_id, count(*) from comment_likes group by 1;`);
    this.addSql(`insert into user_stats (user_id, post_count, comment_count, follower_count, followed_count)
      select u.id, coalesce(p.n, 0), coalesce(c.n, 0), coalesce(fr.n, 0), coalesce(fd.n, 0) from users u
        left join (select author_id, count(*) as n from posts group by 1) p on p.author_id = u.id
        left join (select author_id, count(*) as n from comments group by 1) c on c.author_id = u.id
        left join (select followed_id, count(*) as n from follows group by 1) fr on fr.followed_id = u.id
        left join (select follower_id, count(*) as n from follows group by 1) fd on fd.follower_id = u.id
      where p.n is not null or c.n is not null or fr.n is not null or fd.n is not null;`);
  }

  override async down(): Promise<void> {
    for (const [stats, , table, , counter] of COUNTERS) {
      for (const op of ['insert', 'delete']) this.addSql(`drop trigger "${table}_count_${stats}_${counter}_${op}" on "${table}";`);
      this.addSql(`drop function "feedline_count_${stats}_${counter}"();`);
    }
    this.addSql(`drop table "user_stats";`);
    this.addSql(`drop table "comment_stats";`);
    this.addSql(`drop table "post_stats";`);
  }

}
