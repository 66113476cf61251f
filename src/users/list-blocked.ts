import { listLinkedUsers } from './safety-procedures.js';
import { BLOCK } from './safety.queries.js';

export const listBlocked = listLinkedUsers(BLOCK, 'Users the caller blocks, newest block first');
