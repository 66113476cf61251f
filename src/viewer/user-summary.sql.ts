import { z } from 'zod';
import { jsonArray, jsonFragment, jsonObject } from '../db/sql.js';
import { UserSummary } from './user-summary.schema.js';

/** The UserSummary shape built in PostgreSQL (see src/db/sql.ts, "SQL fragments"). */
export const userSummaryColumns = (u: string) =>
  `${u}.id, ${u}.first_name as "firstName", ${u}.last_name as "lastName", ${u}.avatar_url as "avatarUrl", ${u}.handle`;

export const userSummaryJson = jsonFragment(UserSummary, (u: string) => jsonObject(`select ${userSummaryColumns(u)}`));

/**
 * UserSummary rows, by user id, from `fromWhere` (which must name "users" as `u`); `byId` may name
 * the link table's copy of the id, whose index then gives the order without a sort.
 */
export const usersSelect = (u: string, fromWhere: string, byId = `${u}.id`, limit?: number) =>
  `select ${userSummaryColumns(u)} ${fromWhere} order by ${byId}${limit === undefined ? '' : ` limit ${limit}`}`;

/** A JSON array of UserSummary (see usersSelect). */
export const usersArray = jsonFragment(
  z.array(UserSummary),
  (u: string, fromWhere: string, byId?: string, limit?: number) => jsonArray(usersSelect(u, fromWhere, byId, limit)),
);
