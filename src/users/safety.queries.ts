import { badRequest, notFound } from '../platform/errors.js';
import type { Page } from '../trpc/schemas.js';
import {
  type Database,
  type DriverStatement,
  keysSettle,
  namedStatement,
  runRows,
  StatementValues,
} from '../db/sql.js';
import { userSummaryJson } from '../viewer/user-summary.sql.js';
import type { UserSummary } from '../viewer/user-summary.schema.js';
import { USER_NOT_FOUND } from './users.queries.js';

/**
 * Blocks and mutes (docs/safety.md): each a link from the caller to a user, written and listed
 * the same way. A block's trigger (Migration20261126030000) ends the follows both ways in the
 * same transaction, so no read after it sees one.
 */
export interface SafetyLink {
  table: 'blocks' | 'mutes';
  from: 'blocker_id' | 'muter_id';
  to: 'blocked_id' | 'muted_id';
  /** Words for the 400s: "Already blocked", "Not blocked". */
  done: string;
}

export const BLOCK: SafetyLink = {
  table: 'blocks',
  from: 'blocker_id',
  to: 'blocked_id',
  done: 'blocked',
};

export const MUTE: SafetyLink = { table: 'mutes', from: 'muter_id', to: 'muted_id', done: 'muted' };

/** The target ($2) has not blocked the caller ($1): one who has is absent to them, as if there were no such user. */
const TARGET_PRESENT = 'not exists (select from blocks tb where tb.blocker_id = $2 and tb.blocked_id = $1)';

/** A link's three statements: write it, end it, and whether it exists (for a cursor). */
const linkStatements = (link: SafetyLink) => ({
  insert: namedStatement(
    `${link.table}_insert`,
    `with ins as (insert into ${link.table} (${link.from}, ${link.to}) select $1, $2 where ${TARGET_PRESENT}
      returning ${link.from}, ${link.to})
    select ${userSummaryJson('u')} as json from users u where u.id = $2 and ${TARGET_PRESENT}`,
  ),
  delete: namedStatement(
    `${link.table}_delete`,
    `with del as (delete from ${link.table} where ${link.from} = $1 and ${link.to} = $2 and ${TARGET_PRESENT} returning 1)
    select (select count(*)::int from del) as deleted, ${userSummaryJson('u')} as json from users u where u.id = $2 and ${TARGET_PRESENT}`,
  ),
  exists: namedStatement(
    `${link.table}_exists`,
    `select 1 from ${link.table} where ${link.from} = $1 and ${link.to} = $2`,
  ),
});

const LINK_STATEMENTS = { blocks: linkStatements(BLOCK), mutes: linkStatements(MUTE) };

/**
 * Writes the link from `userId` to `targetId` and answers the target's summary: one statement.
 * The keys settle a second one (400) and a missing target (404), even between concurrent requests;
 * a target who has blocked the caller is 404 too, and nothing is written.
 */
export async function insertSafetyLink(db: Database, link: SafetyLink, userId: number, targetId: number) {
  const [row] = await keysSettle(
    runRows<{ json: UserSummary }>(db, LINK_STATEMENTS[link.table].insert, [userId, targetId]),
    {
      unique: () => badRequest(`Already ${link.done}`),
      foreign: () => notFound(USER_NOT_FOUND),
    },
  );
  if (!row) throw notFound(USER_NOT_FOUND);
  return row.json;
}

/** Ends the link and answers the target's summary: one statement; 404 no such user (or one who blocked the caller), 400 no such link. */
export async function deleteSafetyLink(db: Database, link: SafetyLink, userId: number, targetId: number) {
  const [row] = await runRows<{ deleted: number; json: UserSummary }>(db, LINK_STATEMENTS[link.table].delete, [
    userId,
    targetId,
  ]);
  if (!row) throw notFound(USER_NOT_FOUND);
  if (row.deleted === 0) throw badRequest(`Not ${link.done}`);
  return row.json;
}

/**
 * The users `userId` links to, newest link first (ties by id), JSON as text, a keyset page after
 * the user `before` names when asked, off the (from, created_at, to) index: the list's one
 * statement (safety-procedures.ts).
 */
export function selectSafetyLinks(link: SafetyLink, userId: number, { limit, before }: Page): DriverStatement {
  const values = new StatementValues();
  const user = values.add(userId);
  const key = (alias: string) => `${alias}.created_at, ${alias}.${link.to}`;
  const cursor =
    before === undefined
      ? ''
      : `and (${key('l')}) < (select ${key('c')} from ${link.table} c where c.${link.from} = ${user} and c.${link.to} = ${values.add(before)})`;
  const page = limit === undefined ? '' : `limit ${values.add(limit)}`;
  return {
    text: `select ${userSummaryJson('u')}::text as json from ${link.table} l join users u on u.id = l.${link.to}
      where l.${link.from} = ${user} ${cursor} order by l.created_at desc, l.${link.to} desc ${page}`,
    values: values.values,
  };
}

/** For an empty list: 400 when `before` names no user of it (else it is the end of the list). */
export async function assertLinkCursor(db: Database, link: SafetyLink, userId: number, before: number | undefined) {
  if (before !== undefined) await assertLinked(db, link, userId, before);
}

async function assertLinked(db: Database, link: SafetyLink, userId: number, targetId: number): Promise<void> {
  if ((await runRows(db, LINK_STATEMENTS[link.table].exists, [userId, targetId])).length === 0)
    throw badRequest(`before names no ${link.done} user`);
}
