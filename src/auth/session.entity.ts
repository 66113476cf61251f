import { defineEntity } from '@mikro-orm/core';
import { UserEntity } from '../users/user.entity.js';

/** A login. The token's `jti` names it; logout revokes it for every process sharing the database. */
export const SessionEntity = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: (p) => ({
    jti: p.uuid().primary(),
    user: p.manyToOne(UserEntity).deleteRule('cascade').index('sessions_user_id_index'),
    expiresAt: p.datetime(3).index('sessions_expires_at_index'),
    revokedAt: p.datetime(3).nullable(),
    createdAt: p.datetime(3).defaultRaw('now()'),
    // The user's users.block_count and mute_count, copied by triggers: the hot statements read the
    // session row anyway, and these tell them whether any block or mute check is needed.
    blockCount: p.integer().default(0),
    muteCount: p.integer().default(0),
  }),
});
