import { badRequest } from '../platform/errors.js';
import { defineList } from '../trpc/lists.js';
import { byIdInput, pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { SUMMARY_MAX_JSON_BYTES, UserSummary } from '../viewer/user-summary.schema.js';
import {
  assertLinkCursor,
  deleteSafetyLink,
  insertSafetyLink,
  selectSafetyLinks,
  type SafetyLink,
} from './safety.queries.js';

/*
 * Block and mute share their rules (docs/safety.md): each verb's procedure is built here from its
 * link, and each has its own file beside the other users procedures.
 */

const verbs = { blocks: 'block', mutes: 'mute' } as const;

/** POST /users/{id}/block and /users/{id}/mute: answers the target's summary. */
export function linkUser(link: SafetyLink, summary: string) {
  const verb = verbs[link.table];
  return authedProcedure
    .meta({
      openapi: { method: 'POST', path: `/users/{id}/${verb}`, tags: ['users'], summary },
      errors: { 400: `Invalid ID, the caller themself, or already ${link.done}`, 404: 'No user with that ID' },
    })
    .input(byIdInput)
    .output(UserSummary)
    .mutation(async ({ ctx, input: { id } }) => {
      if (id === ctx.user.userId) throw badRequest(`You cannot ${verb} yourself`);
      const target = await insertSafetyLink(ctx.em, link, ctx.user.userId, id);
      // A block changes what the blocked user may read too: their next reads, on any node, go
      // where it is visible (the caller's are recorded as every writer's are).
      if (link.table === 'blocks') await ctx.services.reads?.recordWrite(id);
      return target;
    });
}

/** DELETE /users/{id}/block and /users/{id}/mute: answers the target's summary. */
export function unlinkUser(link: SafetyLink, summary: string) {
  const verb = verbs[link.table];
  return authedProcedure
    .meta({
      openapi: { method: 'DELETE', path: `/users/{id}/${verb}`, tags: ['users'], summary },
      errors: { 400: `Invalid ID, the caller themself, or not ${link.done}`, 404: 'No user with that ID' },
    })
    .input(byIdInput)
    .output(UserSummary)
    .mutation(({ ctx, input: { id } }) => {
      if (id === ctx.user.userId) throw badRequest(`You cannot un${verb} yourself`);
      return deleteSafetyLink(ctx.em, link, ctx.user.userId, id);
    });
}

/** GET /users/me/blocked and /users/me/muted: newest first, keyset paged by the user ids it lists. */
export const listLinkedUsers = (link: SafetyLink, summary: string) =>
  defineList(authedProcedure, {
    openapi: { path: `/users/me/${link.done}`, tags: ['users'], summary },
    errors: { 400: `Invalid limit or before, or before names no ${link.done} user` },
    input: pageInput,
    item: UserSummary,
    itemMaxBytes: SUMMARY_MAX_JSON_BYTES,
    rows: (input, userId) => selectSafetyLinks(link, userId, input),
    whenEmpty: (ctx, { before }) => assertLinkCursor(ctx.em, link, ctx.user.userId, before),
  });
