import { unlinkUser } from './safety-procedures.js';
import { BLOCK } from './safety.queries.js';

export const unblockUser = unlinkUser(BLOCK, 'Unblock a user (the follows stay ended)');
