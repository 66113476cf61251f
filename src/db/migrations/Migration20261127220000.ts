import { Migration } from '@mikro-orm/migrations';

/** The most tags one user follows (posts/tags.queries.ts names it too). */
const TAG_FOLLOWS_MAX = 1000;

/**
 * Tags (issue 41): a post's in order on its row, post_tags kept from it by triggers; a user's followed
 * tags counted and bounded. Quotes: the index a reader's quote count probes.
 */
export class Migration20261127220000 extends Migration {

  override async up(): Promise<void> {
    // In order of first appearance, read off the row as media is; post_tags (one key per tag, no
    // order) is what finds a tag's posts. Null without tags.
    this.addSql(`alter table "posts" add column "tags" varchar(50)[] null;`);
    // Row triggers, run once the row is written and locked: each of their statements sees every
    // earlier edit of the post committed, so concurrent edits leave post_tags as the row says.
    this.addSql(`create function "feedline_post_tags"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          delete from post_tags t where t.post_id = new.id and t.tag <> all(coalesce(new.tags, '{}'));
        end if;
        insert into post_tags (post_id, tag, author_id, created_at)
          select new.id, t.tag, new.author_id, new.created_at from unnest(new.tags) t(tag)
          on conflict do nothing;
        return null;
      end $$;`);
    this.addSql(`create trigger "posts_tags_insert" after insert on "posts"
      for each row when (new.tags is not null) execute function "feedline_post_tags"();`);
    this.addSql(`create trigger "posts_tags_update" after update of "tags" on "posts"
      for each row when (old.tags is distinct from new.tags) execute function "feedline_post_tags"();`);

    // A reader's count of a post's quotes leaves out those by users across a block: one probe each.
    this.addSql(`create index "posts_quote_of_author_index" on "posts" ("quote_of_id", "author_id") where "quote_of_id" is not null;`);

    // How many tags a user follows, bounded by a check: the trigger's update of the counter takes
    // its row's newest version, so of two follows at once only the one that fits commits.
    this.addSql(`alter table "user_stats" add column "tag_follow_count" int not null default 0;`);
    this.addSql(`alter table "user_stats" add constraint "user_stats_tag_follows_max" check ("tag_follow_count" <= ${TAG_FOLLOWS_MAX});`);
    this.addSql(`create function "feedline_count_user_stats_tag_follow_count"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into user_stats as s (user_id, tag_follow_count) select user_id, count(*) from changed_rows group by 1 order by 1
            on conflict (user_id) do update set tag_follow_count = s.tag_follow_count + excluded.tag_follow_count;
        else
          perform from user_stats where user_id in (select user_id from changed_rows) order by user_id for no key update;
          update user_stats s set tag_follow_count = s.tag_follow_count - d.n
            from (select user_id, count(*) as n from changed_rows group by 1) d where s.user_id = d.user_id;
        end if;
        return null;
      end $$;`);
    for (const [op, rows] of [['insert', 'new'], ['delete', 'old']] as const) {
      this.addSql(`create trigger "tag_follows_count_user_stats_${op}" after ${op} on "tag_follows" referencing ${rows} table as changed_rows
        for each statement execute function "feedline_count_user_stats_tag_follow_count"();`);
    }
  }

  override async down(): Promise<void> {
    for (const op of ['insert', 'delete']) this.addSql(`drop trigger "tag_follows_count_user_stats_${op}" on "tag_follows";`);
    this.addSql(`drop function "feedline_count_user_stats_tag_follow_count"();`);
    this.addSql(`alter table "user_stats" drop column "tag_follow_count";`);
    this.addSql(`drop index "posts_quote_of_author_index";`);
    this.addSql(`drop trigger "posts_tags_update" on "posts";`);
    this.addSql(`drop trigger "posts_tags_insert" on "posts";`);
    this.addSql(`drop function "feedline_post_tags"();`);
    this.addSql(`delete from "post_tags";`);
    this.addSql(`alter table "posts" drop column "tags";`);
  }

}
