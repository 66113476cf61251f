import { Migration } from '@mikro-orm/migrations';

export class Migration20261127210000 extends Migration {

  override async up(): Promise<void> {
    // A name as a handle's base: letters without their accents, lower-case, each run of anything
    // else one '_', at most 30; 'user' (or 'user_' before it) when that leaves fewer than 3. Accents
    // and the letters with none are undone before lower(), which leaves non-ASCII letters as they are
    // in a database of the C locale (the embedded one).
    this.addSql(`create function "feedline_handle_base"(first_name text, last_name text) returns text
      language sql immutable parallel safe as $$
        select case when length(b) >= 3 then b when b = '' then 'user' else 'user_' || b end
        from (select rtrim(left(trim(both '_' from regexp_replace(lower(
          replace(replace(replace(replace(replace(replace(replace(translate(
            regexp_replace(normalize(first_name || ' ' || last_name, NFKD), '[\\u0300-\\u036f]', '', 'g'),
            'øłđħıŧØŁĐĦŦ', 'oldhitOLDHT'), 'ß', 'ss'), 'æ', 'ae'), 'Æ', 'AE'), 'œ', 'oe'), 'Œ', 'OE'), 'þ', 'th'), 'Þ', 'TH')),
          '[^a-z0-9]+', '_', 'g')), 30), '_') as b) n
      $$;`);
    // A handle no user has, from the name: the base, then base2 … base20 (unless base20 is taken
    // already), then random 6-digit suffixes, wider while taken: a few probes however many namesakes.
    // Each candidate is probed on the unique key (a subquery per row, never an anti join over users). With serialize, derivations of one base
    // take turns, and each query of this volatile function sees what the one before committed, so
    // concurrent signups of one name both succeed.
    this.addSql(`create function "feedline_free_handle"(first_name text, last_name text, serialize boolean default true)
      returns text language plpgsql volatile as $$
        declare
          base text := feedline_handle_base(first_name, last_name);
          found text;
          width int := 6;
        begin
          if serialize then perform pg_advisory_xact_lock(41, hashtext(base)); end if;
          if not exists (select from users u where u.handle = base) then return base; end if;
          if not exists (select from users u where u.handle = rtrim(left(base, 28), '_') || '20') then
            select k.c into found from (
                select rtrim(left(base, 30 - length(g::text)), '_') || g as c, g as n from generate_series(2, 20) g
              ) k where (select u.id from users u where u.handle = k.c) is null order by k.n limit 1;
          end if;
          while found is null loop
            select k.c into found from (
                select rtrim(left(base, 29 - width), '_') || '_' || lpad(floor(random() * 10 ^ width)::bigint::text, width, '0') as c
                from generate_series(1, 10)
              ) k where (select u.id from users u where u.handle = k.c) is null limit 1;
            width := least(width + 1, 9);
          end loop;
          return found;
        end $$;`);
    // Any other insert without a handle (a bulk one, say) gets one derived too; rows the statement
    // inserted before are seen, so they all differ.
    this.addSql(`create function "feedline_users_handle"() returns trigger language plpgsql as $$
        begin
          new.handle := feedline_free_handle(new.first_name, new.last_name, false);
          return new;
        end $$;`);
    this.addSql(`alter table "users" add column "handle" varchar(30) null;`);
    this.addSql(`alter table "users" add constraint "users_handle_unique" unique ("handle");`);
    // Existing accounts: the oldest of each base gets it as it is, set-based; the others, one
    // statement, a free one each (the function sees the rows this statement already set).
    this.addSql(`update "users" u set "handle" = b.base
      from (select distinct on (base) id, base from (select id, feedline_handle_base(first_name, last_name) as base from users) x
        order by base, id) b
      where u.id = b.id;`);
    this.addSql(`update "users" set "handle" = feedline_free_handle(first_name, last_name, false) where "handle" is null;`);
    this.addSql(`alter table "users" alter column "handle" set not null;`);
    this.addSql(`create trigger "users_handle_derived" before insert on "users" for each row when (new.handle is null)
      execute function "feedline_users_handle"();`);
    // Summaries stay index-only reads: the covering index carries the handle too.
    this.addSql(`drop index "users_summary_index";`);
    this.addSql(`create index "users_summary_index" on "users" ("id") include ("first_name", "last_name", "avatar_url", "handle");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "users_summary_index";`);
    this.addSql(`create index "users_summary_index" on "users" ("id") include ("first_name", "last_name", "avatar_url");`);
    this.addSql(`drop trigger "users_handle_derived" on "users";`);
    this.addSql(`alter table "users" drop column "handle";`);
    this.addSql(`drop function "feedline_users_handle"();`);
    this.addSql(`drop function "feedline_free_handle"(text, text, boolean);`);
    this.addSql(`drop function "feedline_handle_base"(text, text);`);
  }

}
