import { Migration } from '@mikro-orm/migrations';

/** The counters of Migration20261127010000: stats table and key, counted table and its key column, counter. */
const COUNTERS = [
  ['post_stats', 'post_id', 'post_likes', 'post_id', 'like_count'],
  ['post_stats', 'post_id', 'comments', 'post_id', 'comment_count'],
  ['comment_stats', 'comment_id', 'comment_likes', 'comment_id', 'like_count'],
  ['user_stats', 'user_id', 'posts', 'author_id', 'post_count'],
  ['user_stats', 'user_id', 'comments', 'author_id', 'comment_count'],
  ['user_stats', 'user_id', 'follows', 'followed_id', 'follower_count'],
  ['user_stats', 'user_id', 'follows', 'follower_id', 'followed_count'],
] as const;

export class Migration20261127030000 extends Migration {

  override async up(): Promise<void> {
    // The counter triggers keep their statement-level form (a bulk write moves each count once, its
    // rows locked in key order), with a path of their own for the write of one row, which nearly
    // every request is: one row updated, no grouping, no lock taken ahead, no insert attempted when
    // the stats row exists.
    for (const [stats, statsKey, table, rowKey, counter] of COUNTERS) {
      this.addSql(`create or replace function "feedline_count_${stats}_${counter}"() returns trigger language plpgsql as $$
        declare
          changed bigint;
          one_key int;
        begin
          select count(*), min(${rowKey}) into changed, one_key from changed_rows;
          if changed = 1 then
            update ${stats} set ${counter} = ${counter} + case when tg_op = 'INSERT' then 1 else -1 end
              where ${statsKey} = one_key;
            if not found and tg_op = 'INSERT' then
              insert into ${stats} as s (${statsKey}, ${counter}) values (one_key, 1)
                on conflict (${statsKey}) do update set ${counter} = s.${counter} + 1;
            end if;
          elsif tg_op = 'INSERT' then
            insert into ${stats} as s (${statsKey}, ${counter}) select ${rowKey}, count(*) from changed_rows group by 1 order by 1
              on conflict (${statsKey}) do update set ${counter} = s.${counter} + excluded.${counter};
          elsif changed > 1 then
            perform from ${stats} where ${statsKey} in (select ${rowKey} from changed_rows) order by ${statsKey} for no key update;
            update ${stats} s set ${counter} = s.${counter} - d.n
              from (select ${rowKey} as k, count(*) as n from changed_rows group by 1) d where s.${statsKey} = d.k;
          end if;
          return null;
        end $$;`);
    }
  }

  override async down(): Promise<void> {
    // The functions as Migration20261127010000 wrote them.
    for (const [stats, statsKey, , rowKey, counter] of COUNTERS) {
      this.addSql(`create or replace function "feedline_count_${stats}_${counter}"() returns trigger language plpgsql as $$
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
    }
  }

}
