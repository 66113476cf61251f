import { defineEntity } from '@mikro-orm/core';
import { UserEntity } from './user.entity.js';

/**
 * blocker blocks blocked (docs/safety.md): the composite key makes a double block impossible. A
 * trigger keeps users.block_count (both sides) in step, so readers with no block skip the checks.
 */
export const BlockEntity = defineEntity({
  name: 'Block',
  tableName: 'blocks',
  properties: (p) => ({
    blocker: p.manyToOne(UserEntity).primary().deleteRule('cascade'),
    blocked: p.manyToOne(UserEntity).primary().deleteRule('cascade'),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
  indexes: [
    // Whether someone blocked a user, off the index alone (the primary key serves whom a user blocked).
    { name: 'blocks_blocked_blocker_index', properties: ['blocked', 'blocker'] },
    // A user's blocks newest first, a page at a time (GET /users/me/blocked).
    { name: 'blocks_blocker_created_index', properties: ['blocker', 'createdAt', 'blocked'] },
  ],
  checks: [{ name: 'blocks_not_self', expression: 'blocker_id <> blocked_id' }],
});

/** muter mutes muted: one-way, seen only by the muter. A trigger keeps users.mute_count in step. */
export const MuteEntity = defineEntity({
  name: 'Mute',
  tableName: 'mutes',
  properties: (p) => ({
    muter: p.manyToOne(UserEntity).primary().deleteRule('cascade'),
    muted: p.manyToOne(UserEntity).primary().deleteRule('cascade').index('mutes_muted_id_index'),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
  // A user's mutes newest first, a page at a time (GET /users/me/muted).
  indexes: [{ name: 'mutes_muter_created_index', properties: ['muter', 'createdAt', 'muted'] }],
  checks: [{ name: 'mutes_not_self', expression: 'muter_id <> muted_id' }],
});
