import { linkUser } from './safety-procedures.js';
import { BLOCK } from './safety.queries.js';

export const blockUser = linkUser(BLOCK, 'Block a user (mutual invisibility; ends the follows both ways)');
